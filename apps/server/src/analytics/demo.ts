import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/database";
import { DEMO_EMAIL_DOMAIN, seeded } from "../demo/seed";
import { ACTIVITY_KINDS as K } from "./recorder";
import { rollUp } from "./rollup";

/** How far back the demo's activity goes (so that the page is never empty on a fresh start). */
export const DEMO_ACTIVITY_DAYS = 90;
const DAY = 86_400_000;

interface Ev {
  at: number;
  kind: number;
  userId: string;
  ref: string | null;
}

/**
 * 90 days of believable activity for the demo members, written as activity events and rolled up
 * like the real thing: sign-ups growing week by week, most onboarding at once, returns that fade
 * with the weeks since sign-up (more at weekends and evenings), conversations of which about half
 * get an answer, a few events, RSVPs, group joins, reports and blocks, and the ads' impressions
 * and clicks. Once: a database whose analytics already reach back does not get it again.
 */
export async function seedDemoActivity(db: Db, now = Date.now()): Promise<number> {
  const [older] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM analytics_hourly WHERE hour < now() - interval '3 days' AND hour > now() - make_interval(days => ${DEMO_ACTIVITY_DAYS + 1})`,
  );
  if (Number(older?.n ?? 0) > 0) return 0;
  const members = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM users WHERE email LIKE ${`%${DEMO_EMAIL_DOMAIN}`} ORDER BY email`,
  );
  if (members.length === 0) return 0;
  const random = seeded(20261125);
  const start = now - DEMO_ACTIVITY_DAYS * DAY;
  // An evening-heavy hour of the day (UTC), as a time within the day.
  const timeOfDay = () => {
    const hour = random() < 0.6 ? 17 + Math.floor(random() * 6) : Math.floor(random() * 24);
    return (hour * 60 + Math.floor(random() * 60)) * 60_000;
  };
  const signupAt = new Map<string, number>();
  for (const m of members) {
    // Density rising with time: more sign-ups in the recent weeks.
    const day = Math.floor(DEMO_ACTIVITY_DAYS * Math.sqrt(random()));
    signupAt.set(m.id, Math.min(now - 60_000, start + day * DAY + timeOfDay()));
  }
  const events: Ev[] = [];
  const push = (at: number, kind: number, userId: string, ref: string | null = null) => {
    if (at < now) events.push({ at, kind, userId, ref });
  };
  const others = (id: string) => {
    const other = members[Math.floor(random() * members.length)]!.id;
    return other === id ? null : other;
  };
  for (const m of members) {
    const joined = signupAt.get(m.id)!;
    push(joined, K.signup, m.id);
    if (random() < 0.85) push(joined + (2 + Math.floor(random() * 20)) * 60_000, K.profileSaved, m.id);
    const eager = 0.25 + random() * 0.5;
    for (let dayStart = joined - (joined % DAY); dayStart < now; dayStart += DAY) {
      const weeks = Math.floor((dayStart - joined) / (7 * DAY));
      const weekend = [0, 6].includes(new Date(dayStart).getUTCDay()) ? 1.25 : 1;
      const returns =
        dayStart <= joined ? 1 : Math.min(0.95, (0.12 + eager * Math.pow(0.86, Math.max(0, weeks))) * weekend);
      if (random() >= returns) continue;
      const at = Math.max(joined, dayStart + timeOfDay());
      push(at, K.open, m.id);
      if (random() < 0.45) {
        for (let n = 1 + Math.floor(random() * 3); n > 0; n -= 1) {
          const partner = others(m.id);
          if (!partner || signupAt.get(partner)! > at) continue;
          const conversation = randomUUID();
          const sent = at + Math.floor(random() * 3_600_000);
          for (let k = 1 + Math.floor(random() * 3); k > 0; k -= 1)
            push(sent + k * 60_000, K.directMessage, m.id, conversation);
          if (random() < 0.55) {
            const answer = sent + Math.floor(random() * 20 * 3_600_000);
            push(answer, K.open, partner);
            for (let k = 1 + Math.floor(random() * 4); k > 0; k -= 1)
              push(answer + k * 60_000, K.directMessage, partner, conversation);
          }
        }
      }
      if (random() < 0.12) push(at + 600_000, K.groupMessage, m.id, null);
      if (random() < 0.004) push(at + 900_000, K.eventHosted, m.id);
      if (random() < 0.035) push(at + 300_000, K.rsvp, m.id);
      if (random() < 0.012) push(at + 400_000, K.groupJoined, m.id);
      if (random() < 0.004) push(at + 500_000, K.report, m.id);
      if (random() < 0.006) push(at + 550_000, K.block, m.id);
      for (let i = Math.floor(random() * 4); i > 0; i -= 1) {
        push(at + i * 120_000, K.adImpression, m.id);
        if (random() < 0.02) push(at + i * 120_000 + 5_000, K.adClick, m.id);
      }
    }
  }
  await insertEvents(db, events);
  await rollUp(db);
  return events.length;
}

/** Writes the events as the recorder would, 2,000 rows a statement. */
async function insertEvents(db: Db, events: readonly Ev[]): Promise<void> {
  for (let i = 0; i < events.length; i += 2_000) {
    const rows = sql.join(
      events
        .slice(i, i + 2_000)
        .map(
          (e) =>
            sql`(${new Date(e.at).toISOString()}::timestamptz, ${e.kind}::smallint, ${e.userId}::uuid, ${e.ref}::uuid)`,
        ),
      sql`, `,
    );
    await db.execute(sql`INSERT INTO activity_events (at, kind, user_id, ref) VALUES ${rows}`);
  }
}
