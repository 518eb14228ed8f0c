import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  MAP_CROWD_CELL_LEVEL,
  MAP_CROWD_MIN,
  MAP_MEMBER_CAP,
  MAP_LIMITED_MEMBER_CAP,
  parseTileKey,
  tileBounds,
  MAP_STALE_HOURS,
  applyMapChanges,
  replaceMapTiles,
  mapAreaSchema,
  mapChangesSchema,
  mapMemberCap,
  ownLocationSchema,
  tileKey,
  tileOf,
  mapAreaPath,
  NO_MEMBER_FILTERS,
  type MapArea,
  type MapMember,
  type MemberFilters,
} from "@vicinity/contract";
import type { BuiltServer } from "../app";
import type { Database } from "../db/database";
import { blocks, favorites, locations, users } from "../db/schema";
import { saveLocation } from "../location/save-location";
import { haversineMeters, privacyCellOf, snapToPrivacyGrid, type LatLon } from "../location/privacy-grid";
import { seeded } from "../demo/seed";
import { guestCookie, registerMember, testEngines, useListeningServer, useTwoNodes } from "../test/harness";
import { CITY, offset } from "../test/geo";
import { MAP_AREA_REQUESTS_PER_MINUTE } from "./routes";
import { closeOpenSockets, connected, emitAck, nextEvent, socketFor } from "../test/sockets";

afterEach(closeOpenSockets);

const LEVEL = 12;
/** The level-12 tiles around the city centre (a 3 x 3 square). */
function tilesAroundCity(level = LEVEL): string[] {
  const c = tileOf(CITY.latitude, CITY.longitude, level);
  const keys: string[] = [];
  for (let dx = -1; dx <= 1; dx++)
    for (let dy = -1; dy <= 1; dy++) keys.push(tileKey({ z: level, x: c.x + dx, y: c.y + dy }));
  return keys;
}

function membersOf(area: MapArea): MapMember[] {
  return area.tiles.flatMap((t) => t.members);
}

/** A member straight in the database (no password hash to compute): for tests with many members. */
async function placeMember(
  database: Database,
  position: LatLon,
  extra: Partial<typeof users.$inferInsert> = {},
): Promise<{ id: string; secret: string; snapped: LatLon }> {
  const secret = randomBytes(16).toString("hex");
  const name = `m${randomBytes(5).toString("hex")}`;
  const [row] = await database.db
    .insert(users)
    .values({
      email: `${name}@example.com`,
      username: name,
      passwordHash: "x",
      locationSecret: secret,
      firstName: name,
      age: 30,
      ...extra,
    })
    .returning({ id: users.id });
  if (!row) throw new Error("no member inserted");
  await saveLocation(database.db, { id: row.id, locationSecret: secret }, position);
  return { id: row.id, secret, snapped: snapToPrivacyGrid(position, secret) };
}

describe.each(testEngines())("the live map's data (%s)", (engine) => {
  const t = useListeningServer(engine);
  let server: BuiltServer;
  beforeAll(() => {
    server = t.server;
  });
  const urlOf = async () => t.url;

  const area = async (tiles: string[], cookie?: string, filters?: Partial<MemberFilters>) => {
    const res = await server.app.inject({
      method: "GET",
      url: mapAreaPath(tiles, filters),
      headers: cookie ? { cookie } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return mapAreaSchema.parse(res.json());
  };

  const idsIn = (ids: string[]) =>
    sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
  /** Accounts older than the crowd rule's 7 days. */
  const ageAccounts = (ids: string[]) =>
    t.database.db.execute(sql`UPDATE users SET created_at = now() - interval '8 days' WHERE id IN (${idsIn(ids)})`);
  /** Positions held for this long (the crowd rule counts those held an hour). */
  const holdPositions = (ids: string[], held: string) =>
    t.database.db.execute(
      sql`UPDATE locations SET held_since = now() - ${held}::interval WHERE user_id IN (${idsIn(ids)})`,
    );

  /** A member's position, as his app sends it. */
  const putLocation = async (cookie: string, position: LatLon) => {
    const res = await server.app.inject({
      method: "PUT",
      url: "/api/users/location",
      headers: { cookie },
      payload: position,
    });
    expect(res.statusCode).toBe(200);
  };
  const member = async (email: string, position?: LatLon) => {
    const m = await registerMember(server, email);
    if (position) await putLocation(m.cookie, position);
    return m;
  };

  it("shows members at their privacy-snapped positions only, in the tile that holds them, never their coordinates", async () => {
    const viewer = await member("viewer@example.com", CITY);
    const truth = offset(1.3, 60);
    const alex = await placeMember(t.database, truth, { displayName: "Alex" });
    const answer = await area(tilesAroundCity(), viewer.cookie);
    const found = membersOf(answer).find((m) => m.id === alex.id);
    expect(found).toBeDefined();
    expect({ latitude: found!.latitude, longitude: found!.longitude }).toEqual(alex.snapped);
    expect(answer.tiles.find((tile) => tile.members.some((m) => m.id === alex.id))?.tile).toBe(
      tileKey(tileOf(alex.snapped.latitude, alex.snapped.longitude, LEVEL)),
    );
    // Neither his exact coordinates nor the viewer's appear anywhere in the answer.
    const text = JSON.stringify(answer);
    for (const value of [truth.latitude, truth.longitude, CITY.latitude, CITY.longitude])
      expect(text).not.toContain(String(value));
    // The member sees distances and scores; he is not on his own map (his own marker is drawn by the client).
    expect(found!.distance).toBeCloseTo(haversineMeters(CITY, alex.snapped) / 1000, 1);
    expect(found!.compatibility).not.toBeNull();
    expect(membersOf(answer).some((m) => m.id === viewer.id)).toBe(false);
  });

  it("leaves out private mode, blocks either way, suspended members and positions older than 8 hours", async () => {
    const viewer = await member("viewer@example.com", CITY);
    const shown = await placeMember(t.database, offset(0.8, 10));
    const hidden = await placeMember(t.database, offset(0.9, 100), { privateMode: true });
    const blockedByMe = await placeMember(t.database, offset(1.1, 200));
    const blockedMe = await placeMember(t.database, offset(1.2, 250));
    const suspended = await placeMember(t.database, offset(1.3, 300), { suspendedAt: new Date() });
    const stale = await placeMember(t.database, offset(1.4, 330));
    await t.database.db.insert(blocks).values([
      { blockerId: viewer.id, blockedId: blockedByMe.id },
      { blockerId: blockedMe.id, blockedId: viewer.id },
    ]);
    await t.database.db
      .update(locations)
      .set({ updatedAt: new Date(Date.now() - (MAP_STALE_HOURS * 60 + 1) * 60_000) })
      .where(eq(locations.userId, stale.id));
    const ids = membersOf(await area(tilesAroundCity(), viewer.cookie)).map((m) => m.id);
    expect(ids).toEqual([shown.id]);
    // Visitors: private, suspended and stale members are absent too (blocks are the member's own).
    const visitorIds = membersOf(await area(tilesAroundCity()))
      .map((m) => m.id)
      .sort();
    expect(visitorIds).toEqual([shown.id, blockedByMe.id, blockedMe.id, viewer.id].sort());
    expect(visitorIds).not.toContain(hidden.id);
    expect(visitorIds).not.toContain(suspended.id);
    expect(visitorIds).not.toContain(stale.id);
  });

  it("gives visitors and guests the limited map: no pictures, distances or scores", async () => {
    await placeMember(t.database, offset(0.5), { profileImageUrl: "/media/00000000-0000-4000-8000-000000000001" });
    for (const cookie of [undefined, await guestCookie(server)]) {
      const answer = await area(tilesAroundCity(), cookie);
      expect(answer.limited).toBe(true);
      const [m] = membersOf(answer);
      expect(m).toMatchObject({ thumbnailUrl: null, distance: null, compatibility: null });
    }
    const viewer = await member("viewer@example.com", CITY);
    const full = await area(tilesAroundCity(), viewer.cookie);
    expect(full.limited).toBe(false);
    expect(membersOf(full)[0]?.thumbnailUrl).toBe("/media/00000000-0000-4000-8000-000000000001");
  });

  it("keeps a member 'in a crowd only' out of sight until at least 5 visible members share his cell", async () => {
    const viewer = await member("viewer@example.com", CITY);
    const spot = offset(2, 120);
    const loner = await placeMember(t.database, spot, { mapVisibility: "crowd" });
    let answer = await area(tilesAroundCity(), viewer.cookie);
    expect(membersOf(answer).map((m) => m.id)).not.toContain(loner.id);
    const crowds = answer.tiles.flatMap((tile) => tile.crowds);
    expect(crowds).toHaveLength(1);
    const crowdCell = tileOf(loner.snapped.latitude, loner.snapped.longitude, MAP_CROWD_CELL_LEVEL);
    expect(crowds[0]).toMatchObject({ id: tileKey(crowdCell), count: 1 });
    // The crowd is drawn at its cell's centre, not near him: no name, no picture, and no better than the crowd cell.
    expect(Object.keys(crowds[0]!).sort()).toEqual(["count", "id", "latitude", "longitude"]);
    // Five fresh accounts planted in his 500 m cell: they do not count, he stays in the crowd.
    const others: string[] = [];
    for (let i = 0; i < MAP_CROWD_MIN; i++) {
      const placed = await placeMember(t.database, spot);
      // Same cell as his (the spot itself; snapping keeps the cell).
      expect(privacyCellOf(placed.snapped)).toEqual(privacyCellOf(loner.snapped));
      others.push(placed.id);
    }
    answer = await area(tilesAroundCity(), viewer.cookie);
    expect(membersOf(answer).map((m) => m.id)).not.toContain(loner.id);
    expect(membersOf(answer).map((m) => m.id)).toEqual(expect.arrayContaining(others));
    // Older accounts, but their positions just moved there: still not established.
    await ageAccounts(others);
    answer = await area(tilesAroundCity(), viewer.cookie);
    expect(membersOf(answer).map((m) => m.id)).not.toContain(loner.id);
    // Accounts older than 7 days whose positions have held an hour: five established members there,
    // and he is shown like anyone else.
    await holdPositions(others, "2 hours");
    answer = await area(tilesAroundCity(), viewer.cookie);
    expect(membersOf(answer).map((m) => m.id)).toContain(loner.id);
    expect(answer.tiles.flatMap((tile) => tile.crowds)).toEqual([]);
    // The viewer blocks two of them: four visible in the cell, so he is back in the crowd for this viewer.
    await t.database.db.insert(blocks).values({ blockerId: viewer.id, blockedId: others[1]! });
    await t.database.db.insert(blocks).values({ blockerId: viewer.id, blockedId: others[0]! });
    answer = await area(tilesAroundCity(), viewer.cookie);
    expect(membersOf(answer).map((m) => m.id)).not.toContain(loner.id);
    expect(answer.tiles.flatMap((tile) => tile.crowds).reduce((n, c) => n + c.count, 0)).toBe(1);
  });

  it("filters on the server with the grid's filters; the crowd rule is the same with them, and crowds are not shown", async () => {
    const viewer = await member("filters@example.com", CITY);
    const young = await placeMember(t.database, offset(1, 10), {
      age: 25,
      position: "top",
      profileImageUrl: "/media/young",
    });
    const older = await placeMember(t.database, offset(1.5, 80), { age: 40, position: "bottom" });
    const noPicture = await placeMember(t.database, offset(2.5, 150), { age: 30, position: "top" });
    const ids = (a: MapArea) =>
      membersOf(a)
        .map((m) => m.id)
        .filter((id) => [young.id, older.id, noPicture.id].includes(id))
        .sort();
    const tiles = tilesAroundCity();
    expect(ids(await area(tiles, viewer.cookie))).toEqual([young.id, older.id, noPicture.id].sort());
    const topUnder35 = { ...NO_MEMBER_FILTERS, ageMax: 35, positions: ["top" as const] };
    expect(ids(await area(tiles, viewer.cookie, topUnder35))).toEqual([young.id, noPicture.id].sort());
    expect(ids(await area(tiles, viewer.cookie, { ...topUnder35, photos: true }))).toEqual([young.id]);
    expect(ids(await area(tiles, undefined, { ...NO_MEMBER_FILTERS, ageMin: 35 }))).toEqual([older.id]);
    // His Favorites (issue 38): those he starred, his alone; a visitor has none.
    await t.database.db.insert(favorites).values({ memberId: viewer.id, favoriteId: older.id });
    const starred = { ...NO_MEMBER_FILTERS, favorites: true };
    expect(ids(await area(tiles, viewer.cookie, starred))).toEqual([older.id]);
    expect(ids(await area(tiles, viewer.cookie, { ...starred, positions: ["top"] }))).toEqual([]);
    expect(ids(await area(tiles, undefined, starred))).toEqual([]);

    // A member "in a crowd only" among five established members who do not pass the filter: they still count
    // (he is shown alone, as without the filter), but only he is shown; crowds are never shown with a filter.
    const spot = offset(3, 250);
    const loner = await placeMember(t.database, spot, { mapVisibility: "crowd", age: 30 });
    const established: string[] = [];
    for (let i = 0; i < MAP_CROWD_MIN; i++) established.push((await placeMember(t.database, spot, { age: 50 })).id);
    await ageAccounts(established);
    await holdPositions(established, "2 hours");
    const under35 = { ...NO_MEMBER_FILTERS, ageMax: 35 };
    let found = membersOf(await area(tiles, viewer.cookie, under35)).map((m) => m.id);
    expect(found).toContain(loner.id);
    expect(found.filter((id) => established.includes(id))).toEqual([]);
    // Without the five, he is in a crowd: not shown at all with the filter, and no crowd drawn.
    await holdPositions(established, "0 hours");
    const answer = await area(tiles, viewer.cookie, under35);
    found = membersOf(answer).map((m) => m.id);
    expect(found).not.toContain(loner.id);
    expect(answer.tiles.flatMap((tile) => tile.crowds)).toEqual([]);
    expect((await area(tiles, viewer.cookie)).tiles.flatMap((tile) => tile.crowds).length).toBeGreaterThan(0);
  });

  it("answers bad filters with 400 and a message", async () => {
    const tiles = tilesAroundCity().join(",");
    const cases: Array<[string, RegExp]> = [
      [`ageMin=abc`, /ageMin/],
      [`ageMin=50&ageMax=30`, /ageMin can be at most ageMax/],
      [`position=king`, /position must be among/],
      [`bodyType=slim,slim`, /twice/],
      [`online=yes`, /online must be true or false/],
      [`favorites=1`, /favorites must be true or false/],
    ];
    for (const [filters, message] of cases) {
      const url = `/api/map/area?tiles=${tiles}&${filters}`;
      const res = await server.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(400);
      expect((res.json() as { message: string }).message, url).toMatch(message);
    }
  });

  it("answers bad tile lists with 400 and a message", async () => {
    const cases: Array<[string, RegExp]> = [
      ["/api/map/area", /tiles/],
      ["/api/map/area?tiles=", /tile/],
      ["/api/map/area?tiles=12/1/2/3", /z\/x\/y/],
      ["/api/map/area?tiles=13/1/1", /z\/x\/y/],
      ["/api/map/area?tiles=5/1/1", /z\/x\/y/],
      ["/api/map/area?tiles=12/4096/1", /z\/x\/y/],
      ["/api/map/area?tiles=12/1/1,11/1/1", /one level/],
      ["/api/map/area?tiles=12/1/1,12/1/1", /twice/],
      [`/api/map/area?tiles=${Array.from({ length: 17 }, (_, i) => `12/${i}/1`).join(",")}`, /at most 16/],
      ["/api/map/area?tiles=12/1/1,12/100/1", /within 6 tiles/],
      ["/api/map/area?tiles=12/1/1&extra=1", /extra/],
    ];
    for (const [url, message] of cases) {
      const res = await server.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(400);
      expect((res.json() as { message: string }).message, url).toMatch(message);
    }
  });

  it("limits how often one address asks (429 with a message, then nothing more is read)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= MAP_AREA_REQUESTS_PER_MINUTE; i++) {
      statuses.push(
        (
          await server.app.inject({
            method: "GET",
            url: `/api/map/area?tiles=${tilesAroundCity()[0]}`,
            remoteAddress: "198.51.100.77",
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, MAP_AREA_REQUESTS_PER_MINUTE).every((s) => s === 200)).toBe(true);
    const refused = await server.app.inject({
      method: "GET",
      url: `/api/map/area?tiles=${tilesAroundCity()[0]}`,
      remoteAddress: "198.51.100.77",
    });
    expect(refused.statusCode).toBe(429);
    expect((refused.json() as { message: string }).message).toMatch(/too often/);
  });

  it("caps an answer at the members nearest the middle and says so", async () => {
    // MAP_MEMBER_CAP + 10 members spread over about 2 x 2 km of the city centre (straight in SQL).
    const extra = MAP_MEMBER_CAP + 10;
    await t.database.db.execute(sql`
      INSERT INTO users (email, username, password_hash, location_secret)
      SELECT 'crowd' || i || '@example.com', 'crowd' || i, 'x', md5('s' || i) FROM generate_series(1, ${extra}) AS i`);
    await t.database.db.execute(sql`
      INSERT INTO locations (user_id, latitude, longitude, snapped_latitude, snapped_longitude)
      SELECT u.id, ${CITY.latitude}::float8 + (random() - 0.5) * 0.02, ${CITY.longitude}::float8 + (random() - 0.5) * 0.02,
             ${CITY.latitude}::float8 + (random() - 0.5) * 0.02, ${CITY.longitude}::float8 + (random() - 0.5) * 0.02
      FROM users u WHERE u.email LIKE 'crowd%'`);
    // Visitors and guests get fewer (the limited map).
    const limited = await area(tilesAroundCity());
    expect(limited.truncated).toBe(true);
    expect(membersOf(limited)).toHaveLength(MAP_LIMITED_MEMBER_CAP);
    const answer = await area(tilesAroundCity(), (await member("capped@example.com")).cookie);
    expect(answer.truncated).toBe(true);
    expect(membersOf(answer)).toHaveLength(MAP_MEMBER_CAP);
    // The nearest to the middle were kept: the farthest kept is no farther than any left out.
    const boxes = tilesAroundCity().map((k) => tileBounds(parseTileKey(k)));
    const centre = {
      latitude: (Math.min(...boxes.map((b) => b.south)) + Math.max(...boxes.map((b) => b.north))) / 2,
      longitude: (Math.min(...boxes.map((b) => b.west)) + Math.max(...boxes.map((b) => b.east))) / 2,
    };
    const kept = new Set(membersOf(answer).map((m) => m.id));
    const rows = await t.database.db
      .select({ id: locations.userId, latitude: locations.snappedLatitude, longitude: locations.snappedLongitude })
      .from(locations);
    const farthestKept = Math.max(...rows.filter((r) => kept.has(r.id)).map((r) => haversineMeters(centre, r)));
    const nearestLeft = Math.min(...rows.filter((r) => !kept.has(r.id)).map((r) => haversineMeters(centre, r)));
    expect(farthestKept).toBeLessThanOrEqual(nearestLeft + 1);
  });

  describe("a member's own location (/location)", () => {
    it("shows him his exact position, turns sharing off and on, and sets how he appears", async () => {
      const me = await member("me@example.com");
      const get = async () =>
        ownLocationSchema.parse(
          (
            await server.app.inject({ method: "GET", url: "/api/users/location", headers: { cookie: me.cookie } })
          ).json(),
        );
      expect(await get()).toEqual({ position: null, sharing: false, visibility: "shown" });
      await server.app.inject({
        method: "PUT",
        url: "/api/users/location",
        headers: { cookie: me.cookie },
        payload: CITY,
      });
      const shared = await get();
      expect(shared).toMatchObject({
        position: { latitude: CITY.latitude, longitude: CITY.longitude },
        sharing: true,
        visibility: "shown",
      });

      const put = (visibility: unknown) =>
        server.app.inject({
          method: "PUT",
          url: "/api/users/location/visibility",
          headers: { cookie: me.cookie },
          payload: { visibility },
        });
      expect((await put("crowd")).json()).toMatchObject({ visibility: "crowd" });
      const hidden = await put("hidden");
      expect(hidden.json()).toMatchObject({ visibility: "hidden" });
      const [row] = await t.database.db
        .select({ privateMode: users.privateMode })
        .from(users)
        .where(eq(users.id, me.id));
      expect(row?.privateMode).toBe(true);
      expect(membersOf(await area(tilesAroundCity())).map((m) => m.id)).not.toContain(me.id);
      expect((await put("shown")).json()).toMatchObject({ visibility: "shown" });
      expect(membersOf(await area(tilesAroundCity())).map((m) => m.id)).toContain(me.id);

      const bad = await put("invisible");
      expect(bad.statusCode).toBe(400);
      expect((bad.json() as { message: string }).message).toMatch(/shown, crowd, hidden/);
      expect((await get()).visibility).toBe("shown");

      const off = await server.app.inject({
        method: "DELETE",
        url: "/api/users/location",
        headers: { cookie: me.cookie },
      });
      expect(off.statusCode).toBe(200);
      expect(await get()).toEqual({ position: null, sharing: false, visibility: "shown" });
      expect(membersOf(await area(tilesAroundCity())).map((m) => m.id)).not.toContain(me.id);
    });

    it("is for members only", async () => {
      const guest = await guestCookie(server);
      expect((await server.app.inject({ method: "GET", url: "/api/users/location" })).statusCode).toBe(401);
      expect(
        (await server.app.inject({ method: "GET", url: "/api/users/location", headers: { cookie: guest } })).statusCode,
      ).toBe(403);
    });
  });

  it("cannot place anyone closer than his cell: the marker is his fixed snapped point, whoever looks and from wherever", async () => {
    const random = seeded(2026);
    const viewer = await member("vantage@example.com", CITY);
    const victims: Array<{ id: string; truth: LatLon; snapped: LatLon }> = [];
    for (let i = 0; i < 40; i++) {
      const truth = offset(0.3 + random() * 3, random() * 360);
      const placed = await placeMember(t.database, truth);
      victims.push({ id: placed.id, truth, snapped: placed.snapped });
    }
    const seen = new Map<string, Set<string>>();
    // The viewer moves around the city (his own position is his to set) and looks each time.
    for (const [i, bearing] of [0, 90, 180, 270].entries()) {
      await t.database.db
        .update(locations)
        .set({ latitude: offset(2 + i, bearing).latitude, longitude: offset(2 + i, bearing).longitude })
        .where(eq(locations.userId, viewer.id));
      for (const m of membersOf(await area(tilesAroundCity(), viewer.cookie))) {
        const set = seen.get(m.id) ?? new Set<string>();
        set.add(`${m.latitude},${m.longitude}`);
        seen.set(m.id, set);
      }
    }
    const errors: number[] = [];
    for (const v of victims) {
      // One point, the same from every vantage point: nothing to average or trilaterate.
      expect([...(seen.get(v.id) ?? [])]).toEqual([`${v.snapped.latitude},${v.snapped.longitude}`]);
      expect(privacyCellOf(v.snapped)).toEqual(privacyCellOf(v.truth));
      errors.push(haversineMeters(v.truth, v.snapped));
    }
    errors.sort((a, b) => a - b);
    // As for nearby's distances: the best estimate is the snapped point, about 250 m away on average.
    expect(errors[20]!).toBeGreaterThan(150);
  });

  /** What a map client holds: the area it fetched, with every push since applied as the web app does. */
  const liveClient = async (cookie: string, userId: string, filters?: MemberFilters) => {
    const socket = socketFor(await urlOf(), cookie);
    await connected(socket);
    const tiles = tilesAroundCity();
    const pushes: Array<{ event: "mapChanges" | "mapTiles"; payload: unknown }> = [];
    socket.on("mapChanges", (payload) => pushes.push({ event: "mapChanges", payload }));
    socket.on("mapTiles", (payload) => pushes.push({ event: "mapTiles", payload }));
    expect(await emitAck(socket, "mapSubscribe", filters ? { tiles, filters } : { tiles })).toEqual({ ok: true });
    let held = await area(tiles, cookie, filters);
    let missing = false;
    return {
      socket,
      pushes,
      /** Sends what is pending, waits for it to reach the socket, applies it; answers the pushes it got. */
      async sync() {
        await server.context.mapChanges.flush();
        // The socket's events come in order: once this is answered, every push sent before it is here.
        await emitAck(socket, "watchEvents", { eventIds: [] });
        const got = pushes.splice(0);
        for (const p of got) {
          if (p.event === "mapTiles") held = replaceMapTiles(held, mapAreaSchema.parse(p.payload));
          else {
            // His own position, as his device has it: the one the server stored.
            const [own] = await t.database.db
              .select({ latitude: locations.latitude, longitude: locations.longitude })
              .from(locations)
              .where(eq(locations.userId, userId));
            const next = applyMapChanges(held, mapChangesSchema.parse(p.payload), own ?? null);
            held = next.area;
            missing ||= next.missing;
          }
        }
        return got;
      },
      held: () => normal(held),
      missing: () => missing,
      fresh: async () => normal(await area(tiles, cookie, filters)),
    };
  };
  /** An area in one order (members and crowds by id), `truncated` aside. */
  const normal = (a: MapArea) =>
    a.tiles.map((t) => ({
      tile: t.tile,
      members: [...t.members].sort((x, y) => x.id.localeCompare(y.id)),
      crowds: [...t.crowds].sort((x, y) => x.id.localeCompare(y.id)),
    }));
  const moveMember = async (m: { id: string; secret: string }, to: LatLon) => {
    const { before } = await saveLocation(t.database.db, { id: m.id, locationSecret: m.secret }, to);
    server.context.mapChanges.memberChanged(m.id, before);
  };

  it("tells a subscribed socket what changed when a member moves into, within and out of its tiles (his moves only, never whole tiles)", async () => {
    const viewer = await member("watcher@example.com", CITY);
    const mover = await member("mover@example.com", offset(30, 0));
    const client = await liveClient(viewer.cookie, viewer.id);
    const moveTo = async (position: LatLon) => {
      await putLocation(mover.cookie, position);
      const got = await client.sync();
      expect(got.map((p) => p.event)).toEqual(["mapChanges"]);
      return mapChangesSchema.parse(got[0]!.payload);
    };
    const snappedOf = async () => {
      const [row] = await t.database.db.select().from(locations).where(eq(locations.userId, mover.id));
      return { latitude: row!.snappedLatitude, longitude: row!.snappedLongitude };
    };

    // Into his tiles: the whole marker, in the tile that holds his snapped position.
    const arrived = await moveTo(offset(1, 45));
    const at = await snappedOf();
    expect(arrived.members).toHaveLength(1);
    expect(arrived.members[0]!.tile).toBe(tileKey(tileOf(at.latitude, at.longitude, LEVEL)));
    expect(arrived.members[0]!.member).toMatchObject({ id: mover.id, ...at });
    expect(arrived.members[0]!.member.distance).toBeCloseTo(haversineMeters(CITY, at) / 1000, 1);
    expect(arrived).toMatchObject({ moved: [], removed: [], crowds: [], crowdsRemoved: [] });

    // Within them, to another cell: only where he is now, and the tile that holds it.
    const within = await moveTo(offset(4, 200));
    const now = await snappedOf();
    expect(within.members).toEqual([]);
    expect(within.moved).toHaveLength(1);
    const [id, tile, latitude, longitude] = within.moved[0]!;
    expect(within.moved[0]).toHaveLength(4);
    expect({ id, tile, latitude, longitude }).toEqual({
      id: mover.id,
      tile: tileKey(tileOf(now.latitude, now.longitude, LEVEL)),
      ...now,
    });
    // The client works out his new distance and score from its own position: as the server would.
    expect(await client.fresh()).toEqual(client.held());
    const shown = client
      .held()
      .flatMap((x) => x.members)
      .find((m) => m.id === mover.id)!;
    expect(shown.distance).toBeCloseTo(haversineMeters(CITY, now) / 1000, 1);

    // Out of them: his id, gone.
    const left = await moveTo(offset(40, 0));
    expect(left).toMatchObject({ members: [], moved: [], removed: [mover.id] });
    expect(await client.fresh()).toEqual(client.held());

    // Unsubscribed: nothing more arrives.
    expect(await emitAck(client.socket, "mapSubscribe", { tiles: [] })).toEqual({ ok: true });
    await moveTo(offset(1, 45)).catch(() => undefined);
    expect(await client.sync()).toEqual([]);
  });

  it("keeps a viewer's map equal to what he would fetch now, change after change: moves, crowds, private mode, blocks, suspension", async () => {
    const random = seeded(38);
    // One in the tiles himself (his own view, worked out whole), one looking from 60 km away and one
    // without a position (anyone's view, worked out once per tile): each holds what he would fetch now.
    const viewer = await member("keeper@example.com", CITY);
    const far = await member("far@example.com", offset(60, 0));
    const nowhere = await member("nowhere@example.com");
    const clients = [
      await liveClient(viewer.cookie, viewer.id),
      await liveClient(far.cookie, far.id),
      await liveClient(nowhere.cookie, nowhere.id),
    ];
    const check = async () => {
      for (const c of clients) await c.sync();
      for (const c of clients) expect(await c.fresh()).toEqual(c.held());
    };
    const spot = offset(2, 120);
    const old = new Date(Date.now() - 8 * 86_400_000);
    const placed: Array<{ id: string; secret: string }> = [];
    // Established shown members in one cell, and two "in a crowd only" there: both come out once five are there.
    for (let i = 0; i < MAP_CROWD_MIN - 1; i++) placed.push(await placeMember(t.database, spot, { createdAt: old }));
    const shy = [
      await placeMember(t.database, spot, { mapVisibility: "crowd" }),
      await placeMember(t.database, offset(2.1, 121), { mapVisibility: "crowd" }),
    ];
    await t.database.db.execute(sql`UPDATE locations SET held_since = now() - interval '2 hours'`);
    for (const m of [...placed, ...shy]) server.context.mapChanges.memberChanged(m.id);
    await check();

    const fifth = await placeMember(t.database, offset(5, 300), { createdAt: old });
    server.context.mapChanges.memberChanged(fifth.id);
    await check();
    // The fifth established member comes into the cell (his position held an hour): the shy ones come out.
    await moveMember(fifth, spot);
    await t.database.db.execute(sql`UPDATE locations SET held_since = now() - interval '2 hours'`);
    await check();
    for (const c of clients) expect(c.held().flatMap((x) => x.members.map((m) => m.id))).toContain(shy[0]!.id);

    // Wandering members, some across tiles, one out of the tiles and back.
    const wanderers = [];
    for (let i = 0; i < 8; i++) wanderers.push(await placeMember(t.database, offset(1 + random() * 6, random() * 360)));
    for (const w of wanderers) server.context.mapChanges.memberChanged(w.id);
    await check();
    for (let round = 0; round < 4; round++) {
      for (const w of wanderers) await moveMember(w, offset(random() * 9, random() * 360));
      await check();
    }
    // Private mode, back, a block either way, its end, a suspension.
    const [a, b, c] = wanderers as [(typeof wanderers)[0], (typeof wanderers)[0], (typeof wanderers)[0]];
    for (const step of [
      () => t.database.db.update(users).set({ privateMode: true }).where(eq(users.id, a.id)),
      () => t.database.db.update(users).set({ privateMode: false }).where(eq(users.id, a.id)),
      () =>
        t.database.db.insert(blocks).values([
          { blockerId: viewer.id, blockedId: b.id },
          { blockerId: far.id, blockedId: b.id },
        ]),
      () =>
        t.database.db.insert(blocks).values([
          { blockerId: c.id, blockedId: viewer.id },
          { blockerId: c.id, blockedId: far.id },
        ]),
      () => t.database.db.delete(blocks).where(eq(blocks.blockedId, b.id)),
      () => t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, c.id)),
      () => t.database.db.update(users).set({ mapVisibility: "crowd" }).where(eq(users.id, placed[0]!.id)),
    ]) {
      await step();
      for (const m of [a, b, c, placed[0]!]) server.context.mapChanges.memberChanged(m.id);
      await check();
    }
    // The viewer himself moves: his distances to everyone in his tiles follow.
    const [own] = await t.database.db.select().from(users).where(eq(users.id, viewer.id));
    await moveMember({ id: viewer.id, secret: own!.locationSecret }, offset(3, 10));
    await check();
    for (const c of clients) expect(c.missing()).toBe(false);
  });

  it("sends whole tiles, by his own query, to a viewer whose tiles hold more than his cap, and only those he may see change", async () => {
    const viewer = await member("crowded@example.com", CITY);
    const others = [];
    for (let i = 0; i < 4; i++) others.push(await placeMember(t.database, offset(1 + i, 90 * i)));
    const hidden = await placeMember(t.database, offset(2, 45), { privateMode: true });
    server.context.mapChanges.memberCap = () => 2;
    try {
      const client = await liveClient(viewer.cookie, viewer.id);
      await moveMember(hidden, offset(3, 45));
      expect(await client.sync()).toEqual([]);
      await moveMember(others[0]!, offset(5, 10));
      const got = await client.sync();
      expect(got.map((p) => p.event)).toEqual(["mapTiles"]);
      const tiles = mapAreaSchema.parse(got[0]!.payload);
      expect(tiles.tiles.length).toBeGreaterThan(0);
      // Back under the cap: his tiles whole once, then what changed.
      server.context.mapChanges.memberCap = () => 1000;
      await moveMember(others[1]!, offset(6, 10));
      expect((await client.sync()).map((p) => p.event)).toEqual(["mapTiles"]);
      expect(await client.fresh()).toEqual(client.held());
      await moveMember(others[2]!, offset(2, 10));
      expect((await client.sync()).map((p) => p.event)).toEqual(["mapChanges"]);
      expect(await client.fresh()).toEqual(client.held());
    } finally {
      server.context.mapChanges.memberCap = mapMemberCap;
    }
  });

  it("sends a viewer who filters his changed tiles whole, by his own filtered query, and nothing for those he filters out", async () => {
    const viewer = await member("filtering@example.com", CITY);
    const young = await placeMember(t.database, offset(1, 30), { age: 25 });
    const older = await placeMember(t.database, offset(2, 120), { age: 50 });
    const client = await liveClient(viewer.cookie, viewer.id, { ...NO_MEMBER_FILTERS, ageMax: 35 });
    const shown = () => client.held().flatMap((x) => x.members.map((m) => m.id));
    expect(shown()).toContain(young.id);
    expect(shown()).not.toContain(older.id);
    // One he filters out moves: nothing is sent.
    await moveMember(older, offset(3, 200));
    expect(await client.sync()).toEqual([]);
    // One he sees moves: the tiles that changed for him, whole, as his filters find them.
    await moveMember(young, offset(4, 300));
    const got = await client.sync();
    expect(got.map((p) => p.event)).toEqual(["mapTiles"]);
    expect(await client.fresh()).toEqual(client.held());
    expect(shown()).toContain(young.id);
    // Someone grows out of the range: gone from his map.
    await t.database.db.update(users).set({ age: 40 }).where(eq(users.id, young.id));
    server.context.mapChanges.memberChanged(young.id);
    expect((await client.sync()).map((p) => p.event)).toEqual(["mapTiles"]);
    expect(shown()).not.toContain(young.id);
    expect(await client.fresh()).toEqual(client.held());
  });

  it("sends a viewer who filters his Favorites only his favorites' tiles as they change", async () => {
    const viewer = await member("favorites-live@example.com", CITY);
    const starred = await placeMember(t.database, offset(1, 30), { age: 25 });
    const other = await placeMember(t.database, offset(2, 120), { age: 25 });
    await t.database.db.insert(favorites).values({ memberId: viewer.id, favoriteId: starred.id });
    const client = await liveClient(viewer.cookie, viewer.id, { ...NO_MEMBER_FILTERS, favorites: true });
    const shown = () => client.held().flatMap((x) => x.members.map((m) => m.id));
    expect(shown()).toContain(starred.id);
    expect(shown()).not.toContain(other.id);
    await moveMember(other, offset(3, 200));
    expect(await client.sync()).toEqual([]);
    await moveMember(starred, offset(4, 300));
    expect((await client.sync()).map((p) => p.event)).toEqual(["mapTiles"]);
    expect(shown()).toContain(starred.id);
    expect(await client.fresh()).toEqual(client.held());
  });

  it("refuses bad subscriptions with a readable message", async () => {
    const url = await urlOf();
    const viewer = await member("watcher2@example.com", CITY);
    const socket = socketFor(url, viewer.cookie);
    await connected(socket);
    for (const payload of [
      { tiles: ["99/1/1"] },
      { tiles: "12/1/1" },
      {},
      { tiles: ["12/1/1", "12/200/1"] },
      { tiles: ["12/1/1", "11/1/1"] },
      { tiles: tilesAroundCity(), extra: 1 },
      { tiles: tilesAroundCity(), filters: { ageMin: 30 } },
      { tiles: tilesAroundCity(), filters: { ...NO_MEMBER_FILTERS, ageMin: 60, ageMax: 30 } },
    ]) {
      const ack = await emitAck(socket, "mapSubscribe", payload);
      expect(ack.ok, JSON.stringify(payload)).toBe(false);
      expect((ack as { message: string }).message.length).toBeGreaterThan(5);
    }
  });

  it("sends a blocked member no news of the one who blocked him", async () => {
    const url = await urlOf();
    const viewer = await member("watcher3@example.com", CITY);
    const mover = await member("mover3@example.com", offset(30, 0));
    await server.app.inject({
      method: "POST",
      url: `/api/users/${viewer.id}/block`,
      headers: { cookie: mover.cookie },
    });
    const socket = socketFor(url, viewer.cookie);
    await connected(socket);
    await emitAck(socket, "mapSubscribe", { tiles: tilesAroundCity() });
    const updates: unknown[] = [];
    socket.on("mapTiles", (a) => updates.push(a));
    socket.on("mapChanges", (a) => updates.push(a));
    await server.app.inject({
      method: "PUT",
      url: "/api/users/location",
      headers: { cookie: mover.cookie },
      payload: offset(1, 45),
    });
    await server.context.mapChanges.flush();
    // A change that changes nothing he may see sends him nothing: not even an empty tile.
    await emitAck(socket, "mapSubscribe", { tiles: tilesAroundCity() });
    expect(updates).toEqual([]);
  });
});

/** Live map updates across nodes, through Redis. */
describe.runIf(process.env.REDIS_URL)("live map updates across two nodes", () => {
  const nodes = useTwoNodes();

  it("a move reported to node B reaches a socket on node A", async () => {
    const { nodeA, nodeB } = nodes;
    const urlA = nodes.urlA;
    const viewer = await registerMember(nodeA, "a-viewer@example.com");
    const mover = await registerMember(nodeB, "b-mover@example.com");
    const socket = socketFor(urlA, viewer.cookie);
    await connected(socket);
    expect(await emitAck(socket, "mapSubscribe", { tiles: tilesAroundCity() })).toEqual({ ok: true });
    const seen = nextEvent(socket, "mapChanges", (a) => a.members.some((m) => m.member.id === mover.id), 8000);
    const res = await nodeB.app.inject({
      method: "PUT",
      url: "/api/users/location",
      headers: { cookie: mover.cookie },
      payload: offset(1, 45),
    });
    expect(res.statusCode).toBe(200);
    await nodeB.context.mapChanges.flush();
    const changes = await seen;
    expect(changes.members.find((m) => m.member.id === mover.id)?.member.username).toBe(mover.username);
  });
});
