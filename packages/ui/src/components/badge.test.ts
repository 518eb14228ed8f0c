import { describe, expect, it } from "vitest";
import { formatBadgeCount } from "./badge";

describe("formatBadgeCount", () => {
  it("shows the count up to 9, then 9+", () => {
    expect(formatBadgeCount(1)).toBe("1");
    expect(formatBadgeCount(9)).toBe("9");
    expect(formatBadgeCount(10)).toBe("9+");
    expect(formatBadgeCount(250)).toBe("9+");
  });

  it("is empty for zero, negatives and non-numbers", () => {
    expect(formatBadgeCount(0)).toBe("");
    expect(formatBadgeCount(-2)).toBe("");
    expect(formatBadgeCount(0.4)).toBe("");
    expect(formatBadgeCount(Number.NaN)).toBe("");
  });

  it("takes another maximum", () => {
    expect(formatBadgeCount(120, 99)).toBe("99+");
    expect(formatBadgeCount(99, 99)).toBe("99");
  });
});
