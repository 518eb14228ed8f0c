import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { nearbySearchPath, NEARBY_DEFAULT_RADIUS_KM, NO_MEMBER_FILTERS, API_PATHS } from "@vicinity/contract";
import { lastKnownLocation, nearbyKeys, setLastKnownLocation, currentUserQueryKey } from "@vicinity/features/shared";

// The home's parts are chunks of their own; here, modules that arrive at once.
vi.mock("../components/signed-in-home", () => ({ SignedInHome: () => null }));
vi.mock("../components/member-session", () => ({ MemberSession: () => null }));
vi.mock("../components/app-header", () => ({ AppHeader: () => null }));

const { FIRST_PAINT_WAIT_MS, memberHomePageOf, startFirstLoad } = await import("./load-on-demand");

const member = {
  id: "7d1c1b5e-2f4e-4a53-9a43-3c1b0f1d2e3f",
  username: "jax",
  email: "jax@example.com",
  firstName: "Jax",
  isAdmin: false,
  isAnonymous: false,
  emailVerified: true,
};
const here = { latitude: 30.3322, longitude: -81.6557 };

describe("memberHomePageOf", () => {
  it("reads the place the page names", () => {
    expect(memberHomePageOf("30.3322,-81.6557")).toEqual({ position: here });
    expect(memberHomePageOf("-33.9,151.2")).toEqual({ position: { latitude: -33.9, longitude: 151.2 } });
  });

  it("reads his filters after the place (a cut or broken query: only what is valid; without a place too)", () => {
    expect(memberHomePageOf("30.3322,-81.6557?ageMin=30&position=top%2Cside&photos=true")).toEqual({
      position: here,
      filters: { ...NO_MEMBER_FILTERS, ageMin: 30, positions: ["top", "side"], photos: true },
    });
    expect(memberHomePageOf("30.3322,-81.6557?colour=red")).toEqual({ position: here });
    expect(memberHomePageOf("?ageMin=30")).toEqual({ position: null, filters: { ...NO_MEMBER_FILTERS, ageMin: 30 } });
  });

  it("names no place for an empty or broken content", () => {
    for (const content of ["", ",", "30.3", "30.3,", "a,b", "30,-81,5", "91,0", "0,181", "Infinity,0"]) {
      expect(memberHomePageOf(content), content).toEqual({ position: null });
    }
  });
});

describe("startFirstLoad on a member's page at /", () => {
  let answers: Map<string, { resolve: (r: Response) => void }>;
  beforeEach(() => {
    answers = new Map();
    vi.stubGlobal("fetch", (url: string) => new Promise<Response>((resolve) => answers.set(url, { resolve })));
    // A device that never answers (a prompt he has not answered yet).
    vi.stubGlobal("navigator", { geolocation: { getCurrentPosition: () => undefined } });
    vi.useFakeTimers({ toFake: ["setTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setLastKnownLocation(null);
  });

  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

  it("settles once his current user and his first members have come, with both in the cache and his last place known", async () => {
    const queryClient = new QueryClient();
    let settled = false;
    void startFirstLoad(queryClient, "/", { position: here }).then(() => (settled = true));
    expect(lastKnownLocation()).toEqual({ ...here, source: "last-known" });
    const search = nearbySearchPath({ ...here, radius: NEARBY_DEFAULT_RADIUS_KM });
    await vi.waitFor(() => expect([...answers.keys()].sort()).toEqual([API_PATHS.currentUser, search].sort()));
    answers.get(API_PATHS.currentUser)!.resolve(json(member));
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false);
    answers.get(search)!.resolve(json([]));
    await vi.waitFor(() => expect(settled).toBe(true));
    expect(queryClient.getQueryData(currentUserQueryKey)).toMatchObject({ id: member.id });
    expect(
      queryClient.getQueryData(nearbyKeys.list({ ...here, radius: NEARBY_DEFAULT_RADIUS_KM, sort: "nearest" })),
    ).toMatchObject({ pages: [{ users: [] }] });
  });

  it("asks his first members with the filters he keeps, under the key his grid reads them by", async () => {
    const queryClient = new QueryClient();
    const filters = { ...NO_MEMBER_FILTERS, ageMin: 30, positions: ["top" as const] };
    void startFirstLoad(queryClient, "/", { position: here, filters });
    const search = nearbySearchPath({ ...here, radius: NEARBY_DEFAULT_RADIUS_KM, filters });
    expect(search).toContain("ageMin=30&position=top");
    await vi.waitFor(() => expect(answers.has(search)).toBe(true));
    answers.get(search)!.resolve(json([]));
    await vi.waitFor(() =>
      expect(
        queryClient.getQueryData(
          nearbyKeys.list({ ...here, radius: NEARBY_DEFAULT_RADIUS_KM, sort: "nearest", filters }),
        ),
      ).toMatchObject({ pages: [{ users: [] }] }),
    );
  });

  it("waits at most FIRST_PAINT_WAIT_MS: a slow network gets the loading states", async () => {
    let settled = false;
    void startFirstLoad(new QueryClient(), "/", { position: null }).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(FIRST_PAINT_WAIT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });

  it("forgets his place once another member is signed in", async () => {
    const queryClient = new QueryClient();
    void startFirstLoad(queryClient, "/", { position: here });
    await vi.waitFor(() => expect(answers.has(API_PATHS.currentUser)).toBe(true));
    answers.get(API_PATHS.currentUser)!.resolve(json(member));
    await vi.waitFor(() => expect(queryClient.getQueryData(currentUserQueryKey)).toBeTruthy());
    expect(lastKnownLocation()).not.toBeNull();
    queryClient.setQueryData(currentUserQueryKey, { ...member, id: "0b7a4f7e-9d0c-4c3e-8f57-6a3f4c2f9e11" });
    expect(lastKnownLocation()).toBeNull();
  });

  it("settles at once off his page (another address, or the app's plain page)", async () => {
    await expect(startFirstLoad(new QueryClient(), "/messages", { position: here })).resolves.toBeUndefined();
    await expect(startFirstLoad(new QueryClient(), "/", null)).resolves.toBeUndefined();
    expect(lastKnownLocation()).toBeNull();
  });
});
