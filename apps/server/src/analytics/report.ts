import { sql } from "drizzle-orm";
import {
  addDays,
  COHORT_WEEKS,
  daysBetween,
  previousPeriod,
  quietDay,
  type Analytics,
  type AnalyticsDay,
  type AnalyticsQuery,
  type Funnel,
} from "@vicinity/contract/analytics";
import { queryRows, type Db } from "../db/database";

interface HourRow extends Record<string, unknown> {
  day: string;
  signups: number;
  onboarded: number;
  first_messages: number;
  first_replies: number;
  messages: number;
  conversations_started: number;
  conversations_replied: number;
  events_hosted: number;
  rsvps: number;
  groups_joined: number;
  reports: number;
  blocks: number;
  ad_impressions: number;
  ad_clicks: number;
}

const dateText = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/** One day of the page's series, from its hours' sums and its actives (either may be missing). */
function dayOf(
  date: string,
  h: HourRow | undefined,
  a: { dau: number; wau: number; mau: number } | undefined,
): AnalyticsDay {
  return {
    date,
    signups: Number(h?.signups ?? 0),
    dau: Number(a?.dau ?? 0),
    wau: Number(a?.wau ?? 0),
    mau: Number(a?.mau ?? 0),
    messages: Number(h?.messages ?? 0),
    conversationsStarted: Number(h?.conversations_started ?? 0),
    conversationsReplied: Number(h?.conversations_replied ?? 0),
    eventsHosted: Number(h?.events_hosted ?? 0),
    rsvps: Number(h?.rsvps ?? 0),
    groupsJoined: Number(h?.groups_joined ?? 0),
    reports: Number(h?.reports ?? 0),
    blocks: Number(h?.blocks ?? 0),
    adImpressions: Number(h?.ad_impressions ?? 0),
    adClicks: Number(h?.ad_clicks ?? 0),
  };
}

/**
 * The analytics page's answer, read from the roll-ups only: three small queries whatever
 * the size of the community (a year is 8,784 hours, 366 days and a few hundred grid cells).
 */
export async function analyticsReport(db: Db, query: AnalyticsQuery): Promise<Analytics> {
  const { from, to, tz } = query;
  const previous = previousPeriod(from, to);
  const end = addDays(to, 1);
  // Hours, summed by the admin's day: the period before and this one, in one pass.
  const hours = await queryRows<HourRow>(
    db,
    sql`SELECT to_char((hour AT TIME ZONE ${tz})::date, 'YYYY-MM-DD') AS day,
               sum(signups)::int AS signups, sum(onboarded)::int AS onboarded, sum(first_messages)::int AS first_messages,
               sum(first_replies)::int AS first_replies, sum(messages)::int AS messages,
               sum(conversations_started)::int AS conversations_started, sum(conversations_replied)::int AS conversations_replied,
               sum(events_hosted)::int AS events_hosted, sum(rsvps)::int AS rsvps, sum(groups_joined)::int AS groups_joined,
               sum(reports)::int AS reports, sum(blocks)::int AS blocks, sum(ad_impressions)::int AS ad_impressions, sum(ad_clicks)::int AS ad_clicks
        FROM analytics_hourly
        WHERE hour >= (${previous.from}::timestamp AT TIME ZONE ${tz}) AND hour < (${end}::timestamp AT TIME ZONE ${tz})
        GROUP BY 1`,
  );
  const actives = await queryRows<{ day: string; dau: number; wau: number; mau: number }>(
    db,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, dau, wau, mau FROM analytics_daily WHERE day >= ${previous.from}::date AND day <= ${to}::date`,
  );
  // Sign-up weeks whose first week ends in the range (at most COHORT_WEEKS of them, the newest).
  const firstWeek = addDays(to, -7 * (COHORT_WEEKS + 1));
  const cohortCells = await queryRows<{ week: string; week_index: number; active: number }>(
    db,
    sql`SELECT to_char(week, 'YYYY-MM-DD') AS week, week_index, active FROM analytics_cohorts
        WHERE week > ${firstWeek}::date AND week <= ${to}::date AND week_index <= ${COHORT_WEEKS}`,
  );
  const cohortSizes = await queryRows<{ week: string; size: number }>(
    db,
    sql`SELECT to_char(date_trunc('week', hour AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week, sum(signups)::int AS size FROM analytics_hourly
        WHERE hour >= (${firstWeek}::timestamp AT TIME ZONE 'UTC') AND hour < (${end}::timestamp AT TIME ZONE 'UTC')
        GROUP BY 1 HAVING sum(signups) > 0`,
  );
  const rolled = await queryRows<{ at: Date | string | null }>(
    db,
    sql`SELECT rolled_up_at AS at FROM analytics_state WHERE id = 1`,
  );

  const byDay = new Map(hours.map((h) => [dateText(h.day), h]));
  const activeByDay = new Map(actives.map((a) => [dateText(a.day), a]));
  const series = (start: string, last: string): AnalyticsDay[] =>
    Array.from({ length: daysBetween(start, last) + 1 }, (_, i) => {
      const date = addDays(start, i);
      const h = byDay.get(date);
      const a = activeByDay.get(date);
      return !h && !a ? quietDay(date) : dayOf(date, h, a);
    });
  const funnelOf = (start: string, last: string): Funnel => {
    const f: Funnel = { signups: 0, onboarded: 0, firstMessage: 0, firstReply: 0 };
    for (let date = start; date <= last; date = addDays(date, 1)) {
      const h = byDay.get(date);
      if (!h) continue;
      f.signups += Number(h.signups);
      f.onboarded += Number(h.onboarded);
      f.firstMessage += Number(h.first_messages);
      f.firstReply += Number(h.first_replies);
    }
    return f;
  };

  const sizes = new Map(cohortSizes.map((c) => [dateText(c.week), Number(c.size)]));
  // A week nobody signed up in has no row (its hours may hold other counts).
  const weeks = [...sizes.keys()].filter((w) => w > firstWeek && w <= to).sort();
  const cohorts = weeks.slice(-COHORT_WEEKS).map((week) => {
    // Weeks after sign-up that have begun by the range's end.
    const begun = Math.min(COHORT_WEEKS, Math.floor(daysBetween(week, to) / 7));
    const active = Array.from({ length: begun + 1 }, () => 0);
    for (const c of cohortCells)
      if (dateText(c.week) === week && c.week_index <= begun) active[c.week_index] = Number(c.active);
    return { week, size: sizes.get(week) ?? 0, active };
  });

  const at = rolled[0]?.at;
  return {
    range: { from, to, tz },
    previous,
    days: series(from, to),
    previousDays: series(previous.from, previous.to),
    funnel: funnelOf(from, to),
    previousFunnel: funnelOf(previous.from, previous.to),
    cohorts,
    rolledUpAt: at ? new Date(at).toISOString() : null,
  };
}
