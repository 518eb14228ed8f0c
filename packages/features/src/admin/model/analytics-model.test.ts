import { describe, expect, it } from "vitest";
import { analyticsFigures, changeOf, quietDay, type AnalyticsDay } from "@vicinity/contract/analytics";
import { customRangeError, rangeFromSearch, rangeText, resolveRange, searchOf } from "./analytics-range";
import { csvHref, toCsv } from "./csv";

const NOW = Date.parse("2026-06-13T21:30:00Z");
const day = (date: string, over: Partial<AnalyticsDay> = {}): AnalyticsDay => ({ ...quietDay(date), ...over });

describe("the analytics range", () => {
  it("reads the address: a preset, two days, or the last 30 days", () => {
    expect(rangeFromSearch(new URLSearchParams("range=7"))).toEqual({ preset: 7 });
    expect(rangeFromSearch(new URLSearchParams("from=2026-01-01&to=2026-01-31"))).toEqual({
      from: "2026-01-01",
      to: "2026-01-31",
    });
    for (const bad of [
      "range=12",
      "from=2026-02-30&to=2026-03-01",
      "from=2026-03-02&to=2026-03-01",
      "from=2020-01-01&to=2026-01-01",
      "",
    ]) {
      expect(rangeFromSearch(new URLSearchParams(bad))).toEqual({ preset: 30 });
    }
    expect(searchOf({ preset: 30 })).toBe("");
    expect(searchOf({ preset: 90 })).toBe("?range=90");
    expect(searchOf({ from: "2026-01-01", to: "2026-01-02" })).toBe("?from=2026-01-01&to=2026-01-02");
  });

  it("means the admin's days: in Tokyo it is already the 14th", () => {
    expect(resolveRange({ preset: 7 }, "UTC", NOW)).toEqual({ from: "2026-06-07", to: "2026-06-13" });
    expect(resolveRange({ preset: 7 }, "Asia/Tokyo", NOW)).toEqual({ from: "2026-06-08", to: "2026-06-14" });
  });

  it("says what is wrong with two days typed in", () => {
    expect(customRangeError("", "2026-06-01", "UTC", NOW)).toBe("Choose the first and the last day.");
    expect(customRangeError("2026-06-05", "2026-06-01", "UTC", NOW)).toBe(
      "The first day must be on or before the last.",
    );
    expect(customRangeError("2026-06-01", "2026-06-14", "UTC", NOW)).toBe("The last day cannot be after today.");
    expect(customRangeError("2026-06-01", "2026-06-14", "Asia/Tokyo", NOW)).toBeNull();
    expect(customRangeError("2025-01-01", "2026-06-01", "UTC", NOW)).toBe("A range can be at most 366 days.");
    expect(customRangeError("2026-05-01", "2026-06-01", "UTC", NOW)).toBeNull();
    expect(rangeText("2026-05-03", "2026-06-01")).toBe("3 May – 1 Jun 2026");
    expect(rangeText("2025-12-28", "2026-01-03")).toBe("28 Dec 2025 – 3 Jan 2026");
  });
});

describe("the figures", () => {
  it("sums counts, averages daily actives, takes the last day's weekly and monthly, and divides where it can", () => {
    const days = [
      day("2026-06-01", {
        signups: 3,
        dau: 100,
        wau: 300,
        mau: 600,
        reports: 1,
        conversationsStarted: 10,
        conversationsReplied: 4,
      }),
      day("2026-06-02", { signups: 1, dau: 300, wau: 350, mau: 700, blocks: 2, adImpressions: 200, adClicks: 5 }),
    ];
    const previous = [
      day("2026-05-30", { signups: 2, dau: 100, mau: 500 }),
      day("2026-05-31", { signups: 2, dau: 100, mau: 500 }),
    ];
    const f = Object.fromEntries(analyticsFigures({ days, previousDays: previous }).map((x) => [x.id, x]));
    expect(f.signups).toMatchObject({ value: 4, previous: 4 });
    expect(f.dau).toMatchObject({ value: 200, previous: 100 });
    expect(f.wau!.value).toBe(350);
    expect(f.mau!.value).toBe(700);
    expect(f.stickiness!.value).toBeCloseTo((100 / 600 + 300 / 700) / 2);
    expect(f.replyRate!.value).toBeCloseTo(0.4);
    expect(f.replyRate!.previous).toBeNull();
    expect(f.reportsPer1000!.value).toBeCloseTo(2.5);
    expect(f.blocksPer1000!.value).toBeCloseTo(5);
    expect(f.ctr!.value).toBeCloseTo(0.025);
    expect(changeOf(f.dau!)).toBeCloseTo(1);
    expect(changeOf(f.signups!)).toBe(0);
    expect(changeOf({ value: 3, previous: 0 })).toBeNull();
  });
});

describe("CSV", () => {
  it("quotes what needs quoting and ends every line with CRLF", () => {
    const csv = toCsv(
      ["Day", "Note", "Value"],
      [
        ["2026-06-01", 'He said "hi", then left', 1.5],
        ["2026-06-02", null, 2],
      ],
    );
    expect(csv).toBe('Day,Note,Value\r\n2026-06-01,"He said ""hi"", then left",1.5\r\n2026-06-02,,2\r\n');
    expect(decodeURIComponent(csvHref(csv).replace("data:text/csv;charset=utf-8,", ""))).toBe(csv);
  });
});
