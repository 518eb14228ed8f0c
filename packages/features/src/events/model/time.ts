/** Dates and times of events, in a given time zone (the member's, or the venue's). */
import { zoneOffsetMinutes } from "@vicinity/features/shared";

/** "2026-06-13": the calendar day of an instant in a zone. */
export function dayKey(instant: number | string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(instant),
  );
}

function addDays(key: string, days: number): string {
  const [y, m, d] = key.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** The header of a day in the list: "Today", "Tomorrow", or "Saturday 28 November" (and the year when not this one). */
export function dayHeader(instant: string, timeZone: string, now: number = Date.now()): string {
  const key = dayKey(instant, timeZone);
  const today = dayKey(now, timeZone);
  if (key === today) return "Today";
  if (key === addDays(today, 1)) return "Tomorrow";
  const sameYear = key.slice(0, 4) === today.slice(0, 4);
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    weekday: "long",
    day: "numeric",
    month: "long",
    ...(sameYear ? {} : { year: "numeric" }),
  })
    .format(new Date(instant))
    .replace(",", "");
}

/** Consecutive events under their day's header (the list is sorted by start). */
export function groupByDay<T extends { startsAt: string }>(
  events: readonly T[],
  timeZone: string,
  now: number = Date.now(),
): Array<{ day: string; events: T[] }> {
  const groups: Array<{ day: string; events: T[] }> = [];
  for (const event of events) {
    const day = dayHeader(event.startsAt, timeZone, now);
    const last = groups.at(-1);
    if (last && last.day === day) last.events.push(event);
    else groups.push({ day, events: [event] });
  }
  return groups;
}

/** "20:00" */
export function clockTime(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit" }).format(new Date(instant));
}

/** Whether two zones show a different clock at an instant. */
export function zonesDiffer(instant: string, a: string, b: string): boolean {
  const at = Date.parse(instant);
  return a !== b && zoneOffsetMinutes(at, a) !== zoneOffsetMinutes(at, b);
}

function zoneAbbreviation(instant: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }).formatToParts(new Date(instant));
  return parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

/** "Saturday 20 June, 20:00 – 23:00" (or with the end's day when it ends on another day). */
export function eventTimeRange(startsAt: string, endsAt: string, timeZone: string): string {
  const day = new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "long", day: "numeric", month: "long" });
  const start = `${day.format(new Date(startsAt))}, ${clockTime(startsAt, timeZone)}`;
  const end =
    dayKey(startsAt, timeZone) === dayKey(endsAt, timeZone)
      ? clockTime(endsAt, timeZone)
      : `${day.format(new Date(endsAt))}, ${clockTime(endsAt, timeZone)}`;
  return `${start} – ${end}`;
}

/** The time in the member's zone, and the venue's in brackets when its clock differs. */
export function eventTimeText(
  event: { startsAt: string; endsAt: string; timeZone: string },
  memberZone: string,
): { main: string; venue: string | null } {
  const main = eventTimeRange(event.startsAt, event.endsAt, memberZone);
  if (!zonesDiffer(event.startsAt, memberZone, event.timeZone)) return { main, venue: null };
  const venue = `${clockTime(event.startsAt, event.timeZone)} – ${clockTime(event.endsAt, event.timeZone)} ${zoneAbbreviation(event.startsAt, event.timeZone)} at the venue (${event.timeZone})`;
  return { main, venue };
}
