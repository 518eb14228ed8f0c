import { afterEach, describe, expect, it, vi } from "vitest";
import {
  IMAGE_CACHE_CLEANUP_MS,
  IMAGE_CACHE_MAX_ENTRIES,
  IMAGE_CACHE_TTL_MS,
  ImageCache,
  type ImageCacheOptions,
} from "./image-cache";

/** A cache with a controllable clock, a counting fetcher and recorded object URLs. */
function setup(options: ImageCacheOptions = {}) {
  let time = 1_000_000;
  let counter = 0;
  const revoked: string[] = [];
  const fetcher = vi.fn(async (url: string, _init?: RequestInit) => new Response(`bytes of ${url}`, { status: 200 }));
  const cache = new ImageCache({
    fetcher,
    now: () => time,
    createObjectURL: () => `blob:test/${++counter}`,
    revokeObjectURL: (objectUrl) => revoked.push(objectUrl),
    ...options,
  });
  return {
    cache,
    fetcher,
    revoked,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

describe("ImageCache (spec: 50 entries, 1 hour, cleaned every 10 minutes)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("uses the spec's limits", () => {
    expect(IMAGE_CACHE_MAX_ENTRIES).toBe(50);
    expect(IMAGE_CACHE_TTL_MS).toBe(3_600_000);
    expect(IMAGE_CACHE_CLEANUP_MS).toBe(600_000);
  });

  it("fetches once with credentials, then answers the cached object URL", async () => {
    const { cache, fetcher } = setup();
    const first = await cache.get("/media/a");
    expect(first).toBe("blob:test/1");
    expect(fetcher).toHaveBeenCalledWith("/media/a", { credentials: "include" });
    expect(await cache.get("/media/a")).toBe("blob:test/1");
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(cache.size).toBe(1);
    expect(cache.peek("/media/a")).toBe("blob:test/1");
  });

  it("stores url, blob, objectUrl and timestamp", async () => {
    const stored: Blob[] = [];
    const { cache } = setup({
      createObjectURL: (blob) => {
        stored.push(blob);
        return "blob:test/x";
      },
    });
    await cache.get("/media/a");
    expect(stored).toHaveLength(1);
    expect(await stored[0]?.text()).toBe("bytes of /media/a");
  });

  it("evicts the oldest entry at the 51st, revoking its object URL", async () => {
    const { cache, fetcher, revoked, advance } = setup();
    for (let i = 1; i <= 50; i++) {
      await cache.get(`/media/${i}`);
      advance(1);
    }
    expect(cache.size).toBe(50);
    expect(revoked).toEqual([]);

    expect(await cache.get("/media/51")).toBe("blob:test/51");
    expect(cache.size).toBe(50);
    expect(revoked).toEqual(["blob:test/1"]);
    expect(cache.peek("/media/1")).toBeUndefined();
    expect(cache.peek("/media/2")).toBe("blob:test/2");

    // The evicted picture is fetched again when asked for.
    fetcher.mockClear();
    await cache.get("/media/1");
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(revoked).toEqual(["blob:test/1", "blob:test/2"]);
  });

  it("refetches an entry older than an hour, revoking the stale object URL", async () => {
    const { cache, fetcher, revoked, advance } = setup();
    await cache.get("/media/a");
    advance(IMAGE_CACHE_TTL_MS - 1);
    expect(await cache.get("/media/a")).toBe("blob:test/1");
    expect(fetcher).toHaveBeenCalledTimes(1);

    advance(1);
    expect(cache.peek("/media/a")).toBeUndefined();
    expect(await cache.get("/media/a")).toBe("blob:test/2");
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(revoked).toEqual(["blob:test/1"]);
    expect(cache.size).toBe(1);
  });

  it("cleanup() drops only expired entries and revokes them", async () => {
    const { cache, revoked, advance } = setup();
    await cache.get("/media/old");
    advance(30 * 60 * 1000);
    await cache.get("/media/new");
    advance(30 * 60 * 1000);

    cache.cleanup();
    expect(cache.size).toBe(1);
    expect(revoked).toEqual(["blob:test/1"]);
    expect(cache.peek("/media/new")).toBe("blob:test/2");
  });

  it("start() cleans every 10 minutes until stop()", async () => {
    vi.useFakeTimers();
    const { cache, revoked, advance } = setup();
    await cache.get("/media/a");
    cache.start();
    cache.start(); // A second start must not add a second timer.
    expect(cache.started).toBe(true);
    expect(vi.getTimerCount()).toBe(1);

    advance(IMAGE_CACHE_TTL_MS);
    vi.advanceTimersByTime(IMAGE_CACHE_CLEANUP_MS - 1);
    expect(cache.size).toBe(1);
    vi.advanceTimersByTime(1);
    expect(cache.size).toBe(0);
    expect(revoked).toEqual(["blob:test/1"]);

    cache.stop();
    expect(cache.started).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("answers the original URL on a network failure and does not cache it", async () => {
    const { cache, fetcher } = setup();
    fetcher.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    expect(await cache.get("/media/a")).toBe("/media/a");
    expect(cache.size).toBe(0);
    // Not remembered: the next get tries again and succeeds.
    expect(await cache.get("/media/a")).toBe("blob:test/1");
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it("answers the original URL on a non-OK response and does not cache it", async () => {
    const { cache, fetcher } = setup();
    fetcher.mockResolvedValueOnce(new Response("nope", { status: 404 }));
    expect(await cache.get("/media/missing")).toBe("/media/missing");
    expect(cache.size).toBe(0);
    expect(cache.peek("/media/missing")).toBeUndefined();
  });

  it("shares one fetch between concurrent gets of the same URL", async () => {
    const { cache, fetcher } = setup();
    let release: (response: Response) => void = () => {};
    fetcher.mockImplementationOnce(() => new Promise<Response>((resolve) => (release = resolve)));
    const a = cache.get("/media/a");
    const b = cache.get("/media/a");
    const other = cache.get("/media/b");
    release(new Response("x"));
    expect(await Promise.all([a, b])).toEqual(["blob:test/2", "blob:test/2"]);
    expect(await other).toBe("blob:test/1");
    expect(fetcher).toHaveBeenCalledTimes(2);

    // Once settled, a failure is not shared with later gets either.
    fetcher.mockRejectedValueOnce(new Error("down"));
    expect(await cache.get("/media/c")).toBe("/media/c");
    expect(await cache.get("/media/c")).toBe("blob:test/3");
  });

  it("does not fetch data: or blob: URLs", async () => {
    const { cache, fetcher } = setup();
    expect(await cache.get("data:image/png;base64,AAAA")).toBe("data:image/png;base64,AAAA");
    expect(await cache.get("blob:https://x/1")).toBe("blob:https://x/1");
    expect(fetcher).not.toHaveBeenCalled();
  });

  it("clear() revokes everything, and a fetch started before it does not refill the cache", async () => {
    const { cache, fetcher, revoked } = setup();
    await cache.get("/media/a");
    let release: (response: Response) => void = () => {};
    fetcher.mockImplementationOnce(() => new Promise<Response>((resolve) => (release = resolve)));
    const pending = cache.get("/media/b");
    cache.clear();
    expect(revoked).toEqual(["blob:test/1"]);
    release(new Response("x"));
    expect(await pending).toBe("/media/b");
    expect(cache.size).toBe(0);
  });
});
