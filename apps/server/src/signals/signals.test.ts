import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  FAVORITES_MAX,
  TAPS_PER_DAY,
  type FavoritesList,
  type MemberProfile,
  type TapsList,
  type ViewedMe,
} from "@vicinity/contract";
import { favorites, notifications, profileViews, taps, users } from "../db/schema";
import { queryRows } from "../db/database";
import { apiCaller, registerMember, testEngines, useListeningServer } from "../test/harness";
import { connected, nextEvent, socketFor } from "../test/sockets";
import { CITY, offset } from "../test/geo";
import { sweepSignals } from "./service";

describe.each(testEngines())("signals: taps, matches, favorites and viewed me (%s)", (engine) => {
  const t = useListeningServer(engine);
  const call = apiCaller(() => t.server);
  const json = async <T>(method: "GET" | "POST" | "PUT" | "DELETE", url: string, cookie: string, payload?: object) => {
    const res = await call(method, url, cookie, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json() as T;
  };
  async function member(email: string, name: string, at = CITY) {
    const m = await registerMember(t.server, email);
    await json("PUT", "/api/users/profile", m.cookie, { displayName: name });
    await json("PUT", "/api/users/location", m.cookie, at);
    return m;
  }
  const tapsOf = async (cookie: string) => (await json<TapsList>("GET", "/api/taps", cookie)).taps;
  const viewsOf = async (cookie: string) => json<ViewedMe>("GET", "/api/views", cookie);
  const favoritesOf = async (cookie: string) => (await json<FavoritesList>("GET", "/api/favorites", cookie)).favorites;
  const profile = (cookie: string, id: string) => json<MemberProfile>("GET", `/api/users/${id}`, cookie);

  it("a tap reaches him live and in his list; one per kind a day; a tap back is a match for both", async () => {
    const jake = await member("jake@example.com", "Jake");
    const sam = await member("sam@example.com", "Sam", offset(1.2, 90));
    const socket = socketFor(t.url, sam.cookie);
    await connected(socket);
    const told = nextEvent(socket, "notification", (n) => n.kind === "tap");

    expect(await json("POST", `/api/users/${sam.id}/tap`, jake.cookie, { kind: "hot" })).toEqual({
      kind: "hot",
      match: false,
    });
    expect((await told).data).toMatchObject({ memberId: jake.id, name: "Jake", label: "Hot" });
    const again = await call("POST", `/api/users/${sam.id}/tap`, jake.cookie, { kind: "hot" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "You already sent Sam a Hot today." });
    await json("POST", `/api/users/${sam.id}/tap`, jake.cookie, { kind: "hi" });

    const [tap] = await tapsOf(sam.cookie);
    expect(tap).toMatchObject({ kinds: ["hi", "hot"], match: false, sentToday: [] });
    expect(tap!.member).toMatchObject({ id: jake.id, displayName: "Jake", distanceHidden: false });
    expect(tap!.member.distance).toBeGreaterThan(0);
    expect((await profile(jake.cookie, sam.id)).signals).toEqual({
      isFavorite: false,
      tapsSentToday: ["hi", "hot"],
      match: false,
    });

    const matched = nextEvent(socket, "notification", (n) => n.kind === "match");
    expect(await json("POST", `/api/users/${jake.id}/tap`, sam.cookie, { kind: "looking" })).toEqual({
      kind: "looking",
      match: true,
    });
    expect((await matched).data).toEqual({ memberId: jake.id, name: "Jake" });
    expect((await tapsOf(sam.cookie))[0]).toMatchObject({ match: true, sentToday: ["looking"] });
    expect((await tapsOf(jake.cookie))[0]).toMatchObject({ kinds: ["looking"], match: true });
    expect((await profile(sam.cookie, jake.id)).signals.match).toBe(true);
    // One match notification each, not one per tap.
    await json("POST", `/api/users/${jake.id}/tap`, sam.cookie, { kind: "hi" });
    const matches = await t.database.db.select().from(notifications).where(eq(notifications.kind, "match"));
    expect(matches.map((n) => n.userId).sort()).toEqual([jake.id, sam.id].sort());
    socket.disconnect();
  });

  it("refuses bad taps with a message and stores nothing: a bad kind, himself, nobody, a block either way", async () => {
    const jake = await member("jake@example.com", "Jake");
    const sam = await member("sam@example.com", "Sam");
    const ben = await member("ben@example.com", "Ben");
    const cases: Array<[string, object | undefined, number, string]> = [
      [sam.id, { kind: "wink" }, 400, "kind must be one of hi, hot, looking"],
      [sam.id, { kind: "hi", extra: 1 }, 400, ""],
      [sam.id, undefined, 400, ""],
      [jake.id, { kind: "hi" }, 400, "You cannot tap yourself"],
      ["00000000-0000-4000-8000-000000000000", { kind: "hi" }, 404, "Member not found"],
      ["not-an-id", { kind: "hi" }, 404, "Member not found"],
    ];
    for (const [id, body, status, message] of cases) {
      const res = await call("POST", `/api/users/${id}/tap`, jake.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (message) expect(res.json()).toEqual({ message });
      else expect(typeof res.json().message).toBe("string");
    }
    await json("POST", `/api/users/${sam.id}/block`, jake.cookie);
    await json("POST", `/api/users/${jake.id}/block`, ben.cookie);
    expect((await call("POST", `/api/users/${sam.id}/tap`, jake.cookie, { kind: "hi" })).json()).toEqual({
      message: "You blocked Sam. Unblock him first.",
    });
    expect((await call("POST", `/api/users/${jake.id}/tap`, sam.cookie, { kind: "hi" })).statusCode).toBe(404);
    expect((await call("POST", `/api/users/${ben.id}/tap`, jake.cookie, { kind: "hi" })).statusCode).toBe(404);
    expect((await call("PUT", `/api/users/${ben.id}/favorite`, jake.cookie)).statusCode).toBe(404);
    expect(await t.database.db.select().from(taps)).toEqual([]);
    expect(await t.database.db.select().from(favorites)).toEqual([]);
  });

  it("a block either way hides earlier taps and favorites from both lists, and takes the tap notifications away", async () => {
    const jake = await member("jake@example.com", "Jake");
    const sam = await member("sam@example.com", "Sam");
    await json("POST", `/api/users/${sam.id}/tap`, jake.cookie, { kind: "hi" });
    await json("POST", `/api/users/${jake.id}/tap`, sam.cookie, { kind: "hi" });
    await json("PUT", `/api/users/${sam.id}/favorite`, jake.cookie);
    expect(await tapsOf(sam.cookie)).toHaveLength(1);
    expect(await favoritesOf(jake.cookie)).toHaveLength(1);

    await json("POST", `/api/users/${jake.id}/block`, sam.cookie);
    expect(await tapsOf(sam.cookie)).toEqual([]);
    expect(await tapsOf(jake.cookie)).toEqual([]);
    expect(await favoritesOf(jake.cookie)).toEqual([]);
    const left = await t.database.db.select().from(notifications);
    expect(left.filter((n) => n.kind === "tap" || n.kind === "match")).toEqual([]);
    // Unblocked, the favorite he kept shows again (his own list).
    await json("DELETE", `/api/users/${jake.id}/block`, sam.cookie);
    expect((await favoritesOf(jake.cookie)).map((f) => f.member.id)).toEqual([sam.id]);
  });

  it("limits taps a day, with a 429 and a message", async () => {
    const jake = await member("jake@example.com", "Jake");
    const others = [];
    for (let i = 0; i < Math.ceil(TAPS_PER_DAY / 3) + 1; i++)
      others.push(await registerMember(t.server, `o${i}@example.com`));
    await t.server.context.limits.get("taps", TAPS_PER_DAY, 86_400_000).reset(jake.id);
    let sent = 0;
    let refused: { statusCode: number; body: string } | null = null;
    outer: for (const o of others)
      for (const kind of ["hi", "hot", "looking"]) {
        const res = await call("POST", `/api/users/${o.id}/tap`, jake.cookie, { kind });
        if (res.statusCode === 429) {
          refused = res;
          break outer;
        }
        expect(res.statusCode).toBe(200);
        sent += 1;
      }
    expect(sent).toBe(TAPS_PER_DAY);
    expect(refused?.statusCode).toBe(429);
    expect(JSON.parse(refused!.body)).toEqual({ message: `You can send at most ${TAPS_PER_DAY} taps a day.` });
    expect(await t.database.db.select().from(taps)).toHaveLength(TAPS_PER_DAY);
  });

  it("favorites: starred and unstarred, private (he is told nothing), capped at FAVORITES_MAX", async () => {
    const jake = await member("jake@example.com", "Jake");
    const sam = await member("sam@example.com", "Sam");
    await json("PUT", `/api/users/${sam.id}/favorite`, jake.cookie);
    await json("PUT", `/api/users/${sam.id}/favorite`, jake.cookie);
    expect((await favoritesOf(jake.cookie)).map((f) => f.member.displayName)).toEqual(["Sam"]);
    expect((await profile(jake.cookie, sam.id)).signals.isFavorite).toBe(true);
    expect((await profile(sam.cookie, jake.id)).signals.isFavorite).toBe(false);
    expect(await favoritesOf(sam.cookie)).toEqual([]);
    expect(await t.database.db.select().from(notifications)).toEqual([]);
    await json("DELETE", `/api/users/${sam.id}/favorite`, jake.cookie);
    expect(await favoritesOf(jake.cookie)).toEqual([]);
    expect((await call("PUT", `/api/users/${jake.id}/favorite`, jake.cookie)).json()).toEqual({
      message: "You cannot favorite yourself",
    });

    // At the cap: the next is refused and not stored.
    await queryRows(
      t.database.db,
      sql`INSERT INTO users (email, username, password_hash, location_secret)
          SELECT 'f' || i || '@example.com', 'filler' || i, 'x', 's' FROM generate_series(1, ${FAVORITES_MAX}) i`,
    );
    await queryRows(
      t.database.db,
      sql`INSERT INTO favorites (member_id, favorite_id) SELECT ${jake.id}::uuid, id FROM users WHERE username LIKE 'filler%'`,
    );
    const full = await call("PUT", `/api/users/${sam.id}/favorite`, jake.cookie);
    expect(full.statusCode).toBe(400);
    expect(full.json()).toEqual({ message: `You can keep at most ${FAVORITES_MAX} favorites. Remove one first.` });
    expect(await t.database.db.select().from(favorites).where(eq(favorites.favoriteId, sam.id))).toEqual([]);
  });

  it("viewed me: his latest visit within 7 days; never a member in private mode, blocked or leaving no trace", async () => {
    const jake = await member("jake@example.com", "Jake");
    const sam = await member("sam@example.com", "Sam");
    const ghost = await member("ghost@example.com", "Ghost");
    const quiet = await member("quiet@example.com", "Quiet");
    const blocker = await member("blocker@example.com", "Blocker");
    await json("PUT", "/api/users/location/visibility", ghost.cookie, { visibility: "hidden" });
    await json("PUT", "/api/views/trace", quiet.cookie, { leavesTrace: false });
    for (const m of [sam, ghost, quiet, blocker]) await profile(m.cookie, jake.id);
    await json("POST", `/api/users/${jake.id}/block`, blocker.cookie);
    await profile(jake.cookie, jake.id); // himself: no trace

    const seen = await viewsOf(jake.cookie);
    expect(seen.leavesTrace).toBe(true);
    expect(seen.views.map((v) => v.member.displayName)).toEqual(["Sam"]);
    // Private mode taken later also hides an earlier visit.
    await json("PUT", "/api/users/location/visibility", sam.cookie, { visibility: "hidden" });
    expect((await viewsOf(jake.cookie)).views).toEqual([]);
    await json("PUT", "/api/users/location/visibility", sam.cookie, { visibility: "shown" });
    expect((await viewsOf(jake.cookie)).views).toHaveLength(1);

    // Older than 7 days: gone from the list, then swept.
    await t.database.db
      .update(profileViews)
      .set({ viewedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(profileViews.viewerId, sam.id));
    expect((await viewsOf(jake.cookie)).views).toEqual([]);
    await sweepSignals(t.database.db);
    expect(await t.database.db.select().from(profileViews).where(eq(profileViews.viewerId, sam.id))).toEqual([]);

    // He who leaves no trace sees nobody's; turning it off takes his traces away at once.
    await profile(sam.cookie, jake.id);
    await profile(jake.cookie, sam.id);
    expect((await viewsOf(sam.cookie)).views).toHaveLength(1);
    await json("PUT", "/api/views/trace", jake.cookie, { leavesTrace: false });
    expect(await viewsOf(jake.cookie)).toEqual({ leavesTrace: false, views: [] });
    expect((await viewsOf(sam.cookie)).views).toEqual([]);
    const bad = await call("PUT", "/api/views/trace", jake.cookie, { leavesTrace: "no" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: "leavesTrace must be true or false" });
    expect((await t.database.db.select().from(users).where(eq(users.id, jake.id)))[0]!.leavesTrace).toBe(false);
  });

  it("exports a member's signals and deletes them with his account", async () => {
    const jake = await member("jake@example.com", "Jake");
    const sam = await member("sam@example.com", "Sam");
    await json("POST", `/api/users/${sam.id}/tap`, jake.cookie, { kind: "hi" });
    await json("POST", `/api/users/${jake.id}/tap`, sam.cookie, { kind: "hot" });
    await json("PUT", `/api/users/${sam.id}/favorite`, jake.cookie);
    await profile(jake.cookie, sam.id);
    const exported = await json<{ signals: Record<string, Array<Record<string, string>>> & { leavesTrace: boolean } }>(
      "GET",
      "/api/users/export",
      jake.cookie,
    );
    expect(exported.signals.leavesTrace).toBe(true);
    expect(exported.signals.tapsSent).toMatchObject([{ username: sam.username, kind: "hi" }]);
    expect(exported.signals.tapsReceived).toMatchObject([{ username: sam.username, kind: "hot" }]);
    expect(exported.signals.favorites).toMatchObject([{ username: sam.username }]);
    expect(exported.signals.profilesViewed).toMatchObject([{ username: sam.username }]);

    const deleted = await call("DELETE", "/api/users/account", jake.cookie, {
      password: "correct horse battery staple",
    });
    expect(deleted.statusCode).toBe(200);
    expect(await t.database.db.select().from(taps)).toEqual([]);
    expect(await t.database.db.select().from(favorites)).toEqual([]);
    expect(await t.database.db.select().from(profileViews)).toEqual([]);
    expect(await tapsOf(sam.cookie)).toEqual([]);
  });
});
