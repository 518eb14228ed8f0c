/**
 * Times of the inbox and the thread, in the member's own time zone. Names are English like the
 * rest of the interface; the clock is always 24-hour ("14:05"), as en-GB writes it.
 */
const TIME_FORMAT = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** Within this many days back, the inbox names the weekday instead of the date. */
const WEEKDAY_WITHIN_DAYS = 6;

/** Calendar days from `date` to `now` in local time (0: same day, 1: yesterday); DST-safe. */
function daysAgo(date: Date, now: Date): number {
  const day = Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((today - day) / 86_400_000);
}

const weekday = (date: Date) => WEEKDAYS[date.getDay()] ?? "";
const month = (date: Date) => MONTHS[date.getMonth()] ?? "";

/** "14:05" */
export function formatBubbleTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : TIME_FORMAT.format(date);
}

/** The inbox: "14:05" today, "Yesterday", "Mon" within 6 days, "12 Nov", "12 Nov 2025" another year. */
export function formatListTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const days = daysAgo(date, now);
  // A clock a little ahead of ours (around midnight) still reads as today; further ahead, the date.
  if (days === 0 || days === -1) return TIME_FORMAT.format(date);
  if (days === 1) return "Yesterday";
  if (days > 1 && days <= WEEKDAY_WITHIN_DAYS) return weekday(date).slice(0, 3);
  const dayMonth = `${date.getDate()} ${month(date).slice(0, 3)}`;
  return date.getFullYear() === now.getFullYear() ? dayMonth : `${dayMonth} ${date.getFullYear()}`;
}

/** The thread's day separators: "Today", "Yesterday", "Monday 16 November" (with the year when not this one). */
export function formatDayHeading(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const days = daysAgo(date, now);
  if (days === 0 || days === -1) return "Today";
  if (days === 1) return "Yesterday";
  const heading = `${weekday(date)} ${date.getDate()} ${month(date)}`;
  return date.getFullYear() === now.getFullYear() ? heading : `${heading} ${date.getFullYear()}`;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The local calendar day of a time ("2026-11-23"): groups a thread by day, and is the day's `dateTime`. */
export function localDayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
