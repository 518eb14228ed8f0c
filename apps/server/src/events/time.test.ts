import { describe, expect, it } from "vitest";
import { localDayRange, weekendRange, zonedMidnight } from "./time";

describe("local days in a time zone", () => {
  it("finds local midnight, in winter and in summer time", () => {
    expect(new Date(zonedMidnight(2026, 1, 15, "America/New_York")).toISOString()).toBe("2026-01-15T05:00:00.000Z");
    expect(new Date(zonedMidnight(2026, 7, 15, "America/New_York")).toISOString()).toBe("2026-07-15T04:00:00.000Z");
    expect(new Date(zonedMidnight(2026, 7, 15, "Asia/Kolkata")).toISOString()).toBe("2026-07-14T18:30:00.000Z");
  });

  it("gives today's range where the viewer is, across a change of clocks", () => {
    // 8 March 2026, the day New York moves to summer time: 23 hours long.
    const [start, end] = localDayRange(Date.parse("2026-03-08T15:00:00Z"), "America/New_York");
    expect(new Date(start).toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(new Date(end).toISOString()).toBe("2026-03-09T04:00:00.000Z");
  });

  it("gives this weekend from Saturday to Monday, from now when it has begun", () => {
    // Wednesday 25 November 2026, noon in New York.
    const [start, end] = weekendRange(Date.parse("2026-11-25T17:00:00Z"), "America/New_York");
    expect(new Date(start).toISOString()).toBe("2026-11-28T05:00:00.000Z");
    expect(new Date(end).toISOString()).toBe("2026-11-30T05:00:00.000Z");
    const sunday = Date.parse("2026-11-29T15:00:00Z");
    expect(weekendRange(sunday, "America/New_York")).toEqual([sunday, Date.parse("2026-11-30T05:00:00Z")]);
  });
});
