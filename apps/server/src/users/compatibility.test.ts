import { describe, expect, it } from "vitest";
import { compatibility, COMPATIBILITY_MAX, NEUTRAL_PART, sharedInterests } from "./compatibility";

describe("compatibility", () => {
  it("is 100 for two men of one age sharing three interests in the same spot", () => {
    const c = compatibility(
      { age: 30, interests: ["Hiking", "jazz", "Dogs"] },
      { age: 31, interests: ["dogs", "hiking", "Jazz", "Chess"] },
      0,
    );
    expect(c).toEqual({
      score: 100,
      sharedInterests: ["dogs", "hiking", "Jazz"],
      parts: { interests: 50, age: 25, distance: 25 },
    });
  });

  it("gives about 17 points a shared interest, full at three", () => {
    const base = { age: null, interests: ["a", "b", "c", "d"] };
    expect(compatibility(base, { age: null, interests: [] }, null).parts.interests).toBe(0);
    expect(compatibility(base, { age: null, interests: ["a"] }, null).parts.interests).toBe(17);
    expect(compatibility(base, { age: null, interests: ["a", "B"] }, null).parts.interests).toBe(33);
    expect(compatibility(base, { age: null, interests: ["a", "b", "c", "d"] }, null).parts.interests).toBe(
      COMPATIBILITY_MAX.interests,
    );
  });

  it("falls with the age gap: full within 2 years, nothing at 20", () => {
    const at = (gap: number) =>
      compatibility({ age: 30, interests: [] }, { age: 30 + gap, interests: [] }, null).parts.age;
    expect(at(2)).toBe(25);
    expect(at(-2)).toBe(25);
    expect(at(11)).toBe(13);
    expect(at(20)).toBe(0);
    expect(at(40)).toBe(0);
  });

  it("falls with distance to nothing at 50 km; a hidden distance is neutral", () => {
    const at = (km: number | null) =>
      compatibility({ age: null, interests: [] }, { age: null, interests: [] }, km).parts.distance;
    expect(at(0)).toBe(25);
    expect(at(10)).toBe(20);
    expect(at(25)).toBe(13);
    expect(at(80)).toBe(0);
    expect(at(null)).toBe(NEUTRAL_PART);
  });

  it("is the sum of its parts and deterministic", () => {
    const a = { age: 28, interests: ["Gym", "Travel"] };
    const b = { age: 35, interests: ["travel", "Cooking"] };
    const first = compatibility(a, b, 3.4);
    expect(first.score).toBe(first.parts.interests + first.parts.age + first.parts.distance);
    expect(compatibility(a, b, 3.4)).toEqual(first);
  });

  it("matches interests ignoring case and spaces, in the member's own words", () => {
    expect(sharedInterests([" Art "], ["art", "ART ", "music"])).toEqual(["art", "ART "]);
  });
});
