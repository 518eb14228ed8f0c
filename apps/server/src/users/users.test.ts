import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { blocks, conversationParticipants, conversations, locations, messages, presence, users } from "../db/schema";
import { registerMember, resetDatabase, startTestServer, testEngines, type TestServer } from "../test/harness";
import { haversineMeters, privacyCellOf } from "../location/privacy-grid";
import { LOCATION_UPDATES_PER_MINUTE } from "./routes";
import { CITY, offset } from "../test/geo";

describe.each(testEngines())("members (%s)", (engine) => {
  let t: TestServer;
  const inject = (options: InjectOptions) => t.server.app.inject(options);

  beforeAll(async () => {
    t = await startTestServer(engine);
  });
  afterAll(() => t.close());
  beforeEach(() => resetDatabase(t.database));

  async function memberAt(email: string, km: number, bearing = 45) {
    const m = await registerMember(t.server, email);
    const res = await inject({
      method: "PUT",
      url: "/api/users/location",
      headers: { cookie: m.cookie },
      payload: offset(km, bearing),
    });
    expect(res.statusCode).toBe(200);
    return m;
  }

  const nearby = (cookie: string | undefined, query = `latitude=${CITY.latitude}&longitude=${CITY.longitude}`) =>
    inject({ method: "GET", url: `/api/users/nearby?${query}`, headers: cookie ? { cookie } : {} });

  describe("profile", () => {
    it("updates the given fields only, with role as the position, and the current user shows them", async () => {
      const { cookie } = await registerMember(t.server, "p@example.com");
      const res = await inject({
        method: "PUT",
        url: "/api/users/profile",
        headers: { cookie },
        payload: {
          firstName: " Theo ",
          age: 29,
          bio: "Hi",
          interests: [" Gym", "gym", "", "Beach "],
          bodyType: "athletic",
          role: "vers-bottom",
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        firstName: "Theo",
        age: 29,
        bio: "Hi",
        interests: ["Gym", "Beach"],
        bodyType: "athletic",
        role: "vers-bottom",
        accountRole: "member",
      });
      const second = await inject({
        method: "PUT",
        url: "/api/users/profile",
        headers: { cookie },
        payload: { bio: "Changed" },
      });
      expect(second.json()).toMatchObject({ firstName: "Theo", bio: "Changed", role: "vers-bottom" });
      const me = await inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
      expect(me.json()).toMatchObject({ firstName: "Theo", bio: "Changed" });
    });

    it("makes the first name he gives the name others see while he has chosen no display name", async () => {
      const sam = await memberAt("sam@example.com", 0.5);
      const other = await memberAt("other@example.com", 0.6);
      const put = (payload: Record<string, unknown>) =>
        inject({ method: "PUT", url: "/api/users/profile", headers: { cookie: sam.cookie }, payload });
      const seenAs = async () => {
        const list = (await nearby(other.cookie)).json() as Array<{ id: string; displayName: string | null }>;
        return list.find((u) => u.id === sam.id)?.displayName;
      };
      expect(await seenAs()).toBeNull();
      expect((await put({ firstName: " Sam " })).json()).toMatchObject({ firstName: "Sam", displayName: "Sam" });
      expect(await seenAs()).toBe("Sam");
      // A display name of his own wins, and a later first name does not overwrite it.
      expect((await put({ displayName: "Sammy B." })).statusCode).toBe(200);
      expect((await put({ firstName: "Samuel" })).json()).toMatchObject({
        firstName: "Samuel",
        displayName: "Sammy B.",
      });
      expect(await seenAs()).toBe("Sammy B.");
      // Cleared by him on purpose (with a first name in the same save): left cleared.
      expect((await put({ firstName: "Sam", displayName: null })).json()).toMatchObject({ displayName: null });
      expect(await seenAs()).toBeNull();
    });

    it("accepts the edges: age 18 and 99, 500-character bio, 10 interests of 30 characters", async () => {
      const { cookie } = await registerMember(t.server, "edge@example.com");
      for (const payload of [
        { age: 18 },
        { age: 99 },
        { bio: "b".repeat(500) },
        { interests: Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(30, "x")) },
      ]) {
        expect(
          (await inject({ method: "PUT", url: "/api/users/profile", headers: { cookie }, payload })).statusCode,
        ).toBe(200);
      }
    });

    it("can never change the account role", async () => {
      const { cookie, id } = await registerMember(t.server, "sneaky@example.com");
      const res = await inject({
        method: "PUT",
        url: "/api/users/profile",
        headers: { cookie },
        payload: { role: "admin" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain("position");
      const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
      expect(row?.accountRole).toBe("member");
    });
  });

  describe("location", () => {
    it("stores the exact position and a snapped one in the same 500 m cell, never equal", async () => {
      const { cookie, id } = await registerMember(t.server, "loc@example.com");
      const position = offset(3);
      await inject({ method: "PUT", url: "/api/users/location", headers: { cookie }, payload: position });
      const [row] = await t.database.db.select().from(locations).where(eq(locations.userId, id));
      expect(row).toMatchObject(position);
      const snapped = { latitude: row!.snappedLatitude, longitude: row!.snappedLongitude };
      expect(snapped).not.toEqual(position);
      expect(privacyCellOf(snapped)).toEqual(privacyCellOf(position));
      expect(haversineMeters(snapped, position)).toBeLessThan(710);
    });

    it("limits updates to 6 a minute (429)", async () => {
      const { cookie } = await registerMember(t.server, "fast@example.com");
      for (let i = 0; i < LOCATION_UPDATES_PER_MINUTE; i += 1) {
        expect(
          (await inject({ method: "PUT", url: "/api/users/location", headers: { cookie }, payload: offset(i) }))
            .statusCode,
        ).toBe(200);
      }
      const res = await inject({ method: "PUT", url: "/api/users/location", headers: { cookie }, payload: offset(9) });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ message: "Location updated too often. Try again in a few seconds." });
    });
  });

  describe("nearby", () => {
    it("lists members nearest first with km to one decimal, and never coordinates or emails", async () => {
      const me = await memberAt("me@example.com", 0);
      await memberAt("far@example.com", 12);
      await memberAt("near@example.com", 2);
      await memberAt("mid@example.com", 6);
      const res = await nearby(me.cookie);
      expect(res.statusCode).toBe(200);
      const list = res.json() as Array<Record<string, unknown>>;
      expect(list.map((u) => u.username)).toEqual(["near", "mid", "far"]);
      for (const u of list) {
        expect(Number.isInteger((u.distance as number) * 10)).toBe(true);
        for (const key of ["latitude", "longitude", "email", "snappedLatitude", "locationSecret", "passwordHash"])
          expect(u).not.toHaveProperty(key);
      }
      expect(res.body).not.toMatch(/30\.33\d{3}|-81\.65\d{3}/);
      // Within a cell's reach of the truth: 2 km, 6 km, 12 km.
      expect(Math.abs((list[0]!.distance as number) - 2)).toBeLessThan(0.8);
      expect(Math.abs((list[2]!.distance as number) - 12)).toBeLessThan(0.8);
    });

    it("leaves out himself, the suspended, and both sides of a block", async () => {
      const me = await memberAt("me@example.com", 0);
      const blockedByMe = await memberAt("blocked@example.com", 1);
      const blocksMe = await memberAt("blocker@example.com", 2);
      const suspended = await memberAt("suspended@example.com", 3);
      await memberAt("visible@example.com", 4);
      await t.database.db.insert(blocks).values([
        { blockerId: me.id, blockedId: blockedByMe.id },
        { blockerId: blocksMe.id, blockedId: me.id },
      ]);
      await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
      const list = (await nearby(me.cookie)).json() as Array<{ username: string }>;
      expect(list.map((u) => u.username)).toEqual(["visible"]);
    });

    it("hides the distance of a member in private mode", async () => {
      const me = await memberAt("me@example.com", 0);
      const hidden = await memberAt("hidden@example.com", 1);
      await t.database.db.update(users).set({ privateMode: true }).where(eq(users.id, hidden.id));
      const [u] = (await nearby(me.cookie)).json() as Array<{ distance: number | null; distanceHidden: boolean }>;
      expect(u).toMatchObject({ distance: null, distanceHidden: true });
    });

    it("keeps to the radius", async () => {
      const me = await memberAt("me@example.com", 0);
      await memberAt("inside@example.com", 4);
      await memberAt("outside@example.com", 8);
      const list = (
        await nearby(me.cookie, `latitude=${CITY.latitude}&longitude=${CITY.longitude}&radius=5`)
      ).json() as Array<{ username: string }>;
      expect(list.map((u) => u.username)).toEqual(["inside"]);
    });

    it("pages through everyone by the cursor, in order, without repeats", async () => {
      const me = await memberAt("me@example.com", 0);
      for (let i = 1; i <= 7; i += 1) await memberAt(`pal${i}@example.com`, i * 1.3, i * 40);
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const res = await nearby(
          me.cookie,
          `latitude=${CITY.latitude}&longitude=${CITY.longitude}&limit=3${cursor ? `&cursor=${cursor}` : ""}`,
        );
        seen.push(...(res.json() as Array<{ username: string }>).map((u) => u.username));
        cursor = res.headers["x-next-cursor"] as string | undefined;
        pages += 1;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(seen).toEqual(["pal1", "pal2", "pal3", "pal4", "pal5", "pal6", "pal7"]);
    });

    it("shows who is online and who is available Right Now", async () => {
      const me = await memberAt("me@example.com", 0);
      const on = await memberAt("online@example.com", 1);
      const now = await memberAt("rightnow@example.com", 2);
      await inject({ method: "POST", url: "/api/heartbeat", headers: { cookie: on.cookie } });
      await t.database.db
        .update(users)
        .set({ rightNowNote: "Coffee?", rightNowUntil: new Date(Date.now() + 30 * 60_000) })
        .where(eq(users.id, now.id));
      const list = (await nearby(me.cookie)).json() as Array<{
        username: string;
        isOnline: boolean;
        rightNow: unknown;
      }>;
      expect(list.find((u) => u.username === "online")?.isOnline).toBe(true);
      expect(list.find((u) => u.username === "rightnow")).toMatchObject({
        isOnline: false,
        rightNow: { note: "Coffee?" },
      });
    });

    it("answers visitors too (limited browsing), with an empty list far from everyone", async () => {
      await memberAt("someone@example.com", 1);
      expect(((await nearby(undefined)).json() as unknown[]).length).toBe(1);
      expect((await nearby(undefined, "latitude=-33.86&longitude=151.2")).json()).toEqual([]);
    });
  });

  describe("presence and counts", () => {
    it("counts members seen within the heartbeat window; logout takes one out", async () => {
      const a = await registerMember(t.server, "a@example.com");
      const b = await registerMember(t.server, "b@example.com");
      const stale = await registerMember(t.server, "stale@example.com");
      for (const m of [a, b, stale])
        await inject({ method: "POST", url: "/api/heartbeat", headers: { cookie: m.cookie } });
      await t.database.db
        .update(presence)
        .set({ lastSeenAt: new Date(Date.now() - 7 * 60_000) })
        .where(eq(presence.userId, stale.id));
      const count = async () =>
        (await inject({ method: "GET", url: "/api/users/online-count", headers: { cookie: a.cookie } })).json();
      expect(await count()).toBe(2);
      await inject({ method: "POST", url: "/api/logout", headers: { cookie: b.cookie } });
      expect(await count()).toBe(1);
    });

    it("sums unread messages from others over all conversations, after the last read one", async () => {
      const me = await registerMember(t.server, "me@example.com");
      const x = await registerMember(t.server, "x@example.com");
      const y = await registerMember(t.server, "y@example.com");
      const db = t.database.db;
      const [c1] = await db
        .insert(conversations)
        .values({ directKey: `${me.id}:${x.id}` })
        .returning();
      const [c2] = await db
        .insert(conversations)
        .values({ directKey: `${me.id}:${y.id}` })
        .returning();
      await db.insert(conversationParticipants).values([
        { conversationId: c1!.id, userId: me.id },
        { conversationId: c1!.id, userId: x.id },
        { conversationId: c2!.id, userId: me.id },
        { conversationId: c2!.id, userId: y.id },
      ]);
      const sent = await db
        .insert(messages)
        .values([
          { conversationId: c1!.id, senderId: x.id, content: "1" },
          { conversationId: c1!.id, senderId: me.id, content: "mine" },
          { conversationId: c1!.id, senderId: x.id, content: "2" },
          { conversationId: c2!.id, senderId: y.id, content: "3" },
        ])
        .returning();
      const unread = async () =>
        (await inject({ method: "GET", url: "/api/messages/unread-count", headers: { cookie: me.cookie } })).json();
      expect(await unread()).toBe(3);
      await db
        .update(conversationParticipants)
        .set({ lastReadMessageId: sent[0]!.id })
        .where(eq(conversationParticipants.conversationId, c1!.id));
      expect(await unread()).toBe(2);
      expect(
        (await inject({ method: "GET", url: "/api/messages/unread-count", headers: { cookie: x.cookie } })).json(),
      ).toBe(1);
    });
  });
});
