import { describe, expect, it } from "vitest";
import {
  GUEST_IMAGE_MAX_SIDE,
  IMAGE_DEFAULT_QUALITY,
  IMAGE_MAX_SIDE,
  IMAGE_QUALITIES,
  IMAGE_SIZES,
  imageQuerySchema,
  snapImageQuery,
} from "./media";

describe("snapImageQuery (a fixed set of variants)", () => {
  it("lists every size and quality the client asks for, the guest thumbnail and the default quality", () => {
    for (const size of [48, 96, 112, 150, 200, 320, 480, 720, GUEST_IMAGE_MAX_SIDE])
      expect(IMAGE_SIZES).toContain(size);
    for (const quality of [75, 80, 85, 90, IMAGE_DEFAULT_QUALITY]) expect(IMAGE_QUALITIES).toContain(quality);
    expect(IMAGE_SIZES.at(-1)).toBe(IMAGE_MAX_SIDE);
    expect([...IMAGE_SIZES].sort((a, b) => a - b)).toEqual([...IMAGE_SIZES]);
  });

  it("keeps allowed values as they are", () => {
    for (const w of IMAGE_SIZES) expect(snapImageQuery({ w, h: w, q: 80 })).toEqual({ w, h: w, q: 80 });
    for (const q of IMAGE_QUALITIES) expect(snapImageQuery({ q }).q).toBe(q);
  });

  it("snaps w and h up to the next allowed size, capped at the largest", () => {
    expect(snapImageQuery({ w: 1, q: 80 })).toEqual({ w: 48, q: 80 });
    expect(snapImageQuery({ w: 49, h: 149, q: 80 })).toEqual({ w: 64, h: 150, q: 80 });
    expect(snapImageQuery({ w: 151, q: 80 }).w).toBe(200);
    expect(snapImageQuery({ w: 2561, q: 80 }).w).toBe(2560);
    expect(snapImageQuery({ h: 10_000, q: 80 })).toEqual({ h: 2560, q: 80 });
    expect(snapImageQuery({ w: 47.6, q: 80 }).w).toBe(48);
  });

  it("snaps q to the nearest allowed quality, the default when missing", () => {
    expect(snapImageQuery({}).q).toBe(IMAGE_DEFAULT_QUALITY);
    expect(snapImageQuery({ q: Number.NaN }).q).toBe(IMAGE_DEFAULT_QUALITY);
    expect([1, 20, 62, 63, 77, 78, 82, 83, 88, 100].map((q) => snapImageQuery({ q }).q)).toEqual([
      50, 50, 50, 75, 75, 80, 80, 85, 90, 90,
    ]);
  });

  it("keeps f and leaves out missing or non-finite sizes", () => {
    expect(snapImageQuery({ w: 101, f: "avif", q: 81 })).toEqual({ w: 112, q: 80, f: "avif" });
    expect(snapImageQuery({ w: Number.POSITIVE_INFINITY, h: Number.NaN })).toEqual({ q: 80 });
  });

  it("makes a handful of variants out of any number of sizes the schema accepts", () => {
    const variants = new Set<string>();
    for (let w = 1; w <= IMAGE_MAX_SIDE; w++) {
      for (const q of [1, 33, 66, 80, 99]) {
        const parsed = imageQuerySchema.parse({ w: String(w), q: String(q) });
        variants.add(JSON.stringify(snapImageQuery(parsed)));
      }
    }
    expect(variants.size).toBeLessThanOrEqual(IMAGE_SIZES.length * IMAGE_QUALITIES.length);
  });
});
