import { mkdtemp, readdir, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DirectoryMediaStore } from "./store";

describe("DirectoryMediaStore", () => {
  let dir: string;
  let store: DirectoryMediaStore;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "vicinity-media-"));
    store = new DirectoryMediaStore(dir);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("keeps a variant made while its picture is there, and removes the picture with all its variants", async () => {
    await store.saveOriginal("pic1", Buffer.from("original"));
    expect(await store.variant("pic1", "w48.webp", async () => Buffer.from("small"))).toEqual({
      data: Buffer.from("small"),
      cached: false,
    });
    expect((await store.variant("pic1", "w48.webp", async () => Buffer.from("other"))).cached).toBe(true);
    await store.remove("pic1");
    expect(existsSync(store.originalPath("pic1"))).toBe(false);
    expect(existsSync(path.join(dir, "variants", "pic1"))).toBe(false);
  });

  it("keeps no variant of a picture removed while the variant was being made (no file, no directory)", async () => {
    await store.saveOriginal("pic2", Buffer.from("original"));
    let finish: (data: Buffer) => void = () => undefined;
    const making = store.variant("pic2", "w96.avif", () => new Promise<Buffer>((resolve) => (finish = resolve)));
    await store.remove("pic2");
    finish(Buffer.from("late"));
    await making;
    expect(existsSync(store.variantPath("pic2", "w96.avif"))).toBe(false);
    expect(existsSync(path.join(dir, "variants", "pic2"))).toBe(false);
    expect(await readdir(dir)).not.toContain("pic2");
  });

  it("keeps a standalone file that has no original (the map's tiles)", async () => {
    const made = await store.variant("map-tiles", "v1/11/556/843.png", async () => Buffer.from("tile"), {
      standalone: true,
    });
    expect(made.cached).toBe(false);
    expect((await store.variant("map-tiles", "v1/11/556/843.png", async () => Buffer.from("x"))).cached).toBe(true);
  });

  it("removes a picture whose variants are being written at the same moment", async () => {
    await store.saveOriginal("pic3", Buffer.from("original"));
    const writes = Array.from({ length: 20 }, (_, i) =>
      store.variant("pic3", `k${i}.webp`, async () => Buffer.alloc(50_000, i)).catch(() => null),
    );
    await expect(store.remove("pic3")).resolves.toBeUndefined();
    await Promise.all(writes);
    await store.remove("pic3");
    expect(existsSync(path.join(dir, "variants", "pic3"))).toBe(false);
  });
});
