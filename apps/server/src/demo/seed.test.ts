import { count, eq, isNotNull, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { events, locations, media, messages, profilePhotos, users } from "../db/schema";
import {
  DEMO_MEMBER_COUNT,
  DEMO_UPCOMING_EVENTS,
  ensureDemoEvents,
  ensureDemoGroups,
  keepDemoPositionsFresh,
  seedDemoMembersIfEmpty,
} from "./seed";
import { DEMO_PHOTO_SHARE } from "./seed-photos";
import { resetDatabase, startTestServer, testEngines, type TestServer } from "../test/harness";

describe.each(testEngines())("the demo seed (%s)", (engine) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer(engine);
    await resetDatabase(t.database);
  });
  afterAll(() => t.close());

  it("seeds the demo city once, most members with a picture served by the real pipeline", async () => {
    const store = t.server.context.mediaStore;
    expect(await seedDemoMembersIfEmpty(t.database.db, store)).toBe(DEMO_MEMBER_COUNT);
    expect(await seedDemoMembersIfEmpty(t.database.db, store)).toBe(0);

    const [withPhoto] = await t.database.db.select({ n: count() }).from(users).where(isNotNull(users.profileImageUrl));
    const share = Number(withPhoto?.n) / DEMO_MEMBER_COUNT;
    expect(share).toBeGreaterThan(DEMO_PHOTO_SHARE - 0.1);
    expect(share).toBeLessThan(DEMO_PHOTO_SHARE + 0.1);
    const [photos] = await t.database.db.select({ n: count() }).from(profilePhotos);
    expect(Number(photos?.n)).toBe(Number(withPhoto?.n));

    const [first] = await t.database.db.select().from(media).limit(1);
    const res = await t.server.app.inject({ method: "GET", url: `/media/${first!.id}?w=150&h=150&q=75&f=webp` });
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: "webp", width: 150, height: 150 });
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
  });
});
