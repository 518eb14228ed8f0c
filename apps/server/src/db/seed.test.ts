import { count, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { media, profilePhotos, users } from "./schema";
import { DEMO_MEMBER_COUNT, seedDemoMembersIfEmpty } from "./seed";
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
});
