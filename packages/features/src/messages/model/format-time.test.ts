import { describe, expect, it } from "vitest";
import { formatBubbleTime, formatDayHeading, formatListTime, localDayKey } from "./format-time";

/** A local time (whatever the machine's time zone), as the ISO string the server sends. */
const local = (year: number, month: number, day: number, hour = 12, minute = 0) =>
  new Date(year, month - 1, day, hour, minute).toISOString();

// Monday 23 November 2026, 10:30 local time.
const now = new Date(2026, 10, 23, 10, 30);

describe("formatBubbleTime", () => {
  it("is the 24-hour local time", () => {
    expect(formatBubbleTime(local(2026, 11, 23, 14, 5))).toBe("14:05");
    expect(formatBubbleTime(local(2026, 11, 23, 0, 7))).toBe("00:07");
    expect(formatBubbleTime(local(2026, 11, 23, 23, 59))).toBe("23:59");
  });

  it("is empty for a time it cannot read", () => {
    expect(formatBubbleTime("not a date")).toBe("");
  });
});

describe("formatListTime", () => {
  it("is the time today", () => {
    expect(formatListTime(local(2026, 11, 23, 0, 1), now)).toBe("00:01");
    expect(formatListTime(local(2026, 11, 23, 9, 5), now)).toBe("09:05");
  });

  it("reads a time slightly ahead of our clock as today", () => {
    expect(formatListTime(local(2026, 11, 23, 10, 31), now)).toBe("10:31");
  });

  it("is Yesterday the day before, even just before midnight", () => {
    expect(formatListTime(local(2026, 11, 22, 23, 59), now)).toBe("Yesterday");
    expect(formatListTime(local(2026, 11, 22, 0, 0), now)).toBe("Yesterday");
  });

  it("names the weekday within six days", () => {
    expect(formatListTime(local(2026, 11, 21), now)).toBe("Sat");
    expect(formatListTime(local(2026, 11, 17), now)).toBe("Tue");
  });

  it("gives the day and month a week or more back, with the year when it is another", () => {
    expect(formatListTime(local(2026, 11, 16), now)).toBe("16 Nov");
    expect(formatListTime(local(2026, 9, 3), now)).toBe("3 Sep");
    expect(formatListTime(local(2025, 11, 12), now)).toBe("12 Nov 2025");
  });

  it("counts calendar days across a new year", () => {
    const newYear = new Date(2027, 0, 1, 9, 0);
    expect(formatListTime(local(2026, 12, 31, 22, 0), newYear)).toBe("Yesterday");
    expect(formatListTime(local(2026, 12, 28), newYear)).toBe("Mon");
    expect(formatListTime(local(2026, 12, 20), newYear)).toBe("20 Dec 2026");
  });

  it("defaults to the current time", () => {
    expect(formatListTime(new Date().toISOString())).toMatch(/^\d\d:\d\d$/);
  });

  it("is empty for a time it cannot read", () => {
    expect(formatListTime("", now)).toBe("");
  });
});

describe("formatDayHeading", () => {
  it("says Today and Yesterday", () => {
    expect(formatDayHeading(local(2026, 11, 23, 8, 0), now)).toBe("Today");
    expect(formatDayHeading(local(2026, 11, 22, 23, 0), now)).toBe("Yesterday");
  });

  it("writes the weekday, day and month further back", () => {
    expect(formatDayHeading(local(2026, 11, 16), now)).toBe("Monday 16 November");
    expect(formatDayHeading(local(2026, 11, 21), now)).toBe("Saturday 21 November");
  });

  it("adds the year when it is not this one", () => {
    expect(formatDayHeading(local(2025, 11, 12), now)).toBe("Wednesday 12 November 2025");
  });
});

describe("localDayKey", () => {
  it("is the local date", () => {
    expect(localDayKey(local(2026, 3, 5, 0, 30))).toBe("2026-03-05");
  });

  it("is the same for two times of one local day and differs across midnight", () => {
    expect(localDayKey(local(2026, 11, 23, 0, 1))).toBe(localDayKey(local(2026, 11, 23, 23, 59)));
    expect(localDayKey(local(2026, 11, 22, 23, 59))).not.toBe(localDayKey(local(2026, 11, 23, 0, 0)));
  });
});

describe("times ahead of the clock", () => {
  it("reads a few hours ahead as today, but days ahead as the date", () => {
    const now = new Date(2026, 5, 13, 21, 30);
    expect(formatDayHeading(new Date(2026, 5, 14, 0, 10).toISOString(), now)).toBe("Today");
    expect(formatDayHeading(new Date(2026, 10, 21, 18, 2).toISOString(), now)).toBe("Saturday 21 November");
    expect(formatListTime(new Date(2026, 10, 21, 18, 2).toISOString(), now)).toBe("21 Nov");
  });
});
