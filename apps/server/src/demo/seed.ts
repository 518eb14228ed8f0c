import { randomBytes } from "node:crypto";
import { count, ne, sql } from "drizzle-orm";
import type { Db } from "../db/database";
import { events, groupLog, groupMembers, groups, locations, presence, users } from "../db/schema";
import { snapToPrivacyGrid } from "../location/privacy-grid";
import { hashPassword } from "../auth/passwords";
import type { MediaStore } from "../media/store";
import { seedDemoPhotos } from "./seed-photos";
import { appendMessages, createGroupConversation } from "../messages/service";

export const DEMO_MEMBER_COUNT = 300;
/** Spec section 9: the fallback location, and the Jacksonville area the map defaults to. */
const CENTERS = [
  { latitude: 30.62, longitude: -81.5, weight: 0.35 },
  { latitude: 30.3322, longitude: -81.6557, weight: 0.65 },
];

const NAMES = [
  "Alex",
  "Ben",
  "Carlos",
  "Dante",
  "Eli",
  "Felix",
  "Gabe",
  "Hugo",
  "Ivan",
  "Jake",
  "Kai",
  "Leo",
  "Marcus",
  "Nate",
  "Omar",
  "Pablo",
  "Quinn",
  "Ryan",
  "Sam",
  "Theo",
  "Uri",
  "Victor",
  "Wes",
  "Xavier",
  "Yusuf",
  "Zack",
  "Andre",
  "Bryce",
  "Cole",
  "Devin",
  "Ezra",
  "Finn",
  "Grant",
  "Hank",
  "Isaac",
  "Jonah",
  "Kevin",
  "Luca",
  "Miles",
  "Noah",
];
const INTERESTS = [
  "gym",
  "hiking",
  "beach",
  "coffee",
  "travel",
  "music",
  "cooking",
  "movies",
  "gaming",
  "art",
  "running",
  "surfing",
  "yoga",
  "dancing",
  "books",
  "photography",
  "fashion",
  "nightlife",
  "dogs",
  "wine",
  "tennis",
  "cycling",
  "theatre",
  "tattoos",
];
const BIOS = [
  "New in town, looking to meet people and find the best coffee spots.",
  "Gym in the morning, beach in the afternoon. Say hi.",
  "Nurse on night shifts, so I'm around at odd hours.",
  "Into live music, bad jokes and good food. Let's grab a drink.",
  "Travelling for work this week. Show me around?",
  "Looking for friends first. Dog dad.",
  "Runner, reader, occasional terrible cook.",
  "Here for the weekend. Right now is a good time.",
  "Quiet guy, big heart. Ask me about my tattoos.",
  "Designer by day, DJ by night.",
];
const BODY_TYPES = ["slim", "average", "athletic", "muscular", "stocky", "large"] as const;
const POSITIONS = ["top", "vers-top", "versatile", "vers-bottom", "bottom", "side"] as const;

/** mulberry32: a seeded generator, so the demo city is the same on every machine (and a test's cases on every run). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Where a demo member is: around one of the two centres, most within a few km, a tail out to ~25 km. */
function demoPosition(random: () => number): { lat: number; lon: number } {
  const center = random() < (CENTERS[0]?.weight ?? 0.5) ? CENTERS[0]! : CENTERS[1]!;
  const distanceKm = Math.min(30, -Math.log(1 - random() * 0.999) * 4);
  const bearing = random() * 2 * Math.PI;
  const lat = center.latitude + (distanceKm / 111.32) * Math.cos(bearing);
  const lon =
    center.longitude + (distanceKm / (111.32 * Math.cos((center.latitude * Math.PI) / 180))) * Math.sin(bearing);
  return { lat, lon };
}

/** Creates the demo members (pictures when given a store, bios, interests, ages, positions, some online). */
export async function seedDemoMembers(db: Db, howMany = DEMO_MEMBER_COUNT, store?: MediaStore): Promise<number> {
  const random = seeded(20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  // Nobody signs in as a demo member: they share one hash of a random password.
  const passwordHash = await hashPassword(randomBytes(24).toString("base64url"));
  const now = Date.now();
  const rows: Array<{ user: typeof users.$inferInsert; lat: number; lon: number; online: boolean; lastSeen: Date }> =
    [];
  for (let i = 0; i < howMany; i += 1) {
    const name = pick(NAMES);
    const { lat, lon } = demoPosition(random);
    const interests = [...new Set(Array.from({ length: 2 + Math.floor(random() * 5) }, () => pick(INTERESTS)))];
    const online = random() < 0.3;
    const rightNow = online && random() < 0.25;
    rows.push({
      user: {
        email: `demo${i + 1}${DEMO_EMAIL_DOMAIN}`,
        username: `${name.toLowerCase()}${100 + i}`,
        passwordHash,
        firstName: name,
        displayName: random() < 0.3 ? `${name} ${String.fromCharCode(65 + Math.floor(random() * 26))}.` : name,
        age: 18 + Math.floor(random() * 42),
        bio: random() < 0.85 ? pick(BIOS) : null,
        interests,
        bodyType: pick(BODY_TYPES),
        position: pick(POSITIONS),
        privateMode: random() < 0.08,
        rightNowNote: rightNow
          ? pick(["Free for coffee", "At the beach", "Drinks downtown?", "Gym buddy wanted"])
          : null,
        rightNowUntil: rightNow ? new Date(now + (10 + Math.floor(random() * 50)) * 60_000) : null,
        locationSecret: randomBytes(16).toString("hex"),
      },
      lat,
      lon,
      online,
      lastSeen: new Date(
        now - (online ? Math.floor(random() * 120_000) : 3_600_000 + Math.floor(random() * 86_400_000)),
      ),
    });
  }
  const ids: string[] = [];
  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += 100) {
      const chunk = rows.slice(start, start + 100);
      const inserted = await tx
        .insert(users)
        .values(chunk.map((r) => r.user))
        .returning({ id: users.id, secret: users.locationSecret });
      ids.push(...inserted.map((u) => u.id));
      await tx.insert(locations).values(
        inserted.map((u, j) => {
          const r = chunk[j]!;
          const snapped = snapToPrivacyGrid({ latitude: r.lat, longitude: r.lon }, u.secret);
          return {
            userId: u.id,
            latitude: r.lat,
            longitude: r.lon,
            snappedLatitude: snapped.latitude,
            snappedLongitude: snapped.longitude,
          };
        }),
      );
      await tx.insert(presence).values(
        inserted.map((u, j) => ({
          userId: u.id,
          status: chunk[j]!.online ? ("online" as const) : ("offline" as const),
          lastSeenAt: chunk[j]!.lastSeen,
        })),
      );
    }
  });
  if (store) await seedDemoPhotos(db, store, ids, random);
  // After a bulk load, statistics (PostgreSQL's advice): the first calls are planned from the
  // members just written, not from an empty table's guesses (autovacuum would come within a
  // minute on PostgreSQL; PGlite's upkeep within five).
  await db.execute(sql`ANALYZE users, locations, presence, media, profile_photos`);
  return rows.length;
}

/**
 * Seeds a database without members (its first admin, made before the first start, does not
 * count); with a media store, most demo members get a profile picture.
 */
export async function seedDemoMembersIfEmpty(db: Db, store?: MediaStore): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(ne(users.accountRole, "admin"));
  if (Number(row?.n ?? 0) > 0) return 0;
  return seedDemoMembers(db, DEMO_MEMBER_COUNT, store);
}

/** The demo members' addresses (reserved .invalid domain: no mail can reach them). */
export const DEMO_EMAIL_DOMAIN = "@demo.vicinity.invalid";

/**
 * With demo data on, the demo members' positions stay younger than the map's 8 hours
 * (decisions.md 6), so a demo server that runs for days still shows them: called at start and
 * every hour. Real members' positions are never touched.
 */
export async function keepDemoPositionsFresh(db: Db): Promise<void> {
  await db.execute(
    sql`UPDATE locations SET updated_at = now() WHERE user_id IN (SELECT id FROM users WHERE email LIKE ${`%${DEMO_EMAIL_DOMAIN}`})`,
  );
}

export const DEMO_EVENTS: Array<{
  title: string;
  category: (typeof events.$inferInsert)["category"];
  venue: string;
  /** Where the venue is (about; the event's pin is within a hundred metres of it). */
  at: { latitude: number; longitude: number };
  description: string;
  hours: number;
  capacity: number;
}> = [
  {
    title: "Sunset drinks on the river",
    category: "drinks",
    venue: "Riverside Arts Market",
    at: { latitude: 30.3172, longitude: -81.6764 },
    description: "Casual drinks by the water. First round's on the host.",
    hours: 3,
    capacity: 30,
  },
  {
    title: "Beach volleyball",
    category: "sports",
    venue: "Jacksonville Beach Pier",
    at: { latitude: 30.2836, longitude: -81.3874 },
    description: "All levels welcome. We bring the net and the ball.",
    hours: 3,
    capacity: 12,
  },
  {
    title: "Board games night",
    category: "social",
    venue: "San Marco Square",
    at: { latitude: 30.3057, longitude: -81.653 },
    description: "Catan, Codenames and snacks. Bring a game if you like.",
    hours: 4,
    capacity: 16,
  },
  {
    title: "Morning run and coffee",
    category: "outdoors",
    venue: "Southbank Riverwalk",
    at: { latitude: 30.3205, longitude: -81.6585 },
    description: "An easy 5 km, then coffee nearby.",
    hours: 2,
    capacity: 25,
  },
  {
    title: "Drag brunch",
    category: "party",
    venue: "Five Points",
    at: { latitude: 30.3101, longitude: -81.6826 },
    description: "Bottomless mimosas and a show. Booking under the host's name.",
    hours: 3,
    capacity: 40,
  },
  {
    title: "Gallery walk",
    category: "arts",
    venue: "Downtown Art Walk",
    at: { latitude: 30.3287, longitude: -81.6591 },
    description: "First-Wednesday art walk; we meet at the fountain.",
    hours: 3,
    capacity: 20,
  },
  {
    title: "Yoga in the park",
    category: "wellness",
    venue: "Memorial Park",
    at: { latitude: 30.3036, longitude: -81.6852 },
    description: "Bring a mat and water. Beginners welcome.",
    hours: 1.5,
    capacity: 20,
  },
  {
    title: "Speed friending",
    category: "dating",
    venue: "Murray Hill",
    at: { latitude: 30.3083, longitude: -81.7108 },
    description: "Meet ten new people in an hour. No pressure.",
    hours: 2,
    capacity: 24,
  },
  {
    title: "Kayak the marsh",
    category: "outdoors",
    venue: "Fort George Island",
    at: { latitude: 30.4419, longitude: -81.4381 },
    description: "Rentals on site. About three hours on the water.",
    hours: 4,
    capacity: 10,
  },
  {
    title: "Karaoke night",
    category: "party",
    venue: "Riverside",
    at: { latitude: 30.3102, longitude: -81.6905 },
    description: "Private room booked. Duets encouraged.",
    hours: 3,
    capacity: 14,
  },
  {
    title: "Fernandina Beach cleanup",
    category: "outdoors",
    venue: "Main Beach Park, Fernandina",
    at: { latitude: 30.6914, longitude: -81.4268 },
    description: "Gloves and bags provided; lunch afterwards.",
    hours: 3,
    capacity: 30,
  },
  {
    title: "Book club: this month's pick",
    category: "social",
    venue: "Avondale",
    at: { latitude: 30.2928, longitude: -81.7063 },
    description: "We talk about the book for an hour, then whatever.",
    hours: 2,
    capacity: 12,
  },
];

/** Keep this many upcoming demo events, so a demo server that runs for weeks always has some. */
export const DEMO_UPCOMING_EVENTS = 10;

/**
 * With demo data on, the demo members host events around Jacksonville over the next two weeks;
 * topped up hourly with the positions (keepDemoPositionsFresh's caller).
 */
export async function ensureDemoEvents(db: Db, now = Date.now()): Promise<number> {
  const hosts = await db.execute(
    sql`SELECT u.id, l.latitude, l.longitude FROM users u JOIN locations l ON l.user_id = u.id WHERE u.email LIKE ${`%${DEMO_EMAIL_DOMAIN}`} ORDER BY u.email LIMIT 40`,
  );
  const hostRows = (hosts as unknown as { rows: Array<{ id: string; latitude: number; longitude: number }> }).rows;
  if (hostRows.length === 0) return 0;
  const upcoming = await db.execute(
    sql`SELECT count(*)::int AS n FROM events e JOIN users u ON u.id = e.host_id WHERE e.ends_at > now() AND u.email LIKE ${`%${DEMO_EMAIL_DOMAIN}`}`,
  );
  const have = Number((upcoming as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
  const random = seeded(now % 100_000);
  let made = 0;
  for (let i = have; i < DEMO_UPCOMING_EVENTS; i++) {
    const template = DEMO_EVENTS[Math.floor(random() * DEMO_EVENTS.length)]!;
    const host = hostRows[Math.floor(random() * hostRows.length)]!;
    // On the hour, from tomorrow to two weeks ahead, in the afternoon or evening.
    const day = 1 + Math.floor(random() * 14);
    const start = new Date(now + day * 86_400_000);
    start.setUTCHours(16 + Math.floor(random() * 8), 0, 0, 0);
    const secret = randomBytes(16).toString("hex");
    // At its venue (issue 37: the same pier was put 38, 36.5 and 4.7 km away), give or take a few dozen metres.
    const venue = {
      latitude: template.at.latitude + (random() - 0.5) * 0.001,
      longitude: template.at.longitude + (random() - 0.5) * 0.001,
    };
    const snapped = snapToPrivacyGrid(venue, secret);
    await db.insert(events).values({
      hostId: host.id,
      title: template.title,
      description: template.description,
      category: template.category,
      startsAt: start,
      endsAt: new Date(start.getTime() + template.hours * 3_600_000),
      timeZone: "America/New_York",
      venueName: template.venue,
      address: "",
      addressFor: "everyone",
      latitude: venue.latitude,
      longitude: venue.longitude,
      snappedLatitude: snapped.latitude,
      snappedLongitude: snapped.longitude,
      locationSecret: secret,
      capacity: template.capacity,
    });
    made += 1;
  }
  return made;
}

const DEMO_GROUPS: Array<{
  name: string;
  description: string;
  interests: string[];
  joinPolicy: "open" | "request";
  chat: string[];
}> = [
  {
    name: "Jax Runners",
    description: "Easy runs along the Riverwalk, Saturdays at 8.",
    interests: ["running", "coffee"],
    joinPolicy: "open",
    chat: ["Who's in for Saturday?", "Me! Southbank at 8?", "See you there."],
  },
  {
    name: "Beach Volleyball Crew",
    description: "Pick-up games at Jax Beach when the weather's good.",
    interests: ["beach", "sports"],
    joinPolicy: "open",
    chat: ["Net's up at 4th Ave.", "On my way."],
  },
  {
    name: "Riverside Book Club",
    description: "One book a month, one evening to talk about it.",
    interests: ["books", "coffee"],
    joinPolicy: "request",
    chat: ["This month: something short, please.", "Seconded."],
  },
  {
    name: "Gym Buddies Jacksonville",
    description: "Find a spotter, share a routine.",
    interests: ["gym"],
    joinPolicy: "open",
    chat: ["Anyone at the downtown gym tonight?"],
  },
  {
    name: "Foodies of Five Points",
    description: "New places to eat, every other week.",
    interests: ["cooking", "nightlife"],
    joinPolicy: "request",
    chat: ["That taco place opened!", "Friday?"],
  },
];

/** With demo data on, a few groups of demo members, with a little chat; made once. */
export async function ensureDemoGroups(db: Db): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(groups);
  if (Number(existing?.n ?? 0) > 0) return 0;
  const demo = (await db.execute(
    sql`SELECT id FROM users WHERE email LIKE ${`%${DEMO_EMAIL_DOMAIN}`} ORDER BY email LIMIT 60`,
  )) as unknown as { rows: Array<{ id: string }> };
  const ids = demo.rows.map((r) => r.id);
  if (ids.length < 10) return 0;
  const random = seeded(12);
  for (const [g, spec] of DEMO_GROUPS.entries()) {
    const secret = randomBytes(16).toString("hex");
    const owner = ids[g]!;
    const members = [owner, ...ids.filter((id) => id !== owner && random() < 0.2)];
    const home = snapToPrivacyGrid(
      { latitude: 30.33 + (random() - 0.5) * 0.1, longitude: -81.66 + (random() - 0.5) * 0.1 },
      secret,
    );
    await db.transaction(async (tx) => {
      const conversationId = await createGroupConversation(tx, {
        creatorId: owner,
        title: spec.name,
        memberIds: members,
      });
      const [group] = await tx
        .insert(groups)
        .values({
          name: spec.name,
          description: spec.description,
          rules: "Be kind. No selling.",
          interests: spec.interests,
          joinPolicy: spec.joinPolicy,
          locationSecret: secret,
          homeLatitude: home.latitude,
          homeLongitude: home.longitude,
          conversationId,
        })
        .returning({ id: groups.id });
      await tx.insert(groupMembers).values(
        members.map((userId, i) => ({
          groupId: group!.id,
          userId,
          role: i === 0 ? ("owner" as const) : ("member" as const),
          listed: random() < 0.5,
        })),
      );
      await tx.insert(groupLog).values({ groupId: group!.id, action: "created", actorId: owner });
      await appendMessages(
        tx,
        conversationId,
        spec.chat.map((content, i) => ({ senderId: members[i % members.length]!, content })),
      );
    });
  }
  return DEMO_GROUPS.length;
}
