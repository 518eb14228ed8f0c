import { count, eq, isNotNull, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { events, locations, media, messages, profilePhotos, users } from "../db/schema";
import {
  DEMO_MEMBER_COUNT,
  DEMO_UPCOMING_EVENTS,
  DEMO_EVENTS,
  ensureDemoEvents,
  ensureDemoGroups,
  keepDemoPositionsFresh,
  seedDemoMembersIfEmpty,
} from "./seed";
import { demoGroupPost, liveDemoMinute } from "./life";
import { sql } from "drizzle-orm";
import { queryRows } from "../db/database";
import { onlineNowSql } from "../presence/presence";
import { haversineMeters } from "../location/privacy-grid";
import { resetDatabase, startTestServer, testEngines, type TestServer } from "../test/harness";

describe.each(testEngines())("the demo seed (%s)", (engine) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer(engine);
    await resetDatabase(t.database);
  });
  afterAll(() => t.close());

  it("seeds the demo city once, every member with a picture served by the real pipeline, its app sizes made", async () => {
    const store = t.server.context.mediaStore;
    expect(await seedDemoMembersIfEmpty(t.database.db, store)).toBe(DEMO_MEMBER_COUNT);
    expect(await seedDemoMembersIfEmpty(t.database.db, store)).toBe(0);

    const [withPhoto] = await t.database.db.select({ n: count() }).from(users).where(isNotNull(users.profileImageUrl));
    expect(Number(withPhoto?.n)).toBe(DEMO_MEMBER_COUNT);
    const [photos] = await t.database.db.select({ n: count() }).from(profilePhotos);
    expect(Number(photos?.n)).toBe(Number(withPhoto?.n));

    const [first] = await t.database.db.select().from(media).limit(1);
    const res = await t.server.app.inject({ method: "GET", url: `/media/${first!.id}?w=150&h=150&q=75&f=webp` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-media-cache"]).toBe("hit");
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: "webp", width: 150, height: 150 });
    const marker = await t.server.app.inject({
      method: "GET",
      url: `/media/${first!.id}?w=48&h=48&q=85`,
      headers: { accept: "image/avif,image/webp,*/*" },
    });
    expect([marker.statusCode, marker.headers["content-type"], marker.headers["x-media-cache"]]).toEqual([
      200,
      "image/avif",
      "hit",
    ]);
  });

  it("lives: however long after the seed, about 30% of the demo members are online, some come and go, a few move", async () => {
    // As if the server had been up for hours: nobody's presence is fresh any more.
    await t.database.db.execute(sql`UPDATE presence SET last_seen_at = now() - interval '3 hours'`);
    const onlineIds = async () =>
      new Set(
        (
          await queryRows<{ id: string }>(
            t.database.db,
            sql`SELECT p.user_id AS id FROM presence p WHERE ${onlineNowSql("p")}`,
          )
        ).map((r) => r.id),
      );
    expect((await onlineIds()).size).toBe(0);
    const positions = async () =>
      new Map((await t.database.db.select().from(locations)).map((l) => [l.userId, `${l.latitude},${l.longitude}`]));
    const before = await positions();
    // A seeded generator: the same minutes on every run.
    let state = 7;
    const random = () => ((state = (state * 16807) % 2147483647) - 1) / 2147483646;
    let moved: Array<{ id: string }> = [];
    for (let minute = 0; minute < 60; minute++) moved = await liveDemoMinute(t.database.db, random);
    const first = await onlineIds();
    expect(first.size).toBeGreaterThan(DEMO_MEMBER_COUNT * 0.2);
    expect(first.size).toBeLessThan(DEMO_MEMBER_COUNT * 0.4);
    await liveDemoMinute(t.database.db, random);
    const next = await onlineIds();
    expect([...first].some((id) => !next.has(id))).toBe(true);
    expect([...next].some((id) => !first.has(id))).toBe(true);
    // Some of those who came on said what they are up to, for the hour to come.
    const [saying] = await queryRows<{ n: string }>(
      t.database.db,
      sql`SELECT count(*)::text AS n FROM users WHERE right_now_note IS NOT NULL AND right_now_until > now()`,
    );
    expect(Number(saying!.n)).toBeGreaterThan(5);
    // The last minute's movers are online and moved (a little: within about half a kilometre).
    expect(moved.length).toBeGreaterThan(0);
    const after = await positions();
    for (const { id } of moved) {
      expect(first.has(id)).toBe(true);
      const [lat0, lon0] = before.get(id)!.split(",").map(Number);
      const [lat1, lon1] = after.get(id)!.split(",").map(Number);
      expect(Math.abs(lat1! - lat0!) + Math.abs(lon1! - lon0!)).toBeLessThan(0.5);
    }
  });

  it("keeps the demo map and events alive: fresh positions, and always some upcoming events", async () => {
    await t.database.db.update(locations).set({ updatedAt: new Date(Date.now() - 24 * 3_600_000) });
    await keepDemoPositionsFresh(t.database.db);
    const [stale] = await t.database.db
      .select({ n: count() })
      .from(locations)
      .where(lt(locations.updatedAt, new Date(Date.now() - 60_000)));
    expect(Number(stale?.n)).toBe(0);

    expect(await ensureDemoEvents(t.database.db)).toBe(DEMO_UPCOMING_EVENTS);
    expect(await ensureDemoEvents(t.database.db)).toBe(0);
    // Two of them end: two new ones take their place.
    const some = await t.database.db.select({ id: events.id }).from(events).limit(2);
    for (const e of some)
      await t.database.db
        .update(events)
        .set({ startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 3_600_000) })
        .where(eq(events.id, e.id));
    expect(await ensureDemoEvents(t.database.db)).toBe(2);
    const list = await t.server.app.inject({
      method: "GET",
      url: "/api/events?latitude=30.45&longitude=-81.6&radius=100",
    });
    expect((list.json() as { events: unknown[] }).events).toHaveLength(DEMO_UPCOMING_EVENTS);
    // Each where its venue is (never a pier 38 km inland).
    for (const e of await t.database.db
      .select({ venue: events.venueName, latitude: events.latitude, longitude: events.longitude })
      .from(events)) {
      const venue = DEMO_EVENTS.find((d) => d.venue === e.venue);
      expect(venue, e.venue).toBeDefined();
      expect(haversineMeters(venue!.at, e)).toBeLessThan(200);
    }

    // A few groups, with members and a little chat; made once.
    expect(await ensureDemoGroups(t.database.db)).toBeGreaterThan(2);
    expect(await ensureDemoGroups(t.database.db)).toBe(0);
    const found = (await t.server.app.inject({ method: "GET", url: "/api/groups" })).json() as {
      groups: Array<{ memberCount: number }>;
    };
    expect(found.groups.length).toBeGreaterThan(2);
    expect(found.groups.every((g) => g.memberCount >= 1)).toBe(true);
    const [chat] = await t.database.db.select({ n: count() }).from(messages);
    expect(Number(chat?.n)).toBeGreaterThan(5);

    // Now and then a demo member online posts in one of his groups (the module stores and delivers it as any message).
    expect(await demoGroupPost(t.database.db, () => 0.5)).toBeNull();
    await t.database.db.execute(sql`UPDATE presence SET status = 'online', last_seen_at = now()`);
    const post = await demoGroupPost(t.database.db, () => 0);
    expect(post).not.toBeNull();
    const [member] = await queryRows<{ kind: string; online: boolean }>(
      t.database.db,
      sql`SELECT c.kind, ${onlineNowSql("p")} AS online FROM conversation_participants cp
        JOIN conversations c ON c.id = cp.conversation_id LEFT JOIN presence p ON p.user_id = cp.user_id
        WHERE cp.conversation_id = ${post!.conversationId}::uuid AND cp.user_id = ${post!.senderId}::uuid`,
    );
    expect(member).toEqual({ kind: "group", online: true });
    expect(post!.content.length).toBeGreaterThan(0);
  });
});
