/**
 * bench/nearby: how fast is the nearby search (GET /api/users/nearby) with many members?
 *
 *   npm run bench:nearby                       every case (about 8 minutes on 2 cores)
 *   npm run bench:nearby -- pglite:10000       only the named cases (engine:members, any number)
 *
 * For each case it makes a fresh database (PostgreSQL: a database of its own, created through
 * DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres and dropped at the end; PGlite: in
 * memory), runs the real migrations (openDatabase), loads members with INSERT ... SELECT FROM
 * generate_series, VACUUM ANALYZEs, then times three ways to answer "the 100 nearest members
 * within 25 km" from random points of the city:
 *   (a) the production query: findNearby itself (a GiST nearest-neighbour scan, ORDER BY cube <->,
 *       the radius applied to the nearest);
 *   (b) radius then sort: the earth_box/earth_distance filter, ORDER BY earth_distance;
 *   (c) a full scan: haversine in SQL over every row, filter <= 25 km, ORDER BY it.
 * It prints p50/p99 of each, the speed-ups of (a), the plans (EXPLAIN ANALYZE, BUFFERS) once per
 * case, and whether the goals are met. Everything goes to stdout; it stops by itself.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { sql, type SQL } from "drizzle-orm";
import { openDatabase, queryRows, type Database, type Db } from "../../apps/server/src/db/database";
import { ADMIN_URL, benchDatabase, stopping } from "../lib/postgres";
import { ONLINE_WINDOW_MS } from "../../apps/server/src/presence/presence";
import {
  FILTER_POOL,
  findNearby,
  nearbySql,
  privateNearbySql,
  type NearbySearch,
} from "../../apps/server/src/users/nearby";
import { Sealer } from "../../apps/server/src/http/sealed";
import { mapArea, type MapViewer } from "../../apps/server/src/map/area";
import { memberFiltersOf, tileKey, tileOf, type MemberFilters } from "@vicinity/contract";

type Engine = "postgres" | "pglite";
interface Case {
  engine: Engine;
  members: number;
}

const ALL_CASES: Case[] = [
  { engine: "postgres", members: 10_000 },
  { engine: "postgres", members: 100_000 },
  { engine: "postgres", members: 1_000_000 },
  { engine: "pglite", members: 10_000 },
  { engine: "pglite", members: 100_000 },
];

/** The city: Jacksonville (spec section 9), with at most 100k members inside 25 km of its centre. */
const CITY = { latitude: 30.3322, longitude: -81.6557 };
const CITY_RADIUS_KM = 25;
const CITY_MEMBERS_MAX = 100_000;
/** Everyone else: spread over the south-east of the US (about 1,200 x 1,500 km). */
const REGION = { south: 25, north: 36, west: -92, east: -76 };
/** Query points: uniform over the inner 10 km of the city, where the members are. */
const QUERY_RADIUS_KM = 10;

const RADIUS_KM = 25;
const LIMIT = 100;
const WARMUP = 200;
const RUNS = 200;
/**
 * Time budgets per query and case: the slow alternatives (a full scan of 1M rows takes about a
 * second) warm up for at most WARMUP_BUDGET_MS and are timed as many times as fit in
 * RUN_BUDGET_MS (at least MIN_RUNS); the output says when a query ran fewer than RUNS times.
 */
const WARMUP_BUDGET_MS = 10_000;
const RUN_BUDGET_MS = 90_000;
const MIN_RUNS = 20;

const GOALS = {
  postgresP99MsAt1M: 5,
  speedupOverRadiusSort: 20,
  speedupOverFullScan: 100,
  pgliteP99MsAt100k: 20,
};

const log = (line = "") => process.stdout.write(`${line}\n`);
/** The machine is shared: the 1-minute load average, to read the figures by. */
const loadAverage = () => (os.loadavg()[0] ?? 0).toFixed(2);

/** mulberry32: the same query points on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function cityMembers(members: number): number {
  // 1M: 100k in the city and 900k around; smaller sizes keep a dense core of half their members.
  return Math.min(CITY_MEMBERS_MAX, Math.floor(members / 2));
}

/** A uniform number in [0, 1) from 8 hex digits (`part` 0-3) of an md5 column: deterministic per row, either engine. */
const u01 = (md5Column: string, part: number) =>
  `(('x' || substr(${md5Column}, ${1 + part * 8}, 8))::bit(32)::bigint / 4294967296.0)`;

/** Loads `members` members: users, their locations (exact and snapped), and presence for 30%. */
async function load(db: Db, members: number): Promise<void> {
  const city = cityMembers(members);
  const cellLat = 500 / 111_320;
  await db.execute(
    sql.raw(`
    INSERT INTO users (id, email, username, password_hash, first_name, display_name, age, bio, interests,
                       body_type, position, private_mode, suspended_at, location_secret)
    SELECT md5('member:' || i)::uuid, 'member' || i || '@bench.invalid', 'member' || i, 'not-a-hash',
           'Member', 'Member ' || i, 18 + i % 42, 'Gym in the morning, beach in the afternoon. Say hi.',
           ARRAY['gym', 'coffee', 'beach'],
           (ARRAY['slim','average','athletic','muscular','stocky','large'])[1 + i % 6]::body_type,
           (ARRAY['top','vers-top','versatile','vers-bottom','bottom','side'])[1 + i % 6]::"position",
           i % 12 = 0, CASE WHEN i % 200 = 0 THEN now() END, md5('secret:' || i)
    FROM generate_series(1, ${members}) AS i
  `),
  );
  // City members: exponential distance from the centre (mean 4 km, capped below 25 km), uniform
  // bearing; the rest uniform over the region. The snapped point: the position's 500 m cell (as
  // privacyCellOf), at a per-row point inside it with a 5% margin, as snapToPrivacyGrid does with
  // its HMAC. The bench measures the query, not the snapping.
  const distKm = `least(24.5, -ln(1 - ${u01("r.m", 0)} * 0.998) * 4)`;
  const bearing = `(2 * pi() * ${u01("r.m", 1)})`;
  await db.execute(
    sql.raw(`
    INSERT INTO locations (user_id, latitude, longitude, snapped_latitude, snapped_longitude)
    SELECT md5('member:' || i)::uuid, pos.lat, pos.lon,
           (c.cell_row + 0.05 + 0.9 * ${u01("r.m", 2)}) * ${cellLat},
           (floor(pos.lon / c.cell_lon) + 0.05 + 0.9 * ${u01("r.m", 3)}) * c.cell_lon
    FROM generate_series(1, ${members}) AS i
    CROSS JOIN LATERAL (SELECT md5('location:' || i) AS m) r
    CROSS JOIN LATERAL (
      SELECT CASE WHEN i <= ${city}
                  THEN ${CITY.latitude} + ${distKm} / 111.32 * cos(${bearing})
                  ELSE ${REGION.south} + ${REGION.north - REGION.south} * ${u01("r.m", 0)} END AS lat,
             CASE WHEN i <= ${city}
                  THEN ${CITY.longitude} + ${distKm} / (111.32 * cos(radians(${CITY.latitude}))) * sin(${bearing})
                  ELSE ${REGION.west} + ${REGION.east - REGION.west} * ${u01("r.m", 1)} END AS lon
    ) pos
    CROSS JOIN LATERAL (
      SELECT floor(pos.lat / ${cellLat}) AS cell_row,
             500 / (111320 * cos(radians((floor(pos.lat / ${cellLat}) + 0.5) * ${cellLat}))) AS cell_lon
    ) c
  `),
  );
  await db.execute(
    sql.raw(`
    INSERT INTO presence (user_id, status, last_seen_at)
    SELECT md5('member:' || i)::uuid,
           (CASE WHEN i % 10 < 2 THEN 'online' WHEN i % 10 = 2 THEN 'away' ELSE 'offline' END)::presence_status,
           now() - make_interval(secs => i % 3600)
    FROM generate_series(1, ${members}) AS i
    WHERE i % 10 < 3
  `),
  );
  await db.execute(sql`VACUUM ANALYZE`);
}

/** PostgreSQL: write the load's dirty pages out now, so the checkpointer does not do it while queries are timed. */
async function settle(database: Database): Promise<void> {
  if (database.engine === "postgres") await database.db.execute(sql`CHECKPOINT`);
}

/**
 * The columns the production query returns, so that (b) and (c) fetch the same data. Like (a)'s
 * first pages, (b) and (c) list the members who show their distance: those in private mode come
 * after them, in id order, timed apart as (d).
 */
const COLUMNS = sql`u.id, u.username, u.display_name, u.first_name, u.age, u.bio, u.interests, u.body_type, u.position,
  u.profile_image_url, u.private_mode, u.right_now_note, u.right_now_until,
  coalesce(p.status <> 'offline' AND p.last_seen_at > now() - make_interval(secs => ${ONLINE_WINDOW_MS / 1000}), false) AS is_online`;

interface Point {
  latitude: number;
  longitude: number;
}

/** (b) radius then sort: every member within the radius (earth_box through the same GiST index), sorted by distance. */
function radiusThenSortSql(q: Point): SQL {
  const radiusM = RADIUS_KM * 1000;
  const center = sql`ll_to_earth(${q.latitude}::float8, ${q.longitude}::float8)`;
  const point = sql`l.snapped_earth`;
  return sql`
    SELECT ${COLUMNS}, earth_distance(${point}, ${center}) AS meters
    FROM locations l
    JOIN users u ON u.id = l.user_id
    LEFT JOIN presence p ON p.user_id = u.id
    WHERE earth_box(${center}, ${radiusM}::float8) @> ${point}
      AND earth_distance(${point}, ${center}) <= ${radiusM}::float8
      AND u.suspended_at IS NULL AND NOT l.distance_hidden
    ORDER BY earth_distance(${point}, ${center})
    LIMIT ${LIMIT + 1}`;
}

/** (c) a full scan: the haversine formula over every row, no index. */
function fullScanSql(q: Point): SQL {
  const radiusM = RADIUS_KM * 1000;
  const lat = sql`${q.latitude}::float8`;
  const lon = sql`${q.longitude}::float8`;
  return sql`
    SELECT ${COLUMNS}, h.meters
    FROM locations l
    CROSS JOIN LATERAL (
      SELECT 2 * 6371000 * asin(least(1, sqrt(
               sin(radians(l.snapped_latitude - ${lat}) / 2) ^ 2
               + cos(radians(${lat})) * cos(radians(l.snapped_latitude)) * sin(radians(l.snapped_longitude - ${lon}) / 2) ^ 2))) AS meters
    ) h
    JOIN users u ON u.id = l.user_id
    LEFT JOIN presence p ON p.user_id = u.id
    WHERE h.meters <= ${radiusM}::float8
      AND u.suspended_at IS NULL AND NOT l.distance_hidden
    ORDER BY h.meters
    LIMIT ${LIMIT + 1}`;
}

const cursorSealer = new Sealer("bench-secret-bench-secret-bench-secret", "nearby-cursor");

function productionSearch(q: Point): NearbySearch {
  return { latitude: q.latitude, longitude: q.longitude, radius: RADIUS_KM, limit: LIMIT, viewerId: null, after: null };
}

interface QueryKind {
  key: "a" | "b" | "c";
  label: string;
  /** Runs the query, returning the ids in order (for the same-answer check). */
  run(db: Db, q: Point): Promise<string[]>;
  explain(q: Point): SQL;
}

const QUERIES: QueryKind[] = [
  {
    key: "a",
    label: "(a) production: GiST KNN <->",
    run: async (db, q) => (await findNearby(db, cursorSealer, productionSearch(q), null)).users.map((u) => u.id),
    explain: (q) => nearbySql(productionSearch(q)),
  },
  {
    key: "b",
    label: "(b) radius then sort",
    run: async (db, q) => (await queryRows<{ id: string }>(db, radiusThenSortSql(q))).slice(0, LIMIT).map((r) => r.id),
    explain: radiusThenSortSql,
  },
  {
    key: "c",
    label: "(c) full-scan haversine",
    run: async (db, q) => (await queryRows<{ id: string }>(db, fullScanSql(q))).slice(0, LIMIT).map((r) => r.id),
    explain: fullScanSql,
  },
];

function queryPoints(howMany: number, seed: number): Point[] {
  const random = seeded(seed);
  return Array.from({ length: howMany }, () => {
    const km = QUERY_RADIUS_KM * Math.sqrt(random());
    const bearing = random() * 2 * Math.PI;
    return {
      latitude: CITY.latitude + (km / 111.32) * Math.cos(bearing),
      longitude: CITY.longitude + (km / (111.32 * Math.cos((CITY.latitude * Math.PI) / 180))) * Math.sin(bearing),
    };
  });
}

function percentile(sorted: readonly number[], p: number): number {
  // Nearest rank.
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

interface Timing {
  p50: number;
  p99: number;
  runs: number;
}

async function time(
  db: Db,
  kind: QueryKind,
  points: readonly Point[],
  warmupPoints: readonly Point[],
): Promise<Timing> {
  const warmStart = performance.now();
  let warmed = 0;
  for (const q of warmupPoints) {
    await kind.run(db, q);
    warmed += 1;
    if (performance.now() - warmStart > WARMUP_BUDGET_MS && warmed >= 3) break;
  }
  const warmMean = (performance.now() - warmStart) / warmed;
  const runs = Math.max(MIN_RUNS, Math.min(points.length, Math.floor(RUN_BUDGET_MS / warmMean)));
  const samples: number[] = [];
  for (const q of points.slice(0, runs)) {
    const start = performance.now();
    await kind.run(db, q);
    samples.push(performance.now() - start);
  }
  samples.sort((x, y) => x - y);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), runs };
}

async function explain(db: Db, query: SQL): Promise<string[]> {
  const rows = await queryRows<Record<string, unknown>>(db, sql`EXPLAIN (ANALYZE, BUFFERS) ${query}`);
  return rows.map((r) => String(Object.values(r)[0]));
}

/** A fresh database for one case; `drop` removes it (PostgreSQL) or closes it (PGlite). */
async function openBenchDatabase(c: Case): Promise<{ database: Database; drop(): Promise<void> }> {
  if (c.engine === "pglite") {
    const database = await openDatabase({ dataDir: "memory://" });
    return { database, drop: () => database.close() };
  }
  const { database, drop } = await benchDatabase(`vicinity_bench_${c.members}`, 1, log);
  return { database, drop };
}

interface Result {
  c: Case;
  timings: Record<QueryKind["key"], Timing>;
  loadSeconds: number;
}

const fmtMs = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0));
const fmtN = (n: number) => n.toLocaleString("en-US");
const caseName = (c: Case) => `${c.engine} ${fmtN(c.members)}`;

async function runCase(c: Case): Promise<Result> {
  log(
    `=== ${caseName(c)} members (${fmtN(cityMembers(c.members))} within ${CITY_RADIUS_KM} km of the city centre) ===`,
  );
  const { database, drop } = await openBenchDatabase(c);
  try {
    const db = database.db;
    const loadStart = performance.now();
    await load(db, c.members);
    const loadSeconds = (performance.now() - loadStart) / 1000;
    await settle(database);
    const [counts] = await queryRows<{ members: number; in_radius: number }>(
      db,
      sql`
      SELECT count(*)::int AS members,
             count(*) FILTER (WHERE earth_distance(ll_to_earth(snapped_latitude, snapped_longitude),
                                                   ll_to_earth(${CITY.latitude}::float8, ${CITY.longitude}::float8)) <= ${CITY_RADIUS_KM * 1000}::float8)::int AS in_radius
      FROM locations`,
    );
    log(
      `loaded ${fmtN(counts?.members ?? 0)} members in ${loadSeconds.toFixed(1)} s (VACUUM ANALYZE included); ` +
        `${fmtN(counts?.in_radius ?? 0)} within ${CITY_RADIUS_KM} km of the centre`,
    );

    // The three queries must agree on the answer (the same 100 members, the same order).
    const probe = queryPoints(1, 7)[0]!;
    const answers = await Promise.all(QUERIES.map((k) => k.run(db, probe)));
    const same = answers.every((a) => a.length === LIMIT && a.join() === answers[0]!.join());
    log(
      `same answer from (a), (b) and (c) at a probe point: ${same ? "yes" : "NO"} (${answers.map((a) => a.length).join("/")} rows)`,
    );
    if (!same) throw new Error("the three queries disagree: the bench would compare different work");

    const warmup = queryPoints(WARMUP, 11);
    const points = queryPoints(RUNS, 23);
    log(`load average before timing: ${loadAverage()}`);
    const timings = {} as Record<QueryKind["key"], Timing>;
    for (const kind of QUERIES) {
      timings[kind.key] = await time(db, kind, points, warmup);
      const t = timings[kind.key];
      const fewer =
        t.runs < RUNS
          ? `; fewer: slow, capped by the ${RUN_BUDGET_MS / 1000} s budget${t.runs <= MIN_RUNS ? ", so p99 is the maximum" : ""}`
          : "";
      log(
        `${kind.label.padEnd(32)} p50 ${fmtMs(t.p50).padStart(7)} ms   p99 ${fmtMs(t.p99).padStart(7)} ms   (${t.runs} runs${fewer})`,
      );
    }
    // (d) The page after the last member who shows his distance: members in private mode (8%) by
    // their 5 km cell, in id order. Every "best match" search and the last page of "nearest" run it.
    const privatePage = {
      key: "d",
      label: "(d) private-mode page",
      run: async (d: Db, q: Point) =>
        (await queryRows<{ id: string }>(d, privateNearbySql(productionSearch(q), null, LIMIT + 1))).map((r) => r.id),
      explain: (q: Point) => privateNearbySql(productionSearch(q), null, LIMIT + 1),
    };
    const td = await time(db, privatePage as unknown as QueryKind, points, warmup);
    log(
      `${privatePage.label.padEnd(32)} p50 ${fmtMs(td.p50).padStart(7)} ms   p99 ${fmtMs(td.p99).padStart(7)} ms   (${td.runs} runs)`,
    );
    // (e) The live map's answer (GET /api/map/area): the 3 x 3 level-12 tiles around a
    // point (about 25 x 25 km here, a desktop view), capped at MAP_MEMBER_CAP members, crowds and
    // all: mapArea itself, row parsing and the crowd rule included.
    const mapTiles = (q: Point) => {
      const c = tileOf(q.latitude, q.longitude, 12);
      return [-1, 0, 1].flatMap((dx) => [-1, 0, 1].map((dy) => tileKey({ z: 12, x: c.x + dx, y: c.y + dy })));
    };
    const viewer = (q: Point): MapViewer => ({
      viewerId: null,
      limited: false,
      profile: { age: 30, interests: ["gym", "coffee"] },
      position: q,
    });
    const mapQuery = {
      key: "e",
      label: "(e) map area, 3x3 tiles",
      run: async (d: Db, q: Point) =>
        (await mapArea(d, viewer(q), mapTiles(q))).tiles.flatMap((t) => t.members.map((m) => m.id)),
    };
    const te = await time(db, mapQuery as unknown as QueryKind, points.slice(0, 60), warmup.slice(0, 20));
    const sample = await mapArea(db, viewer(probe), mapTiles(probe));
    log(
      `${mapQuery.label.padEnd(32)} p50 ${fmtMs(te.p50).padStart(7)} ms   p99 ${fmtMs(te.p99).padStart(7)} ms   (${te.runs} runs; ${fmtN(sample.tiles.reduce((n, t) => n + t.members.length, 0))} members at the probe, truncated: ${sample.truncated})`,
    );
    // (f) and (g): filtered searches (issue 37), findNearby itself. (f) a common choice: about half the ages and two
    // of six positions (about 16% pass); (g) a filter nobody passes (a position and a body type no member of the load
    // has together): the scan stops at FILTER_POOL members, then the private-mode page (d) runs as well.
    const filtered = (label: string, filters: Partial<MemberFilters>) => {
      const search = (q: Point): NearbySearch => ({ ...productionSearch(q), filters: memberFiltersOf(filters) });
      return {
        key: "f",
        label,
        run: async (d: Db, q: Point) => (await findNearby(d, cursorSealer, search(q), null)).users.map((u) => u.id),
        explain: (q: Point) => nearbySql(search(q)),
      } as unknown as QueryKind;
    };
    const filteredKinds = [
      filtered("(f) filtered: 25-45, top/vers", { ageMin: 25, ageMax: 45, positions: ["top", "versatile"] }),
      filtered(`(g) filtered, nobody passes (pool ${fmtN(FILTER_POOL)})`, { positions: ["side"], bodyTypes: ["slim"] }),
    ];
    for (const kind of filteredKinds) {
      const tf = await time(db, kind, points.slice(0, 100), warmup.slice(0, 20));
      const found = (await kind.run(db, probe)).length;
      log(
        `${kind.label.padEnd(32)} p50 ${fmtMs(tf.p50).padStart(7)} ms   p99 ${fmtMs(tf.p99).padStart(7)} ms   (${tf.runs} runs; ${found} found at the probe)`,
      );
    }
    for (const kind of [...QUERIES, privatePage as unknown as QueryKind, ...filteredKinds]) {
      log();
      log(`EXPLAIN (ANALYZE, BUFFERS) ${kind.label}:`);
      for (const line of await explain(db, kind.explain(probe))) log(`  ${line}`);
    }
    log();
    log(`load average after: ${loadAverage()}`);
    log();
    return { c, timings, loadSeconds };
  } finally {
    await drop();
  }
}

function summary(results: readonly Result[]): void {
  log("=== Summary: 100 nearest within 25 km, random points of the city (ms) ===");
  log(
    `${"engine".padEnd(9)}${"members".padStart(10)}  ${"(a) p50".padStart(8)}${"(a) p99".padStart(9)}  ${"(b) p50".padStart(8)}${"(b) p99".padStart(9)}  ` +
      `${"(c) p50".padStart(8)}${"(c) p99".padStart(9)}  ${"b/a p50".padStart(8)}${"b/a p99".padStart(8)}  ${"c/a p50".padStart(8)}${"c/a p99".padStart(8)}  c runs`,
  );
  for (const { c, timings: t } of results) {
    const ratio = (x: number, y: number) => `${(x / y).toFixed(0)}x`;
    log(
      `${c.engine.padEnd(9)}${fmtN(c.members).padStart(10)}  ${fmtMs(t.a.p50).padStart(8)}${fmtMs(t.a.p99).padStart(9)}  ` +
        `${fmtMs(t.b.p50).padStart(8)}${fmtMs(t.b.p99).padStart(9)}  ${fmtMs(t.c.p50).padStart(8)}${fmtMs(t.c.p99).padStart(9)}  ` +
        `${ratio(t.b.p50, t.a.p50).padStart(8)}${ratio(t.b.p99, t.a.p99).padStart(8)}  ${ratio(t.c.p50, t.a.p50).padStart(8)}${ratio(t.c.p99, t.a.p99).padStart(8)}  ${t.c.runs}`,
    );
  }
  log();
  const find = (engine: Engine, members: number) =>
    results.find((r) => r.c.engine === engine && r.c.members === members);
  const pg1m = find("postgres", 1_000_000);
  const lite100k = find("pglite", 100_000);
  const verdict = (ok: boolean) => (ok ? "met" : "MISSED");
  if (pg1m) {
    const t = pg1m.timings;
    log(
      `goal: (a) p99 <= ${GOALS.postgresP99MsAt1M} ms at 1M on PostgreSQL: ${fmtMs(t.a.p99)} ms, ${verdict(t.a.p99 <= GOALS.postgresP99MsAt1M)}`,
    );
    log(
      `goal: (a) >= ${GOALS.speedupOverRadiusSort}x faster than (b) at 1M (p99): ${(t.b.p99 / t.a.p99).toFixed(0)}x, ${verdict(t.b.p99 / t.a.p99 >= GOALS.speedupOverRadiusSort)}`,
    );
    log(
      `goal: (a) >= ${GOALS.speedupOverFullScan}x faster than (c) at 1M (p99): ${(t.c.p99 / t.a.p99).toFixed(0)}x, ${verdict(t.c.p99 / t.a.p99 >= GOALS.speedupOverFullScan)}`,
    );
  }
  if (lite100k) {
    const t = lite100k.timings;
    log(
      `goal: (a) p99 <= ${GOALS.pgliteP99MsAt100k} ms at 100k on PGlite: ${fmtMs(t.a.p99)} ms, ${verdict(t.a.p99 <= GOALS.pgliteP99MsAt100k)}`,
    );
  }
}

function parseCases(args: readonly string[]): Case[] {
  if (args.length === 0) return ALL_CASES;
  return args.map((arg) => {
    const m = /^(postgres|pglite):(\d+)$/.exec(arg);
    if (!m) throw new Error(`unknown case '${arg}': use engine:members, e.g. postgres:1000000 or pglite:10000`);
    return { engine: m[1] as Engine, members: Number(m[2]) };
  });
}

async function main(): Promise<void> {
  const cases = parseCases(process.argv.slice(2));
  log(`bench/nearby: ${cases.map(caseName).join(", ")}`);
  log(
    `${WARMUP} warm-up + ${RUNS} timed runs per query, each from another random point within ${QUERY_RADIUS_KM} km of the city centre;`,
  );
  log(
    `a slow query (over ${RUN_BUDGET_MS / RUNS} ms) runs as often as fits in ${RUN_BUDGET_MS / 1000} s, at least ${MIN_RUNS} times`,
  );
  log(
    `node ${process.version}, ${os.cpus().length} CPUs, PostgreSQL via ${new URL(ADMIN_URL).host}, PGlite in memory; load average ${loadAverage()}`,
  );
  log();
  const results: Result[] = [];
  for (const c of cases) results.push(await runCase(c));
  summary(results);
}

main().catch((error: unknown) => {
  // Stopping on a signal: the dropped database fails the running query; the handler exits.
  if (stopping()) return;
  console.error(error);
  process.exit(1);
});
