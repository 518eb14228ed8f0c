import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/database";
import { ACTIVITY_KINDS as K } from "./recorder";

/** How long what each member did, and when, is kept once counted (the privacy policy's promise). */
export const ACTIVITY_DAYS_KEPT = 35;
/** A day's weekly and monthly actives are counted again at most this often while the day lasts. */
const RECOUNT_MS = 10 * 60 * 1000;
/** One key for the roll-up across nodes: one of them rolls up at a time, the others skip. */
export const ROLLUP_LOCK = 71_501_015;

const MESSAGE_KINDS = sql.raw(`${K.directMessage}, ${K.groupMessage}`);
const ACTIVE_KINDS = sql.raw(`${K.open}, ${K.directMessage}, ${K.groupMessage}`);
const hourOf = (column: string) => sql.raw(`date_trunc('hour', ${column})`);

/**
 * Turns the waiting activity events into the analytics tables, then deletes them. It sees
 * one snapshot (repeatable read): an event written while it runs waits for the next run, and two
 * nodes never count an event twice (the second fails to serialize and tries again later).
 * Returns how many events were counted, or null when another node was rolling up. `recount: false`
 * (an admin's request, who should not wait for it) leaves the weekly and monthly actives' recount
 * to the next timed run (a day never counted is counted still).
 */
export async function rollUp(db: Db, { recount = true }: { recount?: boolean } = {}): Promise<number | null> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`);
    const [lock] = await queryRows<{ ok: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(${ROLLUP_LOCK}) AS ok`);
    if (!lock?.ok) return null;
    const [waiting] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM activity_events`);
    const events = Number(waiting?.n ?? 0);
    if (events > 0) await countEvents(tx);
    await countActives(tx, recount);
    if (events > 0) await tx.execute(sql`DELETE FROM activity_events`);
    await tx.execute(sql`UPDATE analytics_state SET rolled_up_at = now() WHERE id = 1`);
    return events;
  });
}

async function countEvents(tx: Db): Promise<void> {
  await countAtTheirHour(tx);
  await countFunnelSteps(tx);
  await countConversations(tx);
  await countActiveDays(tx);
}

/** Every member seen has his milestones row; each event counts at the hour it happened. */
async function countAtTheirHour(tx: Db): Promise<void> {
  // Every member seen has his milestones row: his sign-up's time (an older member: his account's).
  await tx.execute(sql`
    INSERT INTO member_milestones (user_id, signup_at)
    SELECT user_id, min(at) FROM activity_events WHERE kind = ${K.signup} GROUP BY user_id
    ON CONFLICT (user_id) DO NOTHING`);
  await tx.execute(sql`
    INSERT INTO member_milestones (user_id, signup_at)
    SELECT u.id, u.created_at FROM users u WHERE u.id IN (SELECT DISTINCT user_id FROM activity_events)
    ON CONFLICT (user_id) DO NOTHING`);

  // Counts at the hour they happened.
  await tx.execute(sql`
    INSERT INTO analytics_hourly AS h (hour, signups, messages, events_hosted, rsvps, groups_joined, reports, blocks, ad_impressions, ad_clicks)
    SELECT ${hourOf("at")},
           count(*) FILTER (WHERE kind = ${K.signup}),
           count(*) FILTER (WHERE kind IN (${MESSAGE_KINDS})),
           count(*) FILTER (WHERE kind = ${K.eventHosted}),
           count(*) FILTER (WHERE kind = ${K.rsvp}),
           count(*) FILTER (WHERE kind = ${K.groupJoined}),
           count(*) FILTER (WHERE kind = ${K.report}),
           count(*) FILTER (WHERE kind = ${K.block}),
           count(*) FILTER (WHERE kind = ${K.adImpression}),
           count(*) FILTER (WHERE kind = ${K.adClick})
    FROM activity_events
    WHERE kind NOT IN (${K.open}, ${K.profileSaved})
    GROUP BY 1
    ON CONFLICT (hour) DO UPDATE SET
      signups = h.signups + excluded.signups, messages = h.messages + excluded.messages,
      events_hosted = h.events_hosted + excluded.events_hosted, rsvps = h.rsvps + excluded.rsvps,
      groups_joined = h.groups_joined + excluded.groups_joined, reports = h.reports + excluded.reports,
      blocks = h.blocks + excluded.blocks, ad_impressions = h.ad_impressions + excluded.ad_impressions,
      ad_clicks = h.ad_clicks + excluded.ad_clicks`);
}

/** The funnel's first steps, once per member, at his sign-up's hour. */
async function countFunnelSteps(tx: Db): Promise<void> {
  for (const [kinds, column, counter] of [
    [sql.raw(String(K.profileSaved)), "onboarded_at", "onboarded"],
    [MESSAGE_KINDS, "first_message_at", "first_messages"],
  ] as const) {
    await tx.execute(sql`
      WITH e AS (SELECT user_id, min(at) AS at FROM activity_events WHERE kind IN (${kinds}) GROUP BY user_id),
      reached AS (
        UPDATE member_milestones m SET ${sql.raw(column)} = e.at FROM e
        WHERE m.user_id = e.user_id AND m.${sql.raw(column)} IS NULL
        RETURNING m.signup_at
      )
      INSERT INTO analytics_hourly AS h (hour, ${sql.raw(counter)})
      SELECT ${hourOf("signup_at")}, count(*) FROM reached GROUP BY 1
      ON CONFLICT (hour) DO UPDATE SET ${sql.raw(counter)} = h.${sql.raw(counter)} + excluded.${sql.raw(counter)}`);
  }
}

/** Direct conversations: who wrote first, and when the other first answered. */
async function countConversations(tx: Db): Promise<void> {
  await tx.execute(sql`
    WITH first AS (
      SELECT DISTINCT ON (ref) ref, user_id, at FROM activity_events
      WHERE kind = ${K.directMessage} AND ref IS NOT NULL ORDER BY ref, at, id
    ),
    started AS (
      INSERT INTO conversation_starts (conversation_id, starter_id, started_at)
      SELECT f.ref, f.user_id, f.at FROM first f
      ON CONFLICT (conversation_id) DO NOTHING
      RETURNING started_at
    )
    INSERT INTO analytics_hourly AS h (hour, conversations_started)
    SELECT ${hourOf("started_at")}, count(*) FROM started GROUP BY 1
    ON CONFLICT (hour) DO UPDATE SET conversations_started = h.conversations_started + excluded.conversations_started`);
  await tx.execute(sql`
    WITH answers AS (
      SELECT e.ref, min(e.at) AS at FROM activity_events e JOIN conversation_starts s ON s.conversation_id = e.ref
      WHERE e.kind = ${K.directMessage} AND e.user_id <> s.starter_id GROUP BY e.ref
    ),
    replied AS (
      UPDATE conversation_starts s SET replied_at = a.at FROM answers a
      WHERE s.conversation_id = a.ref AND s.replied_at IS NULL
      RETURNING s.started_at, s.starter_id, s.replied_at
    ),
    answered AS (
      UPDATE member_milestones m SET first_reply_at = r.at
      FROM (SELECT starter_id, min(replied_at) AS at FROM replied GROUP BY starter_id) r
      WHERE m.user_id = r.starter_id AND m.first_reply_at IS NULL
      RETURNING m.signup_at
    )
    INSERT INTO analytics_hourly AS h (hour, conversations_replied, first_replies)
    SELECT hour, sum(c), sum(f) FROM (
      SELECT ${hourOf("started_at")} AS hour, 1 AS c, 0 AS f FROM replied
      UNION ALL SELECT ${hourOf("signup_at")}, 0, 1 FROM answered
    ) x GROUP BY hour
    ON CONFLICT (hour) DO UPDATE SET
      conversations_replied = h.conversations_replied + excluded.conversations_replied,
      first_replies = h.first_replies + excluded.first_replies`);
}

/** Active members: the day (UTC) and the week, once each; the retention grid by sign-up week. */
async function countActiveDays(tx: Db): Promise<void> {
  await tx.execute(sql`
    WITH days AS (
      INSERT INTO activity_days (day, user_id)
      SELECT DISTINCT (at AT TIME ZONE 'UTC')::date, user_id FROM activity_events WHERE kind IN (${ACTIVE_KINDS})
      ON CONFLICT DO NOTHING
      RETURNING day, user_id
    ),
    daily AS (
      INSERT INTO analytics_daily AS a (day, dau)
      SELECT day, count(*) FROM days GROUP BY day
      ON CONFLICT (day) DO UPDATE SET dau = a.dau + excluded.dau
    ),
    weeks AS (
      INSERT INTO activity_weeks (week, user_id)
      SELECT DISTINCT date_trunc('week', day::timestamp)::date, user_id FROM days
      ON CONFLICT DO NOTHING
      RETURNING week, user_id
    )
    INSERT INTO analytics_cohorts AS c (week, week_index, active)
    SELECT cohort, (w.week - cohort) / 7, count(*)
    FROM weeks w JOIN (
      SELECT user_id, date_trunc('week', signup_at AT TIME ZONE 'UTC')::date AS cohort FROM member_milestones
    ) m ON m.user_id = w.user_id
    WHERE w.week >= m.cohort
    GROUP BY 1, 2
    ON CONFLICT (week, week_index) DO UPDATE SET active = c.active + excluded.active`);
}

/**
 * Weekly and monthly actives of the days that changed: while a day lasts, at most every 10 minutes;
 * once more after it ended, and then never again.
 */
async function countActives(tx: Db, recount: boolean): Promise<void> {
  // Without the recount, only a day never counted yet (a new day's first roll-up) is.
  const due = recount
    ? sql`a.counted_at IS NULL OR a.counted_at < now() - make_interval(secs => ${RECOUNT_MS / 1000})
      OR now() > (a.day + 1)::timestamp AT TIME ZONE 'UTC' + interval '5 minutes'`
    : sql`a.counted_at IS NULL`;
  await tx.execute(sql`
    UPDATE analytics_daily a SET
      wau = (SELECT count(DISTINCT user_id) FROM activity_days d WHERE d.day BETWEEN a.day - 6 AND a.day),
      mau = (SELECT count(DISTINCT user_id) FROM activity_days d WHERE d.day BETWEEN a.day - 29 AND a.day),
      counted_at = now(),
      final = now() > (a.day + 1)::timestamp AT TIME ZONE 'UTC' + interval '5 minutes'
    WHERE NOT a.final AND (${due})`);
}

/** What each member did, and when, goes once it is no longer needed to count (with the session sweep). */
export async function sweepActivity(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM activity_days WHERE day < (now() AT TIME ZONE 'UTC')::date - ${ACTIVITY_DAYS_KEPT}`);
  await db.execute(sql`DELETE FROM activity_weeks WHERE week < (now() AT TIME ZONE 'UTC')::date - 21`);
  await db.execute(
    sql`DELETE FROM conversation_starts WHERE started_at < now() - make_interval(days => ${ACTIVITY_DAYS_KEPT})`,
  );
}
