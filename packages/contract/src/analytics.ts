import * as z from "zod/mini";

/**
 * The admin's analytics (/admin/analytics). The server answers a range of days in the
 * admin's time zone with one row per day for it and for the period of the same length before it;
 * the figures, their changes and the charts are computed from those rows, here, once.
 */
export const ANALYTICS_PATH = "/api/admin/analytics";
/** The ranges the page offers; a chosen range may be up to a year and a day long. */
export const ANALYTICS_PRESETS = [7, 30, 90] as const;
export const ANALYTICS_MAX_DAYS = 366;
/** How many weeks after sign-up the retention grid follows, and how many sign-up weeks it shows. */
export const COHORT_WEEKS = 12;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * The days a range may start and end on: the report also reads the period before a range (up to a
 * year earlier) and the day after it, and the database has no year 0 nor any after 9999 (year 0000
 * or 9999 answered 500).
 */
export const ANALYTICS_FIRST_DAY = "2000-01-01";
export const ANALYTICS_LAST_DAY = "2099-12-31";

const day = (what: string) =>
  z.string({ error: `${what} is required (YYYY-MM-DD)` }).check(
    z.regex(DATE_RE, `${what} must be a date (YYYY-MM-DD)`),
    z.refine(isRealDate, `${what} is not a real date`),
    // Dates as YYYY-MM-DD compare as text.
    z.refine(
      (s) => s >= ANALYTICS_FIRST_DAY && s <= ANALYTICS_LAST_DAY,
      `${what} must be between ${ANALYTICS_FIRST_DAY} and ${ANALYTICS_LAST_DAY}`,
    ),
  );

/** GET /api/admin/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD&tz=Area/City: both days included. */
export const analyticsQuerySchema = z
  .strictObject({
    from: day("from"),
    to: day("to"),
    tz: z
      .string({ error: "tz is required (an IANA time zone such as Europe/Berlin)" })
      .check(z.maxLength(64), z.refine(isTimeZone, "tz is not a known time zone")),
  })
  .check(
    z.refine((q) => q.from <= q.to, { error: "from must be on or before to", path: ["from"] }),
    z.refine((q) => daysBetween(q.from, q.to) + 1 <= ANALYTICS_MAX_DAYS, {
      error: `A range can be at most ${ANALYTICS_MAX_DAYS} days`,
      path: ["to"],
    }),
  );
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** What one day holds. Counts are by the admin's day; active members by the UTC day. */
export const analyticsDaySchema = z.object({
  date: z.string(),
  signups: z.int(),
  dau: z.int(),
  wau: z.int(),
  mau: z.int(),
  messages: z.int(),
  conversationsStarted: z.int(),
  conversationsReplied: z.int(),
  eventsHosted: z.int(),
  rsvps: z.int(),
  groupsJoined: z.int(),
  reports: z.int(),
  blocks: z.int(),
  adImpressions: z.int(),
  adClicks: z.int(),
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;
export type AnalyticsCount = Exclude<keyof AnalyticsDay, "date">;

/** A day when nothing happened. */
export function quietDay(date: string): AnalyticsDay {
  return {
    date,
    signups: 0,
    dau: 0,
    wau: 0,
    mau: 0,
    messages: 0,
    conversationsStarted: 0,
    conversationsReplied: 0,
    eventsHosted: 0,
    rsvps: 0,
    groupsJoined: 0,
    reports: 0,
    blocks: 0,
    adImpressions: 0,
    adClicks: 0,
  };
}

export const funnelSchema = z.object({
  signups: z.int(),
  onboarded: z.int(),
  firstMessage: z.int(),
  firstReply: z.int(),
});
export type Funnel = z.infer<typeof funnelSchema>;

export const analyticsSchema = z.object({
  range: z.object({ from: z.string(), to: z.string(), tz: z.string() }),
  previous: z.object({ from: z.string(), to: z.string() }),
  days: z.array(analyticsDaySchema),
  previousDays: z.array(analyticsDaySchema),
  /** Members who signed up in the range, and how far they came (sign-up, onboarding, first message, first reply). */
  funnel: funnelSchema,
  previousFunnel: funnelSchema,
  /** Sign-up weeks (Mondays, UTC) that end in the range, the newest last: size, and active members in each week after. */
  cohorts: z.array(z.object({ week: z.string(), size: z.int(), active: z.array(z.int()) })),
  /** When the figures were last rolled up (they lag what happens by a minute at most). */
  rolledUpAt: z.nullable(z.string()),
});
export type Analytics = z.infer<typeof analyticsSchema>;

/** Whole days from a to b (YYYY-MM-DD), b after a being positive. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The day `n` days after `date` (YYYY-MM-DD). */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The period of the same length just before [from, to]. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const length = daysBetween(from, to) + 1;
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

/** Today's date in a time zone. */
export function todayIn(tz: string, now = Date.now()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(now),
  );
}

/** The last `days` days up to today, in a time zone. */
export function presetRange(days: number, tz: string, now = Date.now()): { from: string; to: string } {
  const to = todayIn(tz, now);
  return { from: addDays(to, -(days - 1)), to };
}

export type FigureId =
  | "signups"
  | "dau"
  | "wau"
  | "mau"
  | "stickiness"
  | "messages"
  | "replyRate"
  | "eventsHosted"
  | "rsvps"
  | "groupsJoined"
  | "reports"
  | "reportsPer1000"
  | "blocks"
  | "blocksPer1000"
  | "adImpressions"
  | "adClicks"
  | "ctr";

export interface Figure {
  id: FigureId;
  label: string;
  /** null: nothing to divide by (no active members, no impressions). */
  value: number | null;
  previous: number | null;
  /** "count" figures are whole numbers; "ratio" ones are shares (0..1); "rate" ones per 1,000. */
  format: "count" | "ratio" | "rate";
  /** Whether a rise is good news (for the colour of the change); reports and blocks are not. */
  higherIsBetter: boolean;
}

const sum = (days: readonly AnalyticsDay[], key: AnalyticsCount) => days.reduce((n, d) => n + d[key], 0);
const ratio = (a: number, b: number) => (b > 0 ? a / b : null);
/** Active members over a period: the day's figure averaged (DAU), or the last day's (WAU, MAU). */
const average = (days: readonly AnalyticsDay[], key: AnalyticsCount) =>
  days.length ? sum(days, key) / days.length : null;
const last = (days: readonly AnalyticsDay[], key: AnalyticsCount) => (days.length ? days[days.length - 1]![key] : null);

function figuresOf(days: readonly AnalyticsDay[]): Record<FigureId, number | null> {
  const dauSum = sum(days, "dau");
  const stickiness = days.filter((d) => d.mau > 0);
  return {
    signups: sum(days, "signups"),
    dau: average(days, "dau"),
    wau: last(days, "wau"),
    mau: last(days, "mau"),
    stickiness: stickiness.length ? stickiness.reduce((n, d) => n + d.dau / d.mau, 0) / stickiness.length : null,
    messages: sum(days, "messages"),
    replyRate: ratio(sum(days, "conversationsReplied"), sum(days, "conversationsStarted")),
    eventsHosted: sum(days, "eventsHosted"),
    rsvps: sum(days, "rsvps"),
    groupsJoined: sum(days, "groupsJoined"),
    reports: sum(days, "reports"),
    blocks: sum(days, "blocks"),
    reportsPer1000: dauSum > 0 ? (sum(days, "reports") / dauSum) * 1000 : null,
    blocksPer1000: dauSum > 0 ? (sum(days, "blocks") / dauSum) * 1000 : null,
    adImpressions: sum(days, "adImpressions"),
    adClicks: sum(days, "adClicks"),
    ctr: ratio(sum(days, "adClicks"), sum(days, "adImpressions")),
  };
}

const FIGURES: Array<Omit<Figure, "value" | "previous">> = [
  { id: "signups", label: "Sign-ups", format: "count", higherIsBetter: true },
  { id: "dau", label: "Daily active members", format: "count", higherIsBetter: true },
  { id: "wau", label: "Weekly active members", format: "count", higherIsBetter: true },
  { id: "mau", label: "Monthly active members", format: "count", higherIsBetter: true },
  { id: "stickiness", label: "DAU/MAU", format: "ratio", higherIsBetter: true },
  { id: "messages", label: "Messages sent", format: "count", higherIsBetter: true },
  { id: "replyRate", label: "Reply rate", format: "ratio", higherIsBetter: true },
  { id: "eventsHosted", label: "Events hosted", format: "count", higherIsBetter: true },
  { id: "rsvps", label: "RSVPs", format: "count", higherIsBetter: true },
  { id: "groupsJoined", label: "Groups joined", format: "count", higherIsBetter: true },
  { id: "reports", label: "Reports", format: "count", higherIsBetter: false },
  { id: "reportsPer1000", label: "Reports per 1,000 active", format: "rate", higherIsBetter: false },
  { id: "blocks", label: "Blocks", format: "count", higherIsBetter: false },
  { id: "blocksPer1000", label: "Blocks per 1,000 active", format: "rate", higherIsBetter: false },
  { id: "adImpressions", label: "Ad impressions", format: "count", higherIsBetter: true },
  { id: "adClicks", label: "Ad clicks", format: "count", higherIsBetter: true },
  { id: "ctr", label: "Click-through rate", format: "ratio", higherIsBetter: true },
];

/** Every figure of the page, with the previous period's beside it. */
export function analyticsFigures(a: Pick<Analytics, "days" | "previousDays">): Figure[] {
  const now = figuresOf(a.days);
  const before = figuresOf(a.previousDays);
  return FIGURES.map((f) => ({ ...f, value: now[f.id], previous: before[f.id] }));
}

/** The change against the previous period, as a share (0.25 is +25%); null when there was nothing before. */
export function changeOf(f: Pick<Figure, "value" | "previous">): number | null {
  if (f.value === null || f.previous === null || f.previous === 0) return null;
  return (f.value - f.previous) / f.previous;
}
