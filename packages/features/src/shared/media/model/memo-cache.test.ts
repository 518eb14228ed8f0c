import { describe, expect, it, vi } from "vitest";
import { MEMO_CACHE_MAX_ENTRIES, MemoCache, memoize } from "./memo-cache";

describe("MemoCache (spec: at most 100 entries)", () => {
  it("holds at most 100 entries, evicting the oldest at the 101st", () => {
    expect(MEMO_CACHE_MAX_ENTRIES).toBe(100);
    const cache = new MemoCache<number, string>();
    for (let i = 1; i <= 100; i++) cache.set(i, `v${i}`);
    expect(cache.size).toBe(100);
    cache.set(101, "v101");
    expect(cache.size).toBe(100);
    expect(cache.has(1)).toBe(false);
    expect(cache.get(2)).toBe("v2");
    expect(cache.get(101)).toBe("v101");
  });

  it("is least-recently-used: a get refreshes an entry so the next-oldest goes instead", () => {
    const cache = new MemoCache<number, string>();
    for (let i = 1; i <= 100; i++) cache.set(i, `v${i}`);
    expect(cache.get(1)).toBe("v1");
    cache.set(101, "v101");
    expect(cache.has(1)).toBe(true);
    expect(cache.has(2)).toBe(false);
    // Overwriting also counts as a use.
    cache.set(3, "v3b");
    cache.set(102, "v102");
    expect(cache.get(3)).toBe("v3b");
    expect(cache.has(4)).toBe(false);
  });

  it("has() does not refresh, and undefined values are held", () => {
    const cache = new MemoCache<string, number | undefined>(2);
    cache.set("a", undefined);
    cache.set("b", 2);
    expect(cache.has("a")).toBe(true);
    cache.set("c", 3);
    expect(cache.has("a")).toBe(false);
    expect(() => new MemoCache(0)).toThrow(RangeError);
  });
});

describe("memoize", () => {
  it("computes once per key and is bounded by the memo cache", () => {
    const square = vi.fn((n: number) => n * n);
    const memo = memoize(square);
    expect(memo(3)).toBe(9);
    expect(memo(3)).toBe(9);
    expect(square).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 150; i++) memo(i);
    expect(memo.cache.size).toBe(100);
  });

  it("keys several arguments together, or by keyOf", () => {
    const add = vi.fn((a: number, b: number) => a + b);
    const memo = memoize(add);
    expect(memo(1, 2)).toBe(3);
    expect(memo(2, 1)).toBe(3);
    expect(memo(1, 2)).toBe(3);
    expect(add).toHaveBeenCalledTimes(2);

    const byId = vi.fn((user: { id: string; name: string }) => user.name.toUpperCase());
    const memoById = memoize(byId, (user) => user.id);
    expect(memoById({ id: "1", name: "sam" })).toBe("SAM");
    expect(memoById({ id: "1", name: "ignored" })).toBe("SAM");
    expect(byId).toHaveBeenCalledTimes(1);
  });

  it("forgets a rejected promise so the next call retries", async () => {
    const load = vi
      .fn<(id: string) => Promise<string>>()
      .mockRejectedValueOnce(new Error("down"))
      .mockResolvedValueOnce("ok");
    const memo = memoize(load);
    await expect(memo("a")).rejects.toThrow("down");
    expect(await memo("a")).toBe("ok");
    expect(await memo("a")).toBe("ok");
    expect(load).toHaveBeenCalledTimes(2);
  });
});
