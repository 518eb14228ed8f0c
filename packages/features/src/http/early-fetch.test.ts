import { afterEach, describe, expect, it, vi } from "vitest";
import { EARLY_FETCH_FRESH_MS, fetchEarly, takeEarlyFetch } from "./early-fetch";

afterEach(() => vi.unstubAllGlobals());

function stubFetch() {
  const fetch = vi.fn((url: string) => Promise.resolve(new Response(JSON.stringify({ url }))));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("fetchEarly and takeEarlyFetch", () => {
  it("start the request at once, with the session's cookies, and hand its answer to the first taker only", async () => {
    const fetch = stubFetch();
    fetchEarly("/api/users/nearby?latitude=1", 1_000);
    expect(fetch).toHaveBeenCalledWith("/api/users/nearby?latitude=1", { credentials: "include" });
    const taken = takeEarlyFetch("/api/users/nearby?latitude=1", 2_000);
    expect(await (await taken!).json()).toEqual({ url: "/api/users/nearby?latitude=1" });
    // A body is read once: the next caller asks again.
    expect(takeEarlyFetch("/api/users/nearby?latitude=1", 2_000)).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("give nothing for another address", () => {
    stubFetch();
    fetchEarly("/api/users/nearby?latitude=1", 1_000);
    expect(takeEarlyFetch("/api/users/nearby?latitude=2", 1_000)).toBeNull();
    expect(takeEarlyFetch("/api/users/nearby?latitude=1", 1_000)).not.toBeNull();
  });

  it("drop an answer older than its freshness, so a later page asks the server again", () => {
    stubFetch();
    fetchEarly("/api/a", 1_000);
    expect(takeEarlyFetch("/api/a", 1_000 + EARLY_FETCH_FRESH_MS + 1)).toBeNull();
    expect(takeEarlyFetch("/api/a", 1_000)).toBeNull();
  });

  it("leave a failed request's error to its taker, and raise nothing when nobody takes it", async () => {
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    fetchEarly("/api/b", 1_000);
    fetchEarly("/api/c", 1_000);
    await expect(takeEarlyFetch("/api/b", 1_000)!).rejects.toThrow("Failed to fetch");
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off("unhandledRejection", unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
