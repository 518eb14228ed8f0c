import { describe, expect, it } from "vitest";
import { formatCountdown, toIsoDuration } from "./countdown";

describe("formatCountdown", () => {
  it("formats hours, minutes and seconds", () => {
    expect(formatCountdown(2 * 3600 + 48 * 60 + 15)).toBe("2h 48m 15s");
    expect(formatCountdown(2 * 3600 + 48 * 60 + 15, "hms")).toBe("2h 48m 15s");
    expect(formatCountdown(3600)).toBe("1h 0m 0s");
    expect(formatCountdown(9 * 60 + 5)).toBe("9m 5s");
    expect(formatCountdown(42)).toBe("42s");
  });

  it("formats a clock", () => {
    expect(formatCountdown(2 * 3600 + 48 * 60 + 15, "clock")).toBe("02:48:15");
    expect(formatCountdown(59, "clock")).toBe("00:00:59");
    expect(formatCountdown(100 * 3600, "clock")).toBe("100:00:00");
  });

  it("treats negative, fractional and non-finite input as whole non-negative seconds", () => {
    expect(formatCountdown(-5)).toBe("0s");
    expect(formatCountdown(-5, "clock")).toBe("00:00:00");
    expect(formatCountdown(61.9)).toBe("1m 1s");
    expect(formatCountdown(Number.NaN)).toBe("0s");
  });
});

describe("toIsoDuration", () => {
  it("builds an ISO 8601 duration", () => {
    expect(toIsoDuration(2 * 3600 + 48 * 60 + 15)).toBe("PT2H48M15S");
    expect(toIsoDuration(3600)).toBe("PT1H");
    expect(toIsoDuration(65)).toBe("PT1M5S");
    expect(toIsoDuration(0)).toBe("PT0S");
    expect(toIsoDuration(-3)).toBe("PT0S");
  });
});
