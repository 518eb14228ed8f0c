import { zoneOffsetMs } from "@vicinity/contract";

/** Time-zone arithmetic without a library: what "today" and "this weekend" mean where the viewer is. */

/** The local calendar date of an instant in a zone. */
export function localDate(
  instant: number,
  timeZone: string,
): { year: number; month: number; day: number; weekday: number } {
  const offset = zoneOffsetMs(instant, timeZone);
  const local = new Date(instant + offset);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    weekday: local.getUTCDay(),
  };
}

/** The instant local midnight begins on a date in a zone (DST-safe: the offset is read at the answer). */
export function zonedMidnight(year: number, month: number, day: number, timeZone: string): number {
  const guess = Date.UTC(year, month - 1, day);
  let instant = guess - zoneOffsetMs(guess, timeZone);
  instant = guess - zoneOffsetMs(instant, timeZone);
  return instant;
}

/** [start, end) of the local day `days` after the one holding `instant`. */
export function localDayRange(instant: number, timeZone: string, days = 0): [number, number] {
  const d = localDate(instant, timeZone);
  const start = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  const end = new Date(Date.UTC(d.year, d.month - 1, d.day + days + 1));
  return [
    zonedMidnight(start.getUTCFullYear(), start.getUTCMonth() + 1, start.getUTCDate(), timeZone),
    zonedMidnight(end.getUTCFullYear(), end.getUTCMonth() + 1, end.getUTCDate(), timeZone),
  ];
}

/** [start, end) of "this weekend": Saturday 00:00 to Monday 00:00 local; from now when it is already the weekend. */
export function weekendRange(instant: number, timeZone: string): [number, number] {
  const { weekday } = localDate(instant, timeZone);
  // Days until Saturday (0 on Saturday; Sunday: the weekend began yesterday).
  const toSaturday = weekday === 0 ? -1 : 6 - weekday;
  const [start] = localDayRange(instant, timeZone, toSaturday);
  const [, end] = localDayRange(instant, timeZone, toSaturday + 1);
  return [Math.max(start, instant), end];
}
