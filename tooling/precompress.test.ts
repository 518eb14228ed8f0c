import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { precompress } from "./precompress.mjs";

describe("precompress (the build's .br and .gz)", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("writes both encodings beside every text asset of 1 KB or more, and leaves the rest", () => {
    dir = mkdtempSync(path.join(tmpdir(), "precompress-"));
    mkdirSync(path.join(dir, "assets"));
    const js = "console.info('vicinity');\n".repeat(200);
    writeFileSync(path.join(dir, "assets/app.js"), js);
    writeFileSync(path.join(dir, "assets/small.css"), "a{}");
    writeFileSync(path.join(dir, "assets/photo.webp"), Buffer.alloc(5000, 7));
    const result = precompress(dir);
    expect(result.files).toBe(1);
    expect(brotliDecompressSync(readFileSync(path.join(dir, "assets/app.js.br"))).toString()).toBe(js);
    expect(gunzipSync(readFileSync(path.join(dir, "assets/app.js.gz"))).toString()).toBe(js);
    expect(result.afterBr).toBeLessThan(result.before / 10);
    expect(existsSync(path.join(dir, "assets/small.css.br"))).toBe(false);
    expect(existsSync(path.join(dir, "assets/photo.webp.br"))).toBe(false);
  });
});
