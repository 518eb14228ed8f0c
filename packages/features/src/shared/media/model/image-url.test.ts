import { afterEach, describe, expect, it, vi } from "vitest";
import { IMAGE_DEFAULT_QUALITY, IMAGE_QUALITIES, IMAGE_SIZES } from "@vicinity/contract";
import {
  IMAGE_PRESETS,
  avatarUrl,
  optimizedImageUrl,
  profileImageUrl,
  supportedImageFormat,
  thumbnailUrl,
} from "./image-url";

const ORIGIN = "https://vicinity.example";
const params = (url: string) => Object.fromEntries(new URL(url, ORIGIN).searchParams);

describe("optimizedImageUrl (spec: image URL options)", () => {
  it("adds w, h and q to our own relative picture paths, q defaulting to 80", () => {
    expect(IMAGE_DEFAULT_QUALITY).toBe(80);
    expect(optimizedImageUrl("/media/abc", { w: 320, h: 320 }, ORIGIN)).toBe("/media/abc?w=320&h=320&q=80");
    expect(optimizedImageUrl("/media/abc", {}, ORIGIN)).toBe("/media/abc?q=80");
    expect(optimizedImageUrl("/media/abc")).toBe("/media/abc?q=80");
  });

  it("adds f only when a format is chosen; otherwise the server negotiates by Accept", () => {
    expect(params(optimizedImageUrl("/media/abc", { w: 48, f: "avif" }, ORIGIN))).toEqual({
      w: "48",
      q: "80",
      f: "avif",
    });
    expect(params(optimizedImageUrl("/media/abc", { w: 48 }, ORIGIN))).not.toHaveProperty("f");
  });

  it("keeps existing query parameters and the hash, replacing only its own", () => {
    expect(optimizedImageUrl("/media/abc?v=3&q=10#top", { w: 96, q: 50 }, ORIGIN)).toBe("/media/abc?v=3&q=50&w=96#top");
  });

  it("treats same-origin absolute URLs as ours", () => {
    expect(optimizedImageUrl(`${ORIGIN}/media/abc?v=1`, { w: 64 }, ORIGIN)).toBe(`${ORIGIN}/media/abc?v=1&w=64&q=80`);
  });

  it("leaves data:, blob:, foreign hosts and non-media paths untouched", () => {
    const untouched = [
      "data:image/png;base64,iVBORw0KGgo=",
      "blob:https://vicinity.example/1f0c6d4e-2a3b",
      "https://cdn.other.example/media/abc",
      "//cdn.other.example/media/abc",
      `${ORIGIN}/avatars/abc.png`,
      "/static/logo.png",
      "media/abc",
      "",
    ];
    for (const url of untouched) expect(optimizedImageUrl(url, { w: 48 }, ORIGIN)).toBe(url);
  });

  it("does not treat absolute URLs as ours when the origin is unknown (server side)", () => {
    expect(optimizedImageUrl(`${ORIGIN}/media/abc`, { w: 48 }, undefined)).toBe(`${ORIGIN}/media/abc`);
  });

  it("keeps values the server would refuse in range", () => {
    expect(params(optimizedImageUrl("/media/a", { w: 10_000, h: 0, q: 250 }, ORIGIN))).toEqual({
      w: "2560",
      h: "48",
      q: "90",
    });
    expect(params(optimizedImageUrl("/media/a", { w: 47.6, q: Number.NaN }, ORIGIN))).toEqual({ w: "48", q: "80" });
  });

  it("asks for the canonical variant the server renders: sizes snapped up, quality to the nearest", () => {
    expect(params(optimizedImageUrl("/media/a", { w: 101, h: 140, q: 70 }, ORIGIN))).toEqual({
      w: "112",
      h: "150",
      q: "75",
    });
    expect(params(optimizedImageUrl("/media/a", { w: 481, q: 88 }, ORIGIN))).toEqual({ w: "640", q: "90" });
    for (const w of IMAGE_SIZES) {
      for (const q of IMAGE_QUALITIES)
        expect(params(optimizedImageUrl("/media/a", { w, q }, ORIGIN))).toEqual({ w: String(w), q: String(q) });
    }
  });
});

describe("presets (spec: avatar 48 px q 85, profile 200 px q 90, thumbnail 150x150 q 75)", () => {
  it("declares the preset values", () => {
    expect(IMAGE_PRESETS).toEqual({
      avatar: { w: 48, h: 48, q: 85 },
      profile: { w: 200, q: 90 },
      thumbnail: { w: 150, h: 150, q: 75 },
    });
  });

  it("builds the preset URLs", () => {
    expect(avatarUrl("/media/u1")).toBe("/media/u1?w=48&h=48&q=85");
    expect(avatarUrl("/media/u1", 96)).toBe("/media/u1?w=96&h=96&q=85");
    expect(profileImageUrl("/media/u1")).toBe("/media/u1?w=200&q=90");
    expect(thumbnailUrl("/media/u1")).toBe("/media/u1?w=150&h=150&q=75");
    expect(thumbnailUrl("https://elsewhere.example/x.jpg")).toBe("https://elsewhere.example/x.jpg");
  });
});

describe("supportedImageFormat", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("claims nothing without a document (server, tests)", () => {
    expect(supportedImageFormat()).toBeUndefined();
  });

  it("reports webp when a canvas can encode it, nothing otherwise", () => {
    const canvasEncoding = (dataUrl: string) => ({
      createElement: () => ({ width: 0, height: 0, toDataURL: () => dataUrl }),
    });
    vi.stubGlobal("document", canvasEncoding("data:image/webp;base64,UklGR"));
    expect(supportedImageFormat()).toBe("webp");
    vi.stubGlobal("document", canvasEncoding("data:image/png;base64,iVBOR"));
    expect(supportedImageFormat()).toBeUndefined();
  });
});
