import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  API_PATHS,
  MEMBER_HOME_META,
  NEARBY_DEFAULT_RADIUS_KM,
  NO_MEMBER_FILTERS,
  nearbySearchPath,
} from "@vicinity/contract";
import { locations } from "../db/schema";
import { guestCookie, registerMember, startTestServer, type TestServer } from "../test/harness";

/**
 * "/" is the prerendered landing page for visitors only (docs/decisions/0019, 0028); a member
 * gets the app's page that names his home's chunks.
 */
describe("the page at /", () => {
  let t: TestServer;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), "vicinity-dist-"));
    mkdirSync(path.join(webDist, "assets"));
    writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>app</title><div id=root></div>");
    writeFileSync(
      path.join(webDist, "landing.html"),
      "<!doctype html><title>landing</title><div id=root><h1>See who's around you</h1></div>",
    );
    writeFileSync(
      path.join(webDist, "home.html"),
      '<!doctype html><title>app</title><link rel="modulepreload" href="/assets/home.js"><div id=root></div>',
    );
    t = await startTestServer("pglite", { webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, cookie?: string) =>
    t.server.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

  it("is the landing page for a visitor, revalidated and varying by cookie", async () => {
    const res = await get("/");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>landing</title>");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers.vary).toMatch(/cookie/i);
  });

  it("is the landing page for a cookie that is no live session", async () => {
    expect((await get("/", "vicinity_sid=not-a-session")).body).toContain("<title>landing</title>");
  });

  it("is the app with his home's chunks named for a member, the plain app for a guest", async () => {
    const member = await registerMember(t.server, "landing.member@example.com");
    const home = await get("/", member.cookie);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<link rel="modulepreload" href="/assets/home.js">');
    expect(home.headers["content-type"]).toMatch(/^text\/html/);
    expect(home.headers["cache-control"]).toBe("private, no-cache");
    expect(home.headers.vary).toMatch(/cookie/i);
    const guest = await get("/", await guestCookie(t.server));
    expect(guest.statusCode).toBe(200);
    expect(guest.body).toContain("<title>app</title>");
    expect(guest.body).not.toContain("modulepreload");
    expect(guest.headers.vary).toMatch(/cookie/i);
  });

  it("names what a member's home fetches first: his current-user answer and, once he has shared a position, the members near it (0029)", async () => {
    const member = await registerMember(t.server, "landing.position@example.com");
    const before = (await get("/", member.cookie)).body;
    expect(before).toContain(`<meta name="${MEMBER_HOME_META}" content="">`);
    expect(before).toContain(
      `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${API_PATHS.currentUser}">`,
    );
    expect(before).not.toContain(API_PATHS.nearby);

    const shared = await t.server.app.inject({
      method: "PUT",
      url: API_PATHS.location,
      headers: { cookie: member.cookie },
      payload: { latitude: 30.3322, longitude: -81.6557 },
    });
    expect(shared.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(locations).where(eq(locations.userId, member.id));
    const snapped = { latitude: row!.snappedLatitude, longitude: row!.snappedLongitude };
    const page = (await get("/", member.cookie)).body;
    // His snapped position (what others see of him), never the exact one.
    expect(page).toContain(`<meta name="${MEMBER_HOME_META}" content="${snapped.latitude},${snapped.longitude}">`);
    expect(page).not.toContain("30.3322");
    const search = nearbySearchPath({ ...snapped, radius: NEARBY_DEFAULT_RADIUS_KM });
    expect(page).toContain(
      `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${search.replace(/&/g, "&amp;")}">`,
    );
    // The address is one the API answers for him, as the grid asks it.
    const answer = await t.server.app.inject({ method: "GET", url: search, headers: { cookie: member.cookie } });
    expect(answer.statusCode).toBe(200);
    expect(Array.isArray(answer.json())).toBe(true);
    // With filters he keeps, his first search carries them (the grid asks the very same address).
    const filters = { ...NO_MEMBER_FILTERS, ageMin: 30, positions: ["side", "top"] as const, photos: true };
    const kept = await t.server.app.inject({
      method: "PUT",
      url: API_PATHS.savedFilters,
      headers: { cookie: member.cookie },
      payload: filters,
    });
    expect(kept.statusCode).toBe(200);
    const filtered = nearbySearchPath({
      ...snapped,
      radius: NEARBY_DEFAULT_RADIUS_KM,
      filters: { ...filters, positions: ["top", "side"] },
    });
    const withFilters = (await get("/", member.cookie)).body;
    expect(withFilters).toContain(
      `<meta name="${MEMBER_HOME_META}" content="${snapped.latitude},${snapped.longitude}?ageMin=30&amp;position=top%2Cside&amp;photos=true">`,
    );
    expect(withFilters).toContain(`href="${filtered.replace(/&/g, "&amp;")}"`);
    expect(
      (await t.server.app.inject({ method: "GET", url: filtered, headers: { cookie: member.cookie } })).statusCode,
    ).toBe(200);
    // Filters in the page's own address win over his saved ones (the grid will use them).
    const fromAddress = (await get("/?bodyType=slim", member.cookie)).body;
    expect(fromAddress).toContain(`content="${snapped.latitude},${snapped.longitude}?bodyType=slim">`);
    // Another member's page names his own place, not this one's.
    const other = await registerMember(t.server, "landing.position.other@example.com");
    expect((await get("/", other.cookie)).body).toContain(`<meta name="${MEMBER_HOME_META}" content="">`);
  });

  it("leaves every other page to the app, whoever asks (a member's other pages do not load his home)", async () => {
    const member = await registerMember(t.server, "landing.other.pages@example.com");
    for (const url of ["/join", "/browse", "/no/such/page"]) {
      for (const cookie of [undefined, member.cookie]) {
        const body = (await get(url, cookie)).body;
        expect(body).toContain("<title>app</title>");
        expect(body).not.toContain("modulepreload");
      }
    }
  });

  it("is the plain app for a member where the build has no home page", async () => {
    const older = mkdtempSync(path.join(tmpdir(), "vicinity-dist-"));
    writeFileSync(path.join(older, "index.html"), "<!doctype html><title>app</title><div id=root></div>");
    writeFileSync(path.join(older, "landing.html"), "<!doctype html><title>landing</title><div id=root></div>");
    const other = await startTestServer("pglite", { webDist: older });
    try {
      const member = await registerMember(other.server, "landing.no.home@example.com");
      const res = await other.server.app.inject({ method: "GET", url: "/", headers: { cookie: member.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<title>app</title>");
    } finally {
      await other.close();
      rmSync(older, { recursive: true, force: true });
    }
  });

  it("is the app where the build has no landing page", async () => {
    const bare = mkdtempSync(path.join(tmpdir(), "vicinity-dist-"));
    writeFileSync(path.join(bare, "index.html"), "<!doctype html><title>app</title><div id=root></div>");
    const other = await startTestServer("pglite", { webDist: bare });
    try {
      expect((await other.server.app.inject({ method: "GET", url: "/" })).body).toContain("<title>app</title>");
    } finally {
      await other.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
