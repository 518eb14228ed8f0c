import { describe, expect, it } from "vitest";
import { dayHeader, eventTimeText, groupByDay } from "./time";
import { emptyEventForm, START_IN_FUTURE, validateEventForm } from "./form";

const NOW = Date.parse("2026-06-13T21:30:00Z");

describe("event times", () => {
  it("names days as Today, Tomorrow, then the weekday and date, in the member's zone", () => {
    expect(dayHeader("2026-06-13T23:00:00Z", "UTC", NOW)).toBe("Today");
    expect(dayHeader("2026-06-13T23:00:00Z", "Europe/Berlin", NOW)).toBe("Tomorrow");
    expect(dayHeader("2026-11-28T12:00:00Z", "UTC", NOW)).toBe("Saturday 28 November");
    expect(dayHeader("2027-01-02T12:00:00Z", "UTC", NOW)).toBe("Saturday 2 January 2027");
  });

  it("groups consecutive events under their day", () => {
    const groups = groupByDay(
      [
        { startsAt: "2026-06-13T22:00:00Z" },
        { startsAt: "2026-06-13T23:00:00Z" },
        { startsAt: "2026-06-14T10:00:00Z" },
      ],
      "UTC",
      NOW,
    );
    expect(groups.map((g) => [g.day, g.events.length])).toEqual([
      ["Today", 2],
      ["Tomorrow", 1],
    ]);
  });

  it("adds the venue's clock when its zone differs", () => {
    const event = { startsAt: "2026-06-20T23:00:00Z", endsAt: "2026-06-21T02:00:00Z", timeZone: "America/New_York" };
    expect(eventTimeText(event, "UTC")).toEqual({
      main: "Saturday 20 June, 23:00 – Sunday 21 June, 02:00",
      venue: "19:00 – 22:00 EDT at the venue (America/New_York)",
    });
    expect(eventTimeText(event, "America/New_York").venue).toBeNull();
  });
});

describe("the host's form", () => {
  const filled = {
    ...emptyEventForm({ latitude: 30.3, longitude: -81.6 }, "America/New_York"),
    title: "Board games",
    venueName: "Bold City",
    startsLocal: "2026-06-20T19:00",
    endsLocal: "2026-06-20T22:00",
  };

  it("gives the request of a good form", () => {
    const result = validateEventForm(filled, { creating: true, now: NOW });
    expect(result.errors).toBeNull();
    expect(result.input).toMatchObject({ startsAt: "2026-06-20T23:00:00.000Z", capacity: 20, addressFor: "everyone" });
  });

  it("says what is wrong in the contract's words", () => {
    expect(validateEventForm({ ...filled, title: "Hi" }, { creating: true, now: NOW }).errors).toEqual({
      title: "Title must be at least 3 characters",
    });
    expect(
      validateEventForm({ ...filled, endsLocal: "2026-06-20T18:00" }, { creating: true, now: NOW }).errors,
    ).toEqual({ endsAt: "The end must be after the start" });
    expect(validateEventForm({ ...filled, capacity: "10001" }, { creating: true, now: NOW }).errors).toEqual({
      capacity: "capacity must be from 1 to 10,000",
    });
    expect(validateEventForm({ ...filled, venueName: " " }, { creating: true, now: NOW }).errors).toEqual({
      venueName: "Venue is required",
    });
  });

  it("wants a new event's start in the future, not an edited one's", () => {
    const past = { ...filled, startsLocal: "2026-06-01T19:00", endsLocal: "2026-06-01T22:00" };
    expect(validateEventForm(past, { creating: true, now: NOW }).errors).toEqual({ startsAt: START_IN_FUTURE });
    expect(validateEventForm(past, { creating: false, now: NOW }).errors).toBeNull();
  });
});
