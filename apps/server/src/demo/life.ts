import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/database";
import { saveLocation } from "../location/save-location";
import { onlineNowSql } from "../presence/presence";
import type { LatLon } from "../location/privacy-grid";
import { setRightNow } from "../users/profile";
import { DEMO_EMAIL_DOMAIN } from "./seed";

/** How often the demo city lives a minute. */
export const DEMO_LIFE_MS = 60_000;
/** A demo member online stays on for the next minute with this chance (about 12 minutes a visit; else he goes offline)... */
const STAYS_ON = 0.92;
/** ...and one offline comes online with this one: about 30% of them online at any time (0.035 / (0.035 + 0.08)). */
const COMES_ON = 0.035;
/** Demo members online who move a little each minute. */
const MOVERS = 6;
/** How far one moves at most, in degrees of latitude (about 300 m). */
const STEP = 0.0027;
/** A demo member who comes online says what he is up to Right Now with this chance (for the spec's hour). */
const SAYS_RIGHT_NOW = 0.15;
const RIGHT_NOW_NOTES = [
  "Coffee downtown?",
  "At the gym till 7",
  "Beach walk, anyone?",
  "New in town, show me around",
  "Drinks at Riverside",
  "Up for a movie tonight",
  "Lunch near San Marco",
  "Dog park with Max",
];

const isDemo = sql`u.email LIKE ${`%${DEMO_EMAIL_DOMAIN}`}`;

/**
 * A minute of the demo city (SEED_DEMO only, never production): its members come online and go
 * offline through the day (each online one heartbeats on with STAYS_ON, each offline one comes on
 * with COMES_ON, so about 30% are on at any moment), and a few of those online move a little, so
 * that a newcomer sees people online near the fallback location, on the grid and on the live map
 * (some of those who come on say what they are up to, Right Now, for an hour),
 * however long ago the server started. Returns those who moved and where they were, for the live map.
 */
export async function liveDemoMinute(
  db: Db,
  random: () => number = Math.random,
): Promise<Array<{ id: string; before: LatLon | null }>> {
  const rows = await queryRows<{ id: string; online: boolean; secret: string; lat: number | null; lon: number | null }>(
    db,
    sql`SELECT u.id, ${onlineNowSql("p")} AS online, u.location_secret AS secret, l.latitude AS lat, l.longitude AS lon
      FROM users u LEFT JOIN presence p ON p.user_id = u.id LEFT JOIN locations l ON l.user_id = u.id
      WHERE ${isDemo} ORDER BY u.id`,
  );
  const on = rows.filter((r) => random() < (r.online ? STAYS_ON : COMES_ON));
  // Those who were on and are not now close the app: offline, last seen now.
  const staying = new Set(on);
  const off = rows.filter((r) => r.online && !staying.has(r));
  for (const [who, status] of [
    [on, "online"],
    [off, "offline"],
  ] as const) {
    if (who.length === 0) continue;
    const ids = sql`${`{${who.map((r) => r.id).join(",")}}`}::uuid[]`;
    await db.execute(sql`INSERT INTO presence (user_id, status, last_seen_at)
      SELECT id, ${status}, now() FROM unnest(${ids}) AS id
      ON CONFLICT (user_id) DO UPDATE SET status = ${status}, last_seen_at = now()`);
  }
  // Some of those who just came on say what they are up to.
  for (const r of on.filter((r) => !r.online && random() < SAYS_RIGHT_NOW))
    await setRightNow(db, r.id, RIGHT_NOW_NOTES[Math.floor(random() * RIGHT_NOW_NOTES.length)]!);
  const movers = on
    .filter((r) => r.lat !== null && r.lon !== null)
    .sort(() => random() - 0.5)
    .slice(0, MOVERS);
  const moved: Array<{ id: string; before: LatLon | null }> = [];
  for (const m of movers) {
    const { before } = await saveLocation(
      db,
      { id: m.id, locationSecret: m.secret },
      { latitude: m.lat! + (random() - 0.5) * 2 * STEP, longitude: m.lon! + (random() - 0.5) * 2 * STEP },
    );
    moved.push({ id: m.id, before });
  }
  return moved;
}

/** Now and then one of the demo members online says something in one of his groups: about one a group every hour. */
const GROUP_POST_CHANCE = 0.1;
const GROUP_LINES = [
  "Anyone around this weekend?",
  "Good turnout last time, thanks all!",
  "New here, hi everyone 👋",
  "Same time next week?",
  "Who's bringing snacks?",
  "Running a bit late, save me a spot.",
  "That was fun. Let's do it again soon.",
  "Weather looks good for Saturday.",
];

/**
 * A demo group's post this minute, or null (SEED_DEMO only): with GROUP_POST_CHANCE, a demo member online who belongs to
 * a demo group's chat writes one of GROUP_LINES there. The caller stores and delivers it as any message.
 */
export async function demoGroupPost(
  db: Db,
  random: () => number = Math.random,
): Promise<{ conversationId: string; senderId: string; content: string } | null> {
  if (random() >= GROUP_POST_CHANCE) return null;
  const rows = await queryRows<{ conversation_id: string; user_id: string }>(
    db,
    sql`SELECT cp.conversation_id, cp.user_id
      FROM groups g
      JOIN conversation_participants cp ON cp.conversation_id = g.conversation_id
      JOIN users u ON u.id = cp.user_id
      LEFT JOIN presence p ON p.user_id = u.id
      WHERE ${isDemo} AND ${onlineNowSql("p")}
      ORDER BY cp.conversation_id, cp.user_id`,
  );
  const pick = rows[Math.floor(random() * rows.length)];
  if (!pick) return null;
  return {
    conversationId: pick.conversation_id,
    senderId: pick.user_id,
    content: GROUP_LINES[Math.floor(random() * GROUP_LINES.length)]!,
  };
}
