import { describe, expect, it } from "vitest";
import { formatAge, formatCompatibility, formatDistance, rightNowMinutesLeft } from "./format";

describe("card formats (spec section 2)", () => {
  it("shows km to one decimal", () => {
    expect(formatDistance({ distance: 0.2, distanceHidden: false })).toBe("0.2 km");
    expect(formatDistance({ distance: 12, distanceHidden: false })).toBe("12.0 km");
  });
  it("says 'Location unknown' without a distance and 'Distance hidden' in private mode", () => {
    expect(formatDistance({ distance: null, distanceHidden: false })).toBe("Location unknown");
    expect(formatDistance({ distance: null, distanceHidden: true })).toBe("Distance hidden");
  });
  it("writes ages as 'N years old'", () => {
    expect(formatAge(29)).toBe("29 years old");
    expect(formatAge(null)).toBeNull();
  });

  it("explains the match as decisions.md writes it", () => {
    const parts = { interests: 50, age: 20, distance: 12 };
    expect(formatCompatibility({ score: 82, sharedInterests: ["a", "b", "c"], parts })).toBe(
      "82% match · 3 shared interests",
    );
    expect(formatCompatibility({ score: 40, sharedInterests: ["a"], parts })).toBe("40% match · 1 shared interest");
    expect(formatCompatibility({ score: 31, sharedInterests: [], parts })).toBe("31% match");
    expect(formatCompatibility(null)).toBeNull();
  });
  it("counts Right Now minutes up, and zero once over", () => {
    const now = Date.parse("2026-11-23T10:00:00Z");
    expect(rightNowMinutesLeft("2026-11-23T10:42:10Z", now)).toBe(43);
    expect(rightNowMinutesLeft("2026-11-23T09:59:00Z", now)).toBe(0);
  });
});
