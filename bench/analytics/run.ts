/**
 * bench/analytics: does the admin's analytics page answer fast for a year of activity
 * of 100,000 daily members, on PostgreSQL, and what does the roll-up cost the live site?
 *
 *   npm run bench:analytics          about 3 minutes on 2 cores
 *
 * It makes a database of its own (vicinity_bench_analytics, through DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/postgres; dropped at the end), runs the real migrations, and
 * loads with generate_series:
 *   - 700,000 members (each active on about 1 day in 7: 100,000 a day) and their milestones;
 *   - a year of roll-ups: 8,784 hours of counts (about 1,500 sign-ups and 1.2 million messages a
 *     day), 366 days of DAU/WAU/MAU, 53 sign-up weeks x 13 weeks of the retention grid;
 *   - the raw activity the roll-up still needs: 30 days of active days (3 million rows) and this
 *     week's and last week's active weeks.
 * Then it times, 30 runs each after 5 warm-ups, the page's answer (analyticsReport, the same call
 * the route makes) for 7, 30, 90 and 365 days; and the roll-up of one minute of live activity at
 * that size (about 1,000 events: opens, messages and replies, sign-ups, RSVPs, reports, ads), once
 * with today's weekly and monthly actives recounted (every 10 minutes) and once without.
 * It prints p50, p95 and max in ms and whether the goal (every figure in <= 200 ms) is met.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { addDays, todayIn } from "@vicinity/contract/analytics";
import { queryRows, type Db } from "../../apps/server/src/db/database";
import { ADMIN_URL, benchDatabase } from "../lib/postgres";
import { analyticsReport } from "../../apps/server/src/analytics/report";
import { rollUp } from "../../apps/server/src/analytics/rollup";
import { ACTIVITY_KINDS as K } from "../../apps/server/src/analytics/recorder";

const MEMBERS = 700_000;
const DAILY = 100_000;
const RUNS = 30;
const WARMUP = 5;
const GOAL_MS = 200;
const NAME = "vicinity_bench_analytics";

const log = (line = "") => process.stdout.write(`${line}\n`);

async function timed<T>(what: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await run();
  log(`  ${what}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return result;
}

async function load(db: Db): Promise<void> {
  const today = todayIn("UTC");
  await timed(`${MEMBERS.toLocaleString("en")} members`, () =>
    db.execute(sql`INSERT INTO users (email, username, password_hash, location_secret, created_at)
      SELECT 'b' || n || '@bench.invalid', 'b' || n, 'x', md5(n::text), now() - make_interval(secs => (n % 31536000))
      FROM generate_series(1, ${MEMBERS}) n`),
  );
  await timed("their milestones and numbering", async () => {
    await db.execute(sql`INSERT INTO member_milestones (user_id, signup_at, onboarded_at, first_message_at)
      SELECT id, created_at, created_at + interval '5 minutes', created_at + interval '1 day' FROM users`);
    await db.execute(sql`CREATE TABLE bench_members AS SELECT row_number() OVER (ORDER BY id) AS n, id FROM users`);
    await db.execute(sql`CREATE INDEX ON bench_members (n)`);
  });
  // A weekly rhythm (weekends +20%) on a slowly growing base.
  const wave = (day: string) =>
    sql.raw(`(1 + 0.2 * (extract(isodow from ${day}) >= 6)::int) * (0.8 + 0.2 * extract(doy from ${day}) / 366.0)`);
  await timed("a year of hourly counts", () =>
    db.execute(sql`INSERT INTO analytics_hourly (hour, signups, onboarded, first_messages, first_replies, messages, conversations_started,
        conversations_replied, events_hosted, rsvps, groups_joined, reports, blocks, ad_impressions, ad_clicks)
      SELECT h, 60 * w, 52 * w, 40 * w, 24 * w, 50000 * w, 4000 * w, 2200 * w, 3 * w, 90 * w, 40 * w, 12 * w, 18 * w, 12000 * w, 180 * w
      FROM (SELECT h, round(${wave("h")} * (0.3 + 0.7 * (extract(hour from h) >= 16)::int))::int AS w
            FROM generate_series(${addDays(today, -366)}::timestamptz, ${today}::timestamptz, interval '1 hour') h) x
      ON CONFLICT (hour) DO NOTHING`),
  );
  await timed("a year of daily actives and the retention grid", async () => {
    await db.execute(sql`INSERT INTO analytics_daily (day, dau, wau, mau, counted_at, final)
      SELECT d::date, round(${DAILY} * ${wave("d")}), round(${DAILY * 3} * ${wave("d")}), round(${DAILY * 6} * ${wave("d")}), now(), true
      FROM generate_series(${addDays(today, -366)}::date, ${addDays(today, -1)}::date, interval '1 day') d`);
    await db.execute(sql`INSERT INTO analytics_cohorts (week, week_index, active)
      SELECT date_trunc('week', w)::date, i, round(10500 * power(0.82, i))
      FROM generate_series(${addDays(today, -371)}::timestamptz, ${today}::timestamptz, interval '1 week') w, generate_series(0, 12) i
      WHERE date_trunc('week', w) + make_interval(weeks => i) <= now()
      ON CONFLICT DO NOTHING`);
  });
  await timed(`30 days of active days (${(DAILY * 30).toLocaleString("en")} rows)`, () =>
    db.execute(sql`INSERT INTO activity_days (day, user_id)
      SELECT (${today}::date - d), m.id FROM generate_series(0, 29) d JOIN bench_members m ON (m.n + d * 3) % 7 = 0`),
  );
  await timed("this week's and last week's active weeks", () =>
    db.execute(sql`INSERT INTO activity_weeks (week, user_id)
      SELECT DISTINCT date_trunc('week', day::timestamp)::date, user_id FROM activity_days WHERE day >= ${addDays(today, -13)}::date`),
  );
  await timed("VACUUM ANALYZE", () => db.execute(sql`VACUUM ANALYZE`));
}

/** About one minute of a community of 100,000 daily members: ~1,000 events. */
async function oneMinute(db: Db): Promise<number> {
  const pick = async (n: number) =>
    (
      await queryRows<{ id: string }>(
        db,
        sql`SELECT id FROM bench_members WHERE n IN (SELECT 1 + floor(random() * ${MEMBERS})::int FROM generate_series(1, ${n}))`,
      )
    ).map((r) => r.id);
  const people = await pick(1_200);
  const events: Array<[number, string, string | null]> = [];
  let i = 0;
  const next = () => people[i++ % people.length]!;
  for (let n = 0; n < 70; n += 1) events.push([K.open, next(), null]);
  for (let n = 0; n < 300; n += 1) {
    const conversation = randomUUID();
    const a = next();
    const b = next();
    events.push([K.directMessage, a, conversation], [K.directMessage, a, conversation]);
    if (n % 2 === 0) events.push([K.directMessage, b, conversation]);
  }
  for (let n = 0; n < 100; n += 1) events.push([K.groupMessage, next(), null]);
  for (let n = 0; n < 2; n += 1) events.push([K.signup, next(), null], [K.profileSaved, next(), null]);
  for (let n = 0; n < 5; n += 1) events.push([K.rsvp, next(), null], [K.groupJoined, next(), null]);
  events.push([K.report, next(), null], [K.block, next(), null], [K.eventHosted, next(), null]);
  for (let n = 0; n < 150; n += 1) events.push([K.adImpression, next(), null]);
  events.push([K.adClick, next(), null], [K.adClick, next(), null]);
  const rows = sql.join(
    events.map(([kind, user, ref]) => sql`(now(), ${kind}::smallint, ${user}::uuid, ${ref}::uuid)`),
    sql`, `,
  );
  await db.execute(sql`INSERT INTO activity_events (at, kind, user_id, ref) VALUES ${rows}`);
  return events.length;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (n: number) => n.toFixed(1).padStart(7);

async function main(): Promise<void> {
  log(
    `bench/analytics: ${MEMBERS.toLocaleString("en")} members, ${DAILY.toLocaleString("en")} active a day, a year of roll-ups, on PostgreSQL`,
  );
  log(
    `node ${process.version}, ${os.cpus().length} CPUs, PostgreSQL via ${new URL(ADMIN_URL).host}; load average ${os.loadavg()[0]!.toFixed(2)}`,
  );
  const bench = await benchDatabase(NAME, 2, log);
  let met = true;
  try {
    const db = bench.database.db;
    log("\nLoading:");
    await load(db);

    const today = todayIn("UTC");
    log(
      `\nThe page's answer (every figure, the comparison period, the grid and the funnel), ${RUNS} runs after ${WARMUP} warm-ups:`,
    );
    log("  range      p50 ms  p95 ms  max ms");
    for (const days of [7, 30, 90, 365]) {
      const query = { from: addDays(today, -(days - 1)), to: today, tz: "America/New_York" };
      for (let n = 0; n < WARMUP; n += 1) await analyticsReport(db, query);
      const samples: number[] = [];
      for (let n = 0; n < RUNS; n += 1) {
        const start = performance.now();
        const report = await analyticsReport(db, query);
        samples.push(performance.now() - start);
        if (report.days.length !== days) throw new Error(`expected ${days} days, got ${report.days.length}`);
      }
      samples.sort((a, b) => a - b);
      const max = samples[samples.length - 1]!;
      if (max > GOAL_MS) met = false;
      log(
        `  ${String(days).padStart(3)} days ${ms(percentile(samples, 50))} ${ms(percentile(samples, 95))} ${ms(max)}`,
      );
    }

    log("\nThe roll-up of one minute of activity (what each node does every minute, and the page before it answers):");
    const first = await oneMinute(db);
    let start = performance.now();
    await rollUp(db);
    const withRecount = performance.now() - start;
    const samples: number[] = [];
    for (let n = 0; n < 10; n += 1) {
      await oneMinute(db);
      start = performance.now();
      await rollUp(db);
      samples.push(performance.now() - start);
    }
    samples.sort((a, b) => a - b);
    log(
      `  ${first} events, today's weekly and monthly actives recounted (every 10 minutes): ${withRecount.toFixed(0)} ms`,
    );
    log(
      `  about ${first} events, without the recount, 10 runs: p50 ${percentile(samples, 50).toFixed(0)} ms, max ${samples[samples.length - 1]!.toFixed(0)} ms`,
    );
    const query = { from: addDays(today, -29), to: today, tz: "UTC" };
    await oneMinute(db);
    start = performance.now();
    await rollUp(db, { recount: false });
    await analyticsReport(db, query);
    log(
      `  the route's whole answer for 30 days (a minute's waiting events rolled up without the recount, then the report): ${(performance.now() - start).toFixed(0)} ms`,
    );
    const [row] = await queryRows<{ dau: number; wau: number; mau: number }>(
      db,
      sql`SELECT dau, wau, mau FROM analytics_daily WHERE day = ${today}::date`,
    );
    log(
      `  today after the roll-ups: DAU ${Number(row?.dau).toLocaleString("en")}, WAU ${Number(row?.wau).toLocaleString("en")}, MAU ${Number(row?.mau).toLocaleString("en")}`,
    );

    log(`\nGoal: every figure of the page in <= ${GOAL_MS} ms on PostgreSQL: ${met ? "met" : "NOT met"}`);
  } finally {
    await bench.drop();
  }
  if (!met) process.exitCode = 1;
}

await main();
