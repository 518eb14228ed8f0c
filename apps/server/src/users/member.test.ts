import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  blocks,
  media,
  messages,
  conversations,
  presence,
  conversationParticipants,
  reports,
  sessions,
  users,
} from "../db/schema";
import {
  guestCookie,
  registerMember,
  resetDatabase,
  sessionCookie,
  startTestServer,
  STRONG_PASSWORD,
  testEngines,
  type TestServer,
} from "../test/harness";
import { jpegWithGps, pictureForm } from "../test/pictures";
import { NO_MEMBER_FILTERS, type Position } from "@vicinity/contract";
import { Sealer } from "../http/sealed";
import { decodeCursor, FILTER_POOL, findNearby, type NearbyPosition } from "./nearby";
import { CITY, offset } from "../test/geo";

const HERE = CITY;
const north = (km: number) => offset(km, 0);

describe.each(testEngines())("member profiles, photos, block, report, Right Now and the account (%s)", (engine) => {
  let t: TestServer;
  const inject = (options: InjectOptions) => t.server.app.inject(options);

  beforeAll(async () => {
    t = await startTestServer(engine);
  });
  afterAll(() => t.close());
  beforeEach(() => resetDatabase(t.database));

  async function member(
    email: string,
    at: { latitude: number; longitude: number } | null,
    profile: Record<string, unknown> = {},
  ) {
    const m = await registerMember(t.server, email);
    if (at)
      expect(
        (await inject({ method: "PUT", url: "/api/users/location", headers: { cookie: m.cookie }, payload: at }))
          .statusCode,
      ).toBe(200);
    if (Object.keys(profile).length)
      expect(
        (await inject({ method: "PUT", url: "/api/users/profile", headers: { cookie: m.cookie }, payload: profile }))
          .statusCode,
      ).toBe(200);
    return m;
  }

  async function uploadPhoto(cookie: string) {
    const up = await inject({
      method: "POST",
      url: "/api/media",
      headers: { cookie },
      payload: pictureForm(await jpegWithGps(120, 90)),
    });
    expect(up.statusCode).toBe(201);
    return (up.json() as { id: string }).id;
  }

  const nearby = (cookie: string, extra = "") =>
    inject({
      method: "GET",
      url: `/api/users/nearby?latitude=${HERE.latitude}&longitude=${HERE.longitude}${extra}`,
      headers: { cookie },
    });

  describe("the member profile", () => {
    it("shows his profile, photos, distance from the viewer's snapped position and the compatibility", async () => {
      const viewer = await member("v@example.com", HERE, {
        firstName: "Vic",
        age: 30,
        interests: ["Hiking", "Jazz", "Dogs"],
      });
      const other = await member("o@example.com", north(4), {
        firstName: "Otto",
        age: 31,
        interests: ["hiking", "jazz"],
        bio: "Hi there",
        bodyType: "athletic",
        role: "versatile",
      });
      const photo = await uploadPhoto(other.cookie);
      expect(
        (
          await inject({
            method: "POST",
            url: "/api/users/photos",
            headers: { cookie: other.cookie },
            payload: { mediaId: photo },
          })
        ).statusCode,
      ).toBe(201);

      const res = await inject({ method: "GET", url: `/api/users/${other.id}`, headers: { cookie: viewer.cookie } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        id: other.id,
        firstName: "Otto",
        age: 31,
        bio: "Hi there",
        bodyType: "athletic",
        role: "versatile",
        isBlocked: false,
        distanceHidden: false,
      });
      expect(body.photos).toEqual([{ id: photo, url: `/media/${photo}`, width: 120, height: 90 }]);
      expect(body.profileImageUrl).toBe(`/media/${photo}`);
      expect(body.distance).toBeGreaterThan(2.5);
      expect(body.distance).toBeLessThan(5.5);
      expect(body.compatibility.sharedInterests).toEqual(["hiking", "jazz"]);
      expect(body.compatibility.score).toBe(
        body.compatibility.parts.interests + body.compatibility.parts.age + body.compatibility.parts.distance,
      );
      expect(JSON.stringify(body)).not.toMatch(/latitude|longitude|email|passwordHash|locationSecret/);
    });

    it("hides the distance in private mode and after 'Distance hidden' still scores neutrally", async () => {
      const viewer = await member("v@example.com", HERE);
      const other = await member("o@example.com", north(2), { privateMode: true });
      const body = (
        await inject({ method: "GET", url: `/api/users/${other.id}`, headers: { cookie: viewer.cookie } })
      ).json();
      expect(body).toMatchObject({ distance: null, distanceHidden: true });
      expect(body.compatibility.parts.distance).toBe(10);
    });

    it("is for members; unknown, malformed, suspended and blocking members read 'Member not found'", async () => {
      const viewer = await member("v@example.com", HERE);
      const other = await member("o@example.com", HERE);
      const get = (id: string, cookie?: string) =>
        inject({ method: "GET", url: `/api/users/${id}`, headers: cookie ? { cookie } : {} });
      expect((await get(other.id)).statusCode).toBe(401);
      expect((await get(other.id, await guestCookie(t.server))).statusCode).toBe(403);
      for (const id of ["nope", "00000000-0000-4000-8000-000000000000", "' OR 1=1 --"]) {
        const res = await get(encodeURIComponent(id), viewer.cookie);
        expect(res.statusCode, id).toBe(404);
        expect(res.json().message).toBe("Member not found");
      }
      await t.database.db.insert(blocks).values({ blockerId: other.id, blockedId: viewer.id });
      expect((await get(other.id, viewer.cookie)).statusCode).toBe(404);
      await t.database.db.delete(blocks);
      await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, other.id));
      expect((await get(other.id, viewer.cookie)).statusCode).toBe(404);
    });
  });

  describe("block", () => {
    it("hides each from the other's discovery, and unblocking brings them back", async () => {
      const a = await member("a@example.com", HERE);
      const b = await member("b@example.com", north(1));
      const ids = async (cookie: string) => ((await nearby(cookie)).json() as Array<{ id: string }>).map((u) => u.id);
      expect(await ids(a.cookie)).toContain(b.id);

      const res = await inject({ method: "POST", url: `/api/users/${b.id}/block`, headers: { cookie: a.cookie } });
      expect(res.statusCode).toBe(200);
      expect(await ids(a.cookie)).not.toContain(b.id);
      expect(await ids(b.cookie)).not.toContain(a.id);
      // Twice is fine and stores one row.
      expect(
        (await inject({ method: "POST", url: `/api/users/${b.id}/block`, headers: { cookie: a.cookie } })).statusCode,
      ).toBe(200);
      expect(await t.database.db.select().from(blocks)).toHaveLength(1);
      // His profile says so; the blocked one sees nothing.
      expect(
        (await inject({ method: "GET", url: `/api/users/${b.id}`, headers: { cookie: a.cookie } })).json().isBlocked,
      ).toBe(true);
      expect(
        (await inject({ method: "GET", url: `/api/users/${a.id}`, headers: { cookie: b.cookie } })).statusCode,
      ).toBe(404);
      const list = (await inject({ method: "GET", url: "/api/users/blocked", headers: { cookie: a.cookie } })).json();
      expect(list).toEqual([expect.objectContaining({ id: b.id, username: b.username })]);

      expect(
        (await inject({ method: "DELETE", url: `/api/users/${b.id}/block`, headers: { cookie: a.cookie } })).statusCode,
      ).toBe(200);
      expect(await ids(a.cookie)).toContain(b.id);
      expect(await ids(b.cookie)).toContain(a.id);
    });

    it("refuses blocking oneself, unknown members, visitors and guests", async () => {
      const a = await member("a@example.com", HERE);
      const self = await inject({ method: "POST", url: `/api/users/${a.id}/block`, headers: { cookie: a.cookie } });
      expect(self.statusCode).toBe(400);
      expect(self.json().message).toBe("You cannot block yourself");
      expect(
        (
          await inject({
            method: "POST",
            url: "/api/users/00000000-0000-4000-8000-000000000000/block",
            headers: { cookie: a.cookie },
          })
        ).statusCode,
      ).toBe(404);
      expect((await inject({ method: "POST", url: `/api/users/${a.id}/block` })).statusCode).toBe(401);
      expect(
        (
          await inject({
            method: "POST",
            url: `/api/users/${a.id}/block`,
            headers: { cookie: await guestCookie(t.server) },
          })
        ).statusCode,
      ).toBe(403);
      expect(await t.database.db.select().from(blocks)).toHaveLength(0);
    });
  });

  describe("report", () => {
    it("files a report for the admin queue once while it is open", async () => {
      const a = await member("a@example.com", HERE);
      const b = await member("b@example.com", HERE);
      const res = await inject({
        method: "POST",
        url: `/api/users/${b.id}/report`,
        headers: { cookie: a.cookie },
        payload: { reason: "fake", details: "  Stolen pictures  " },
      });
      expect(res.statusCode).toBe(201);
      const [row] = await t.database.db.select().from(reports);
      expect(row).toMatchObject({
        reporterId: a.id,
        reportedId: b.id,
        reason: "fake",
        details: "Stolen pictures",
        status: "open",
      });
      const again = await inject({
        method: "POST",
        url: `/api/users/${b.id}/report`,
        headers: { cookie: a.cookie },
        payload: { reason: "spam" },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe("You already reported this member. Our team is looking into it.");
    });

    it("refuses bad reports and stores nothing", async () => {
      const a = await member("a@example.com", HERE);
      const b = await member("b@example.com", HERE);
      const cases: Array<[string, unknown, number, RegExp]> = [
        [b.id, {}, 400, /reason must be one of/],
        [b.id, { reason: "ugly" }, 400, /reason must be one of/],
        [b.id, { reason: "spam", details: "x".repeat(1001) }, 400, /at most 1000/],
        [b.id, { reason: "spam", details: 5 }, 400, /details must be text/],
        [b.id, { reason: "spam", extra: 1 }, 400, /Unknown field: extra/],
        [b.id, "not json", 400, /JSON/],
        [a.id, { reason: "spam" }, 400, /cannot report yourself/],
        ["00000000-0000-4000-8000-000000000000", { reason: "spam" }, 404, /Member not found/],
      ];
      for (const [id, payload, status, message] of cases) {
        const res = await inject({
          method: "POST",
          url: `/api/users/${id}/report`,
          headers: { cookie: a.cookie, "content-type": "application/json" },
          payload: typeof payload === "string" ? payload : JSON.stringify(payload),
        });
        expect(res.statusCode, JSON.stringify(payload)).toBe(status);
        expect(res.json().message).toMatch(message);
      }
      expect(await t.database.db.select().from(reports)).toHaveLength(0);
    });
  });

  describe("profile photos", () => {
    it("adds, reorders (the first is the main one) and deletes, keeping profileImageUrl in step", async () => {
      const a = await member("a@example.com", HERE);
      const [p1, p2, p3] = [await uploadPhoto(a.cookie), await uploadPhoto(a.cookie), await uploadPhoto(a.cookie)];
      for (const id of [p1, p2, p3])
        expect(
          (
            await inject({
              method: "POST",
              url: "/api/users/photos",
              headers: { cookie: a.cookie },
              payload: { mediaId: id },
            })
          ).statusCode,
        ).toBe(201);
      const main = async () =>
        (await inject({ method: "GET", url: "/api/auth/user", headers: { cookie: a.cookie } })).json().profileImageUrl;
      expect(await main()).toBe(`/media/${p1}`);

      const ordered = await inject({
        method: "PUT",
        url: "/api/users/photos/order",
        headers: { cookie: a.cookie },
        payload: { ids: [p3, p1, p2] },
      });
      expect(ordered.json().map((p: { id: string }) => p.id)).toEqual([p3, p1, p2]);
      expect(await main()).toBe(`/media/${p3}`);

      const left = await inject({ method: "DELETE", url: `/api/users/photos/${p3}`, headers: { cookie: a.cookie } });
      expect(left.json().map((p: { id: string }) => p.id)).toEqual([p1, p2]);
      expect(await main()).toBe(`/media/${p1}`);
      expect((await inject({ method: "GET", url: `/media/${p3}`, headers: { cookie: a.cookie } })).statusCode).toBe(
        404,
      );
      for (const id of [p1, p2])
        await inject({ method: "DELETE", url: `/api/users/photos/${id}`, headers: { cookie: a.cookie } });
      expect(await main()).toBeNull();
    });

    it("refuses someone else's picture, duplicates, a seventh picture and bad orders", async () => {
      const a = await member("a@example.com", HERE);
      const b = await member("b@example.com", HERE);
      const theirs = await uploadPhoto(b.cookie);
      const add = (mediaId: unknown) =>
        inject({ method: "POST", url: "/api/users/photos", headers: { cookie: a.cookie }, payload: { mediaId } });
      expect((await add(theirs)).statusCode).toBe(404);
      expect((await add("nope")).json().message).toMatch(/mediaId must be the id of a picture you uploaded/);
      const mine: string[] = [];
      for (let i = 0; i < 6; i++) {
        mine.push(await uploadPhoto(a.cookie));
        expect((await add(mine[i])).statusCode).toBe(201);
      }
      expect((await add(mine[0])).statusCode).toBe(409);
      const seventh = await add(await uploadPhoto(a.cookie));
      expect(seventh.statusCode).toBe(400);
      expect(seventh.json().message).toBe("You can have at most 6 pictures. Delete one first.");

      const order = (ids: unknown) =>
        inject({ method: "PUT", url: "/api/users/photos/order", headers: { cookie: a.cookie }, payload: { ids } });
      for (const bad of [mine.slice(1), [...mine.slice(1), mine[1]], [...mine.slice(1), theirs]]) {
        const res = await order(bad);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe("ids must list each of your pictures exactly once");
      }
      expect((await order("x")).statusCode).toBe(400);
      expect(
        (await inject({ method: "DELETE", url: `/api/users/photos/${theirs}`, headers: { cookie: a.cookie } }))
          .statusCode,
      ).toBe(404);
      expect(await t.database.db.select().from(media)).toHaveLength(8);
    });
  });

  describe("Right Now", () => {
    it("lasts 60 minutes, shows on cards and filters the grid", async () => {
      const a = await member("a@example.com", HERE);
      const b = await member("b@example.com", north(1));
      await member("c@example.com", north(2));
      const set = await inject({
        method: "PUT",
        url: "/api/users/right-now",
        headers: { cookie: b.cookie },
        payload: { note: "  Coffee near the park  " },
      });
      expect(set.statusCode).toBe(200);
      const until = Date.parse(set.json().rightNow.until);
      expect(set.json().rightNow.note).toBe("Coffee near the park");
      expect(until - Date.now()).toBeGreaterThan(59 * 60_000);
      expect(until - Date.now()).toBeLessThanOrEqual(60 * 60_000);

      const filtered = (await nearby(a.cookie, "&rightNow=true")).json() as Array<{ id: string; rightNow: unknown }>;
      expect(filtered.map((u) => u.id)).toEqual([b.id]);
      expect(filtered[0]?.rightNow).toMatchObject({ note: "Coffee near the park" });
      expect(((await nearby(a.cookie)).json() as unknown[]).length).toBe(2);

      // Expired: gone from the filter and from cards.
      await t.database.db
        .update(users)
        .set({ rightNowUntil: new Date(Date.now() - 1000) })
        .where(eq(users.id, b.id));
      expect((await nearby(a.cookie, "&rightNow=true")).json()).toEqual([]);

      await inject({
        method: "PUT",
        url: "/api/users/right-now",
        headers: { cookie: b.cookie },
        payload: { note: "Drinks" },
      });
      const cleared = await inject({ method: "DELETE", url: "/api/users/right-now", headers: { cookie: b.cookie } });
      expect(cleared.json().rightNow).toBeNull();
      expect((await nearby(a.cookie, "&rightNow=true")).json()).toEqual([]);
    });

    it("refuses bad notes and bad filters", async () => {
      const a = await member("a@example.com", HERE);
      for (const [payload, message] of [
        [{}, /note is required/],
        [{ note: "   " }, /Say what you are up for/],
        [{ note: "x".repeat(81) }, /at most 80/],
        [{ note: 3 }, /note must be text/],
      ] as const) {
        const res = await inject({
          method: "PUT",
          url: "/api/users/right-now",
          headers: { cookie: a.cookie },
          payload,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(message);
      }
      expect((await nearby(a.cookie, "&rightNow=yes")).json().message).toMatch(/rightNow must be true or false/);
      expect((await nearby(a.cookie, "&sort=random")).json().message).toMatch(/sort must be one of: nearest, best/);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, a.id));
      expect(row?.rightNowNote).toBeNull();
    });
  });

  describe("Best match", () => {
    it("orders by the server's score, pages through it, and Nearest stays by distance", async () => {
      const me = await member("me@example.com", HERE, { age: 30, interests: ["Hiking", "Jazz", "Dogs"] });
      const near = await member("near@example.com", north(0.6), { age: 60, interests: [] });
      const mid = await member("mid@example.com", north(3), { age: 31, interests: ["jazz"] });
      const far = await member("far@example.com", north(9), { age: 30, interests: ["hiking", "jazz", "dogs"] });

      const nearest = (await nearby(me.cookie)).json() as Array<{ id: string }>;
      expect(nearest.map((u) => u.id)).toEqual([near.id, mid.id, far.id]);

      const best = (await nearby(me.cookie, "&sort=best")).json() as Array<{
        id: string;
        compatibility: { score: number };
      }>;
      expect(best.map((u) => u.id)).toEqual([far.id, mid.id, near.id]);
      const scores = best.map((u) => u.compatibility.score);
      expect([...scores].sort((x, y) => y - x)).toEqual(scores);

      const first = await nearby(me.cookie, "&sort=best&limit=2");
      expect((first.json() as Array<{ id: string }>).map((u) => u.id)).toEqual([far.id, mid.id]);
      const cursor = String(first.headers["x-next-cursor"]);
      const second = await nearby(me.cookie, `&sort=best&limit=2&cursor=${encodeURIComponent(cursor)}`);
      expect((second.json() as Array<{ id: string }>).map((u) => u.id)).toEqual([near.id]);
      expect(second.headers["x-next-cursor"]).toBeUndefined();
      // A nearest cursor is not a best-match cursor.
      expect((await nearby(me.cookie, "&sort=best&cursor=eyJrIjoxfQ")).statusCode).toBe(400);
    });

    it("gives visitors no score", async () => {
      await member("a@example.com", HERE);
      const res = await inject({
        method: "GET",
        url: `/api/users/nearby?latitude=${HERE.latitude}&longitude=${HERE.longitude}`,
      });
      expect((res.json() as Array<{ compatibility: unknown }>)[0]?.compatibility).toBeNull();
    });
  });

  describe("filters (issue 37)", () => {
    /** Four members with different profiles, one in private mode, one online, one with a photo, one Right Now. */
    async function crowd() {
      const me = await member("me@example.com", HERE, { age: 30 });
      const young = await member("young@example.com", north(1), { age: 22, role: "bottom", bodyType: "slim" });
      const mid = await member("mid@example.com", north(2), { age: 33, role: "top", bodyType: "athletic" });
      const older = await member("older@example.com", north(3), { age: 45, role: "versatile", bodyType: "athletic" });
      const quiet = await member("quiet@example.com", north(4), { age: 35, role: "top", privateMode: true });
      const noAge = await member("noage@example.com", north(5), { role: "top" });
      await t.database.db.insert(presence).values({ userId: mid.id, status: "online", lastSeenAt: new Date() });
      await t.database.db
        .update(users)
        .set({ profileImageUrl: "/media/00000000-0000-4000-8000-000000000001" })
        .where(eq(users.id, older.id));
      await t.database.db
        .update(users)
        .set({ rightNowNote: "Coffee", rightNowUntil: new Date(Date.now() + 600_000) })
        .where(eq(users.id, young.id));
      return { me, young, mid, older, quiet, noAge };
    }
    const ids = async (cookie: string, extra: string) => {
      const res = await nearby(cookie, extra);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Array<{ id: string }>).map((u) => u.id);
    };

    it("narrows the search on the server, every filter with the others, private-mode members too", async () => {
      const { me, young, mid, older, quiet, noAge } = await crowd();
      expect(await ids(me.cookie, "")).toEqual([young.id, mid.id, older.id, noAge.id, quiet.id]);
      // A narrowed age range leaves out those who give no age.
      expect(await ids(me.cookie, "&ageMin=30&ageMax=40")).toEqual([mid.id, quiet.id]);
      expect(await ids(me.cookie, "&position=top")).toEqual([mid.id, noAge.id, quiet.id]);
      expect(await ids(me.cookie, "&position=top,versatile&bodyType=athletic")).toEqual([mid.id, older.id]);
      expect(await ids(me.cookie, "&online=true")).toEqual([mid.id]);
      expect(await ids(me.cookie, "&photos=true")).toEqual([older.id]);
      expect(await ids(me.cookie, "&rightNow=true")).toEqual([young.id]);
      expect(await ids(me.cookie, "&ageMin=40&position=bottom")).toEqual([]);
      // Best match ranks the matches only.
      expect((await ids(me.cookie, "&sort=best&position=top")).sort()).toEqual([mid.id, noAge.id, quiet.id].sort());
    });

    it("Favorites: only the members he starred, each with a star; his alone (issue 38)", async () => {
      const { me, young, mid, quiet } = await crowd();
      for (const id of [mid.id, quiet.id]) {
        const res = await inject({ method: "PUT", url: `/api/users/${id}/favorite`, headers: { cookie: me.cookie } });
        expect(res.statusCode, res.body).toBe(200);
      }
      // The private-mode member comes after those who show their distance, as always.
      expect(await ids(me.cookie, "&favorites=true")).toEqual([mid.id, quiet.id]);
      expect(await ids(me.cookie, "&favorites=true&online=true")).toEqual([mid.id]);
      expect((await ids(me.cookie, "&sort=best&favorites=true")).sort()).toEqual([mid.id, quiet.id].sort());
      const stars = ((await nearby(me.cookie, "")).json() as Array<{ id: string; isFavorite: boolean }>)
        .filter((u) => u.isFavorite)
        .map((u) => u.id);
      expect(stars).toEqual([mid.id, quiet.id]);
      // Another member's Favorites are his own: nobody starred by him, and no star of mine shows to him.
      expect(await ids(young.cookie, "&favorites=true")).toEqual([]);
      const his = (await nearby(young.cookie, "")).json() as Array<{ isFavorite: boolean }>;
      expect(his.length).toBeGreaterThan(0);
      expect(his.every((u) => u.isFavorite === false)).toBe(true);
      // Unstarred: gone from the filter at once.
      await inject({ method: "DELETE", url: `/api/users/${mid.id}/favorite`, headers: { cookie: me.cookie } });
      expect(await ids(me.cookie, "&favorites=true")).toEqual([quiet.id]);
    });

    it("pages a filtered search to its end with its cursor", async () => {
      const { me, mid, older, quiet, noAge } = await crowd();
      const seen: string[] = [];
      let cursor = "";
      for (let page = 0; page < 5; page++) {
        const res = await nearby(me.cookie, `&position=top,versatile&limit=1${cursor}`);
        expect(res.statusCode).toBe(200);
        seen.push(...(res.json() as Array<{ id: string }>).map((u) => u.id));
        const next = res.headers["x-next-cursor"];
        if (!next) break;
        cursor = `&cursor=${encodeURIComponent(String(next))}`;
      }
      expect(seen).toEqual([mid.id, older.id, noAge.id, quiet.id]);
    });

    it("chooses among the nearest members of its pool only, then those in private mode; its cursor counts the pool read", async () => {
      const { me, mid, older, quiet } = await crowd();
      const sealer = new Sealer("a-test-secret-a-test-secret-a-test-secret", "nearby-cursor");
      const search = {
        latitude: HERE.latitude,
        longitude: HERE.longitude,
        radius: 25,
        limit: 1,
        viewerId: me.id,
        filters: { ...NO_MEMBER_FILTERS, positions: ["top", "versatile"] as Position[] },
        // The nearest three who show their distance: young (bottom), mid and older; noAge (top, 5 km) is past it.
        pool: 3,
      };
      const seen: string[] = [];
      let position: NearbyPosition | null = null;
      const cursors: Array<NearbyPosition | null> = [];
      for (let page = 0; page < 5; page++) {
        const { users: found, nextCursor } = await findNearby(t.database.db, sealer, search, position);
        seen.push(...found.map((u) => u.id));
        if (!nextCursor) break;
        const next = decodeCursor(sealer, nextCursor);
        expect(next).not.toBe("invalid");
        position = next as NearbyPosition;
        cursors.push(position);
      }
      expect(seen).toEqual([mid.id, older.id, quiet.id]);
      expect(cursors[0]).toMatchObject({ phase: "public", scanned: 2 });
      // A cursor that claims more of the pool than there is was not made here.
      const forged = sealer.seal({ phase: "public", knn: 1, scanned: FILTER_POOL + 1 });
      expect(decodeCursor(sealer, forged)).toBe("invalid");
    });

    it("refuses bad filters with a message", async () => {
      const { me } = await crowd();
      for (const [extra, message] of [
        ["&ageMin=17", "ageMin must be between 18 and 99"],
        ["&ageMin=40&ageMax=30", "ageMin can be at most ageMax"],
        ["&position=king", "position must be among: top, vers-top, versatile, vers-bottom, bottom, side"],
        ["&bodyType=slim,slim", "bodyType names a value twice"],
        ["&online=yes", "online must be true or false"],
        ["&photos=true&photos=true", "photos must be true or false"],
        ["&favorites=1", "favorites must be true or false"],
        ["&colour=red", undefined],
      ] as const) {
        const res = await nearby(me.cookie, extra);
        expect(res.statusCode, extra).toBe(400);
        if (message) expect(res.json().message).toBe(message);
      }
    });

    it("saves a member's filters (his session user carries them), keeps none as none, refuses bad ones unchanged", async () => {
      const me = await member("me@example.com", HERE);
      const save = (payload: object) =>
        inject({ method: "PUT", url: "/api/users/filters", headers: { cookie: me.cookie }, payload });
      const saved = {
        ageMin: 25,
        ageMax: 40,
        positions: ["top"],
        bodyTypes: [],
        online: true,
        photos: false,
        rightNow: false,
      };
      // Without `favorites` (the shape saved before issue 38): read as off.
      const older = await save(saved);
      expect(older.statusCode).toBe(200);
      expect(older.json().nearbyFilters).toEqual({ ...saved, favorites: false });
      const res = await save({ ...saved, favorites: true });
      expect(res.statusCode).toBe(200);
      expect(res.json().nearbyFilters).toEqual({ ...saved, favorites: true });
      const current = async () =>
        (await inject({ method: "GET", url: "/api/auth/user", headers: { cookie: me.cookie } })).json().nearbyFilters;
      expect(await current()).toEqual({ ...saved, favorites: true });

      for (const [payload, message] of [
        [{ ...saved, ageMin: 50 }, "ageMin can be at most ageMax"],
        [
          { ...saved, positions: ["king"] },
          "positions must be among: top, vers-top, versatile, vers-bottom, bottom, side",
        ],
        [{ ...saved, online: "yes" }, "online must be true or false"],
        [{ ...saved, favorites: "yes" }, "favorites must be true or false"],
        [{ ...saved, colour: "red" }, undefined],
        [[1, 2], undefined],
      ] as const) {
        const bad = await save(payload);
        expect(bad.statusCode).toBe(400);
        if (message) expect(bad.json().message).toBe(message);
      }
      expect(await current()).toEqual({ ...saved, favorites: true });

      const cleared = await save({ ...saved, ageMin: 18, ageMax: 99, positions: [], online: false, favorites: false });
      expect(cleared.json().nearbyFilters).toBeNull();
      expect(await current()).toBeNull();
    });
  });

  describe("the account", () => {
    it("changes the password: the old one stops working, other sessions end, this one stays", async () => {
      const a = await member("a@example.com", HERE);
      const other = sessionCookie(
        await inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { email: "a@example.com", password: STRONG_PASSWORD },
        }),
      );
      const res = await inject({
        method: "PUT",
        url: "/api/users/password",
        headers: { cookie: a.cookie },
        payload: { currentPassword: STRONG_PASSWORD, newPassword: "a brand new passphrase" },
      });
      expect(res.statusCode).toBe(200);
      expect((await inject({ method: "GET", url: "/api/auth/user", headers: { cookie: a.cookie } })).statusCode).toBe(
        200,
      );
      expect((await inject({ method: "GET", url: "/api/auth/user", headers: { cookie: other } })).statusCode).toBe(401);
      expect(
        (
          await inject({
            method: "POST",
            url: "/api/auth/login",
            payload: { email: "a@example.com", password: STRONG_PASSWORD },
          })
        ).statusCode,
      ).toBe(401);
      expect(
        (
          await inject({
            method: "POST",
            url: "/api/auth/login",
            payload: { email: "a@example.com", password: "a brand new passphrase" },
          })
        ).statusCode,
      ).toBe(200);
    });

    it("refuses a wrong current password, a short, common or unchanged new one, and changes nothing", async () => {
      const a = await member("a@example.com", HERE);
      const [before] = await t.database.db.select().from(users).where(eq(users.id, a.id));
      const cases: Array<[unknown, RegExp]> = [
        [
          { currentPassword: "wrong password", newPassword: "a brand new passphrase" },
          /Your current password is not right/,
        ],
        [{ currentPassword: STRONG_PASSWORD, newPassword: "short" }, /at least 8 characters/],
        [{ currentPassword: STRONG_PASSWORD, newPassword: "password123" }, /too common/],
        [{ currentPassword: STRONG_PASSWORD, newPassword: STRONG_PASSWORD }, /differs from the current one/],
        [{ currentPassword: STRONG_PASSWORD }, /newPassword is required/],
        [{ newPassword: "a brand new passphrase" }, /currentPassword is required/],
      ];
      for (const [payload, message] of cases) {
        const res = await inject({
          method: "PUT",
          url: "/api/users/password",
          headers: { cookie: a.cookie },
          payload: payload as object,
        });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toMatch(message);
      }
      const [after] = await t.database.db.select().from(users).where(eq(users.id, a.id));
      expect(after?.passwordHash).toBe(before?.passwordHash);
    });

    it("exports his data as a JSON download without secrets", async () => {
      const a = await member("a@example.com", HERE, { firstName: "Al", bio: "Me" });
      const b = await member("b@example.com", HERE);
      await inject({ method: "POST", url: `/api/users/${b.id}/block`, headers: { cookie: a.cookie } });
      const res = await inject({ method: "GET", url: "/api/users/export", headers: { cookie: a.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-disposition"]).toMatch(
        /^attachment; filename="vicinity-data-[a-z0-9_.-]+-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      const data = res.json();
      expect(data.account).toMatchObject({ id: a.id, email: "a@example.com" });
      expect(data.profile).toMatchObject({ firstName: "Al", bio: "Me" });
      expect(data.location).toMatchObject({ latitude: HERE.latitude, longitude: HERE.longitude });
      expect(data.blocked).toEqual([expect.objectContaining({ username: b.username })]);
      expect(res.body).not.toMatch(/argon2|passwordHash|locationSecret|location_secret/);
    });

    it("deletes the account after the password: sessions, pictures and location go, his messages stay unsigned", async () => {
      const a = await member("a@example.com", HERE);
      const b = await member("b@example.com", HERE);
      const photo = await uploadPhoto(a.cookie);
      await inject({
        method: "POST",
        url: "/api/users/photos",
        headers: { cookie: a.cookie },
        payload: { mediaId: photo },
      });
      const [conv] = await t.database.db
        .insert(conversations)
        .values({ directKey: [a.id, b.id].sort().join(":") })
        .returning();
      await t.database.db.insert(conversationParticipants).values([
        { conversationId: conv!.id, userId: a.id },
        { conversationId: conv!.id, userId: b.id },
      ]);
      await t.database.db.insert(messages).values({ conversationId: conv!.id, senderId: a.id, content: "hello" });

      const wrong = await inject({
        method: "DELETE",
        url: "/api/users/account",
        headers: { cookie: a.cookie },
        payload: { password: "not it" },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe("That is not your password; your account was not deleted");
      expect(await t.database.db.select().from(users)).toHaveLength(2);

      const res = await inject({
        method: "DELETE",
        url: "/api/users/account",
        headers: { cookie: a.cookie },
        payload: { password: STRONG_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === "vicinity_sid")?.value).toBe("");
      expect((await inject({ method: "GET", url: "/api/auth/user", headers: { cookie: a.cookie } })).statusCode).toBe(
        401,
      );
      expect(await t.database.db.select().from(users).where(eq(users.id, a.id))).toHaveLength(0);
      expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, a.id))).toHaveLength(0);
      expect(await t.database.db.select().from(media)).toHaveLength(0);
      expect((await inject({ method: "GET", url: `/media/${photo}`, headers: { cookie: b.cookie } })).statusCode).toBe(
        404,
      );
      const [kept] = await t.database.db.select().from(messages);
      expect(kept).toMatchObject({ content: "hello", senderId: null });
      expect(
        (
          await inject({
            method: "POST",
            url: "/api/auth/login",
            payload: { email: "a@example.com", password: STRONG_PASSWORD },
          })
        ).statusCode,
      ).toBe(401);
    });
  });
});
