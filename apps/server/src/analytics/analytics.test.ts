import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import {
  addDays,
  analyticsFigures,
  analyticsSchema,
  todayIn,
  type Analytics,
  type AnalyticsDay,
} from "@vicinity/contract/analytics";
import { apiCaller, registerAdmin, registerMember, testEngines, useListeningServer } from "../test/harness";
import { closeOpenSockets, connected, emitAck, socketFor } from "../test/sockets";
import { queryRows } from "../db/database";
import { ACTIVITY_KINDS } from "./recorder";
import { rollUp } from "./rollup";
import { seedDemoActivity } from "./demo";
import { seedDemoMembers } from "../demo/seed";

afterEach(closeOpenSockets);

describe.each(testEngines())("the admin's analytics (%s)", (engine) => {
  const t = useListeningServer(engine);
  const call = apiCaller(() => t.server);

  const admin = (email: string) => registerAdmin(t.server, t.database, email);
  const analytics = async (cookie: string, query: string): Promise<Analytics> => {
    const res = await call("GET", `/api/admin/analytics?${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return analyticsSchema.parse(res.json());
  };
  const today = () => todayIn("UTC");
  const day = (a: Analytics): AnalyticsDay => a.days[a.days.length - 1]!;
  /** What changed in today's row between two answers. */
  const delta = (before: Analytics, after: Analytics) =>
    Object.fromEntries(
      Object.entries(day(after)).flatMap(([k, v]) =>
        k === "date" ? [] : [[k, (v as number) - (day(before)[k as keyof AnalyticsDay] as number)]],
      ),
    );

  it("counts what members did today: sign-ups, opens, onboarding, messages and replies, a report and a block", async () => {
    const boss = await admin("counting-boss@example.com");
    const q = `from=${today()}&to=${today()}&tz=UTC`;
    const before = await analytics(boss.cookie, q);

    const amy = await registerMember(t.server, "counted-amy@example.com");
    const rob = await registerMember(t.server, "counted-rob@example.com");
    expect((await call("PUT", "/api/users/profile", amy.cookie, { displayName: "Amy" })).statusCode).toBe(200);
    expect((await call("GET", "/api/auth/user", rob.cookie)).statusCode).toBe(200);
    const conversation = (await call("POST", "/api/conversations", amy.cookie, { userId: rob.id })).json() as {
      id: string;
    };
    const sa = socketFor(t.url, amy.cookie);
    const sr = socketFor(t.url, rob.cookie);
    await Promise.all([connected(sa), connected(sr)]);
    await emitAck(sa, "sendMessage", { conversationId: conversation.id, content: "hi", tempId: "a1" });
    await emitAck(sa, "sendMessage", { conversationId: conversation.id, content: "still there?", tempId: "a2" });
    await emitAck(sr, "sendMessage", { conversationId: conversation.id, content: "hey", tempId: "r1" });
    expect((await call("POST", `/api/users/${rob.id}/report`, amy.cookie, { reason: "spam" })).statusCode).toBe(201);
    expect((await call("POST", `/api/users/${rob.id}/block`, amy.cookie)).statusCode).toBe(200);
    // A second block of the same member changes nothing.
    await call("POST", `/api/users/${rob.id}/block`, amy.cookie);

    const after = await analytics(boss.cookie, q);
    expect(delta(before, after)).toMatchObject({
      signups: 2,
      messages: 3,
      conversationsStarted: 1,
      conversationsReplied: 1,
      reports: 1,
      blocks: 1,
      eventsHosted: 0,
    });
    // Both were active today (their sockets opened; Amy sent); the boss's page asked who he is too.
    expect(day(after).dau).toBeGreaterThanOrEqual(2);
    expect(after.funnel.signups - before.funnel.signups).toBe(2);
    expect(after.funnel.onboarded - before.funnel.onboarded).toBe(1);
    expect(after.funnel.firstMessage - before.funnel.firstMessage).toBe(2);
    expect(after.funnel.firstReply - before.funnel.firstReply).toBe(1);
    const reply = analyticsFigures(after).find((f) => f.id === "replyRate")!;
    expect(reply.value).toBeGreaterThan(0);
    // Nothing is counted twice: a roll-up with nothing waiting adds nothing.
    expect(delta(after, await analytics(boss.cookie, q))).toMatchObject({ signups: 0, messages: 0, reports: 0 });
    // Counted events are gone from the queue.
    const [waiting] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM activity_events`,
    );
    expect(Number(waiting!.n)).toBe(0);
  });

  it("sums hours into the admin's days, fills empty days with zeros, and answers the period before", async () => {
    const boss = await admin("tz-boss@example.com");
    await t.database.db
      .execute(sql`INSERT INTO analytics_hourly (hour, signups, messages) VALUES ('2024-03-10T23:00:00Z', 5, 7), ('2024-03-10T12:00:00Z', 1, 0)
      ON CONFLICT (hour) DO UPDATE SET signups = excluded.signups, messages = excluded.messages`);
    const utc = await analytics(boss.cookie, "from=2024-03-10&to=2024-03-11&tz=UTC");
    expect(utc.days.map((d) => [d.date, d.signups, d.messages])).toEqual([
      ["2024-03-10", 6, 7],
      ["2024-03-11", 0, 0],
    ]);
    expect(utc.previous).toEqual({ from: "2024-03-08", to: "2024-03-09" });
    expect(utc.previousDays.map((d) => d.date)).toEqual(["2024-03-08", "2024-03-09"]);
    // In Berlin, 23:00 UTC is already the next day.
    const berlin = await analytics(boss.cookie, "from=2024-03-10&to=2024-03-11&tz=Europe/Berlin");
    expect(berlin.days.map((d) => [d.date, d.signups])).toEqual([
      ["2024-03-10", 1],
      ["2024-03-11", 5],
    ]);
    // The comparison: this period against the one before.
    const later = await analytics(boss.cookie, "from=2024-03-12&to=2024-03-13&tz=UTC");
    expect(later.previousDays.map((d) => d.signups)).toEqual([6, 0]);
    expect(analyticsFigures(later).find((f) => f.id === "signups")).toMatchObject({ value: 0, previous: 6 });
  });

  it("follows a sign-up week's members in the weeks after (the retention grid)", async () => {
    const boss = await admin("cohort-boss@example.com");
    const a = await registerMember(t.server, "cohort-a@example.com");
    const b = await registerMember(t.server, "cohort-b@example.com");
    await t.database.db.execute(sql`DELETE FROM member_milestones WHERE user_id IN (${a.id}::uuid, ${b.id}::uuid)`);
    // Both signed up in the week of Monday 2024-01-01; a came back in weeks 1 and 2, b only in week 2.
    const ev = (at: string, kind: number, user: string) => sql`(${at}::timestamptz, ${kind}::smallint, ${user}::uuid)`;
    await t.database.db.execute(sql`INSERT INTO activity_events (at, kind, user_id) VALUES
      ${ev("2024-01-02T10:00:00Z", ACTIVITY_KINDS.signup, a.id)}, ${ev("2024-01-03T10:00:00Z", ACTIVITY_KINDS.signup, b.id)},
      ${ev("2024-01-02T10:05:00Z", ACTIVITY_KINDS.open, a.id)}, ${ev("2024-01-03T10:05:00Z", ACTIVITY_KINDS.open, b.id)},
      ${ev("2024-01-09T10:00:00Z", ACTIVITY_KINDS.open, a.id)}, ${ev("2024-01-10T10:00:00Z", ACTIVITY_KINDS.open, a.id)},
      ${ev("2024-01-16T10:00:00Z", ACTIVITY_KINDS.open, a.id)}, ${ev("2024-01-17T10:00:00Z", ACTIVITY_KINDS.directMessage, b.id)}`);
    expect(await rollUp(t.database.db)).toBe(8);
    const report = await analytics(boss.cookie, "from=2024-01-01&to=2024-01-21&tz=UTC");
    expect(report.cohorts).toEqual([{ week: "2024-01-01", size: 2, active: [2, 1, 2] }]);
    // Active members: a day's, the week's and the month's, by UTC day.
    const jan10 = report.days.find((d) => d.date === "2024-01-10")!;
    expect([jan10.dau, jan10.wau, jan10.mau]).toEqual([1, 1, 2]);
    const jan17 = report.days.find((d) => d.date === "2024-01-17")!;
    expect([jan17.dau, jan17.wau, jan17.mau]).toEqual([1, 2, 2]);
  });

  it("never counts an event twice when two roll-ups run at once", async () => {
    const m = await registerMember(t.server, "twice@example.com");
    await t.database.db.execute(sql`INSERT INTO activity_events (at, kind, user_id)
      SELECT '2023-06-01T08:00:00Z'::timestamptz, ${ACTIVITY_KINDS.report}::smallint, ${m.id}::uuid FROM generate_series(1, 10)`);
    const runs = await Promise.allSettled([rollUp(t.database.db), rollUp(t.database.db)]);
    const counted = runs.map((r) => (r.status === "fulfilled" ? (r.value ?? 0) : 0));
    if (counted.reduce((a, b) => a + b, 0) < 10) await rollUp(t.database.db);
    const [row] = await queryRows<{ reports: number }>(
      t.database.db,
      sql`SELECT reports FROM analytics_hourly WHERE hour = '2023-06-01T08:00:00Z'`,
    );
    expect(Number(row!.reports)).toBe(10);
  });

  it("the demo seed gives the page 90 days of activity, once", async () => {
    const boss = await admin("demo-boss@example.com");
    await seedDemoMembers(t.database.db, 60);
    expect(await seedDemoActivity(t.database.db)).toBeGreaterThan(1_000);
    expect(await seedDemoActivity(t.database.db)).toBe(0);
    const to = today();
    const report = await analytics(boss.cookie, `from=${addDays(to, -89)}&to=${to}&tz=UTC`);
    const total = (key: keyof AnalyticsDay) => report.days.reduce((n, d) => n + (d[key] as number), 0);
    // The 60 demo members (and the boss) signed up in the range; most came back on some days.
    expect(total("signups")).toBeGreaterThanOrEqual(60);
    expect(report.days.filter((d) => d.dau > 0).length).toBeGreaterThan(60);
    expect(total("messages")).toBeGreaterThan(100);
    expect(report.funnel.firstReply).toBeGreaterThan(0);
    expect(report.funnel.firstReply).toBeLessThanOrEqual(report.funnel.firstMessage);
    expect(report.funnel.onboarded).toBeLessThanOrEqual(report.funnel.signups);
    expect(report.cohorts.length).toBeGreaterThan(8);
    for (const c of report.cohorts) for (const n of c.active) expect(n).toBeLessThanOrEqual(c.size);
    const reply = analyticsFigures(report).find((f) => f.id === "replyRate")!.value!;
    expect(reply).toBeGreaterThan(0.3);
    expect(reply).toBeLessThan(0.8);
  });

  it("refuses a bad range with a message a person can read", async () => {
    const boss = await admin("range-boss@example.com");
    const refused = async (query: string) => {
      const res = await call("GET", `/api/admin/analytics?${query}`, boss.cookie);
      expect(res.statusCode).toBe(400);
      return (res.json() as { message: string }).message;
    };
    expect(await refused("to=2024-01-01&tz=UTC")).toMatch(/from is required/);
    expect(await refused("from=2024-02-30&to=2024-03-01&tz=UTC")).toMatch(/from is not a real date/);
    expect(await refused("from=yesterday&to=2024-03-01&tz=UTC")).toMatch(/from must be a date/);
    expect(await refused("from=2024-03-02&to=2024-03-01&tz=UTC")).toMatch(/from must be on or before to/);
    expect(await refused("from=2022-01-01&to=2024-03-01&tz=UTC")).toMatch(/at most 366 days/);
    expect(await refused("from=2024-01-01&to=2024-03-01&tz=Mars/Olympus")).toMatch(/tz is not a known time zone/);
    expect(await refused("from=2024-01-01&to=2024-03-01&tz=UTC&extra=1")).toBeTruthy();
  });
});
