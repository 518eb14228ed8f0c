import {
  addDays,
  ANALYTICS_MAX_DAYS,
  ANALYTICS_PRESETS,
  daysBetween,
  presetRange,
  todayIn,
} from "@vicinity/contract/analytics";

export type Preset = (typeof ANALYTICS_PRESETS)[number];
/** What the admin chose: the last 7, 30 or 90 days, or two days of his own. */
export type RangeChoice = { preset: Preset } | { from: string; to: string };
export const DEFAULT_PRESET: Preset = 30;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const realDate = (s: string | null): s is string =>
  s !== null && DATE_RE.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

/** The range in the page's address (?range=7, or ?from=…&to=…); anything else is the last 30 days. */
export function rangeFromSearch(params: URLSearchParams): RangeChoice {
  const from = params.get("from");
  const to = params.get("to");
  if (realDate(from) && realDate(to) && from <= to && daysBetween(from, to) < ANALYTICS_MAX_DAYS) return { from, to };
  const preset = Number(params.get("range"));
  return (ANALYTICS_PRESETS as readonly number[]).includes(preset)
    ? { preset: preset as Preset }
    : { preset: DEFAULT_PRESET };
}

/** The address's query for a choice (the default adds nothing). */
export function searchOf(choice: RangeChoice): string {
  if ("from" in choice) return `?from=${choice.from}&to=${choice.to}`;
  return choice.preset === DEFAULT_PRESET ? "" : `?range=${choice.preset}`;
}

/** The two days (both included) a choice means today, in the admin's time zone. */
export function resolveRange(choice: RangeChoice, timeZone: string, now = Date.now()): { from: string; to: string } {
  return "from" in choice ? { from: choice.from, to: choice.to } : presetRange(choice.preset, timeZone, now);
}

/** What is wrong with two days typed in, or null. */
export function customRangeError(from: string, to: string, timeZone: string, now = Date.now()): string | null {
  if (!from || !to) return "Choose the first and the last day.";
  if (!realDate(from) || !realDate(to)) return "Enter the days as dates.";
  if (from > to) return "The first day must be on or before the last.";
  if (to > todayIn(timeZone, now)) return "The last day cannot be after today.";
  if (daysBetween(from, to) + 1 > ANALYTICS_MAX_DAYS) return `A range can be at most ${ANALYTICS_MAX_DAYS} days.`;
  return null;
}

/** "6 Nov – 5 Dec 2026", "28 Dec 2025 – 3 Jan 2026". */
export function rangeText(from: string, to: string): string {
  const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
  const full = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  const a = new Date(`${from}T00:00:00Z`);
  const b = new Date(`${to}T00:00:00Z`);
  if (from === to) return full.format(b);
  return `${from.slice(0, 4) === to.slice(0, 4) ? day.format(a) : full.format(a)} – ${full.format(b)}`;
}

/** How the comparison is named: "the previous 30 days". */
export function previousText(from: string, to: string): string {
  const days = daysBetween(from, to) + 1;
  return days === 1 ? "the day before" : `the previous ${days} days`;
}

export { addDays };
