/**
 * bench/map-live: the live map's fan-out on one server node. N members look at the map (their
 * sockets subscribed to a block of data tiles around Jacksonville), M members in that block move
 * every few seconds (the socket's updateLocation, as an open map sends it).
 *
 *   npm run bench:map-live                                   (5000 subscribers, 2000 movers, 60 s)
 *   npm run bench:map-live -- --subscribers 500 --movers 200 --seconds 30
 *   options: --move-every 12 (s; the server takes 6 a minute) --motion drive|teleport --observers 20 --port 3230
 *
 * It makes a fresh PostgreSQL database (DATABASE_URL's server, or the local one) with the real
 * migrations, inserts the members, the movers' first positions (saveLocation) and the sessions,
 * then starts the real server (apps/server/src/main.ts) as a child process, so that the server
 * and the clients do not share one event loop. Printed, for the moving part of the run:
 * - database statements a second (pg_stat_database: transactions committed, each statement of
 *   the server being its own) and per flush (MAP_UPDATE_INTERVAL_MS), the moves' writes included;
 *   and the map's own (the node's /metrics): deliveries, statements and time per delivery;
 * - the server's CPU a second (/proc: user and system), and the clients' own;
 * - pushes (`mapChanges`, or `mapTiles` to a viewer over his cap) and bytes per subscriber a second;
 * - delivery delay: from a move's acknowledgement's send to the first push that shows the mover at
 *   his new snapped position, seen by the first `observers` subscribers: p50, p99.
 * Goal: 5,000 subscribers and 2,000 moving members on one node, delivery p99 <= 4 s,
 * and database statements per flush that follow the changed tiles, not the subscribers.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";
import { io as connect, type Socket } from "socket.io-client";
import {
  MAP_DEFAULT_CENTER,
  MAP_UPDATE_INTERVAL_MS,
  tileBounds,
  tileKey,
  tileOf,
  type ClientToServerEvents,
  type Ack,
  type MapArea,
  type MapChanges,
  type ServerToClientEvents,
} from "@vicinity/contract";
import { SessionStore } from "../../apps/server/src/auth/sessions";
import { users } from "../../apps/server/src/db/schema";
import { snapToPrivacyGrid, type LatLon } from "../../apps/server/src/location/privacy-grid";
import { saveLocation } from "../../apps/server/src/location/save-location";
import { numberArg, percentile } from "../lib/args";
import { ADMIN_URL, benchDatabase } from "../lib/postgres";
import { RawSocket } from "../lib/raw-socket";
import { startServerProcess } from "../lib/server-process";

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const SUBSCRIBERS = numberArg("subscribers", 5000);
const MOVERS = numberArg("movers", 2000);
const SECONDS = numberArg("seconds", 60);
const MOVE_EVERY_S = numberArg("move-every", 12);
/**
 * How the movers move: "drive" (each at 50 km/h, turning a little at each move, bouncing off the
 * block's edges: a move changes his 500 m cell about one time in three) or "teleport" (each move to
 * a random point of the block, a new cell every time: the first version of this bench, 2,500 km/h).
 */
const MOTION = process.argv.includes("--motion") ? process.argv[process.argv.indexOf("--motion") + 1] : "drive";
if (MOTION !== "drive" && MOTION !== "teleport") throw new Error("--motion is drive or teleport");
const SPEED_KMH = 50;
const OBSERVERS = Math.min(SUBSCRIBERS, numberArg("observers", 20));
const PORT = numberArg("port", 3230);
const LEVEL = 12;
const dbName = `vicinity_bench_map_live`;
const secret = randomBytes(32).toString("base64url");
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
const pct = percentile;
const log = (line: string) => console.info(line);

/** A block of 4 x 3 data tiles around the spec's city: what every subscriber looks at. */
function block(): { tiles: string[]; box: { south: number; west: number; north: number; east: number } } {
  const centre = tileOf(MAP_DEFAULT_CENTER.latitude, MAP_DEFAULT_CENTER.longitude, LEVEL);
  const tiles: string[] = [];
  for (let dx = -2; dx < 2; dx++)
    for (let dy = -1; dy < 2; dy++) tiles.push(tileKey({ z: LEVEL, x: centre.x + dx, y: centre.y + dy }));
  const boxes = tiles.map((key) => {
    const [z, x, y] = key.split("/").map(Number) as [number, number, number];
    return tileBounds({ z, x, y });
  });
  return {
    tiles,
    box: {
      south: Math.min(...boxes.map((b) => b.south)),
      west: Math.min(...boxes.map((b) => b.west)),
      north: Math.max(...boxes.map((b) => b.north)),
      east: Math.max(...boxes.map((b) => b.east)),
    },
  };
}

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function committed(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    `SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1`,
    [dbName],
  );
  return Number(rows[0]!.n);
}

async function main() {
  const { tiles, box } = block();
  const somewhere = (): LatLon => ({
    latitude: box.south + Math.random() * (box.north - box.south),
    longitude: box.west + Math.random() * (box.east - box.west),
  });
  log(
    `bench/map-live: ${SUBSCRIBERS} subscribers to ${tiles.length} tiles of level ${LEVEL}, ${MOVERS} movers every ${MOVE_EVERY_S} s (${MOTION === "drive" ? `driving at ${SPEED_KMH} km/h` : "to a random point of the block"}), ${SECONDS} s; node ${process.version}`,
  );
  const bench = await benchDatabase(dbName, 4, log);
  let stopServer = async () => {};
  /** The observers' and the movers' sockets (socket.io clients), in that order. */
  const clients: Client[] = [];
  /** Every subscriber's way to subscribe: the observers first, then the watchers (RawSocket). */
  const subscribers: Array<{ subscribe(tiles: string[]): Promise<Ack> }> = [];
  let watchers: RawSocket[] = [];
  const stats = new pg.Client({ connectionString: ADMIN_URL });
  try {
    const db = bench.database.db;
    const hash = "$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hiZW5jaGJlbmNo$bm90LWEtcmVhbC1oYXNoLWJ1dC1mb3JtYXR0ZWQ";
    const total = SUBSCRIBERS + MOVERS;
    const members: Array<{ id: string; locationSecret: string }> = [];
    for (let from = 0; from < total; from += 1000) {
      const rows = await db
        .insert(users)
        .values(
          Array.from({ length: Math.min(1000, total - from) }, (_, k) => ({
            email: `m${from + k}@bench.invalid`,
            username: `maplive${from + k}`,
            passwordHash: hash,
            firstName: `M${from + k}`,
            age: 30,
            locationSecret: randomBytes(8).toString("hex"),
          })),
        )
        .returning({ id: users.id, locationSecret: users.locationSecret });
      members.push(...rows);
    }
    const movers = members.slice(SUBSCRIBERS);
    const firstAt = movers.map(() => somewhere());
    // A hundred at a time (the pool's four connections kept busy).
    for (let from = 0; from < movers.length; from += 100)
      await Promise.all(movers.slice(from, from + 100).map((m, k) => saveLocation(db, m, firstAt[from + k]!)));
    // The watchers have positions of their own too (each his own distances), south of the block:
    // in it, their 5,000 would put the block over a viewer's cap of 5,000 members.
    const south = (): LatLon => ({
      latitude: box.south - 0.05 - Math.random() * 0.2,
      longitude: box.west + Math.random() * (box.east - box.west),
    });
    for (let from = 0; from < SUBSCRIBERS; from += 100)
      await Promise.all(
        members.slice(from, Math.min(SUBSCRIBERS, from + 100)).map((m) => saveLocation(db, m, south())),
      );
    const store = new SessionStore(db, secret);
    const tokens: string[] = [];
    for (let from = 0; from < members.length; from += 100)
      tokens.push(
        ...(await Promise.all(
          members.slice(from, from + 100).map((m) => store.create({ kind: "member", userId: m.id })),
        )),
      );
    await db.execute(sql`ANALYZE`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;

    const metricsToken = randomBytes(24).toString("base64url");
    const server = await startServerProcess({
      databaseUrl: url.toString(),
      secret,
      port: PORT,
      env: { METRICS_TOKEN: metricsToken },
    });
    /** The node's own count of the live map's deliveries and their statements (ops/metrics.ts). */
    const mapMetrics = async () => {
      let text = "";
      for (let attempt = 0; attempt < 3 && !text; attempt += 1) {
        try {
          const res = await fetch(`${server.url}/metrics`, {
            headers: { authorization: `Bearer ${metricsToken}`, connection: "close" },
          });
          text = await res.text();
        } catch (e) {
          log(`/metrics: ${String((e as Error).cause ?? e)}`);
          await sleep(1000);
        }
      }
      const value = (name: string) =>
        Number(
          /^(\S+) (\S+)$/m.exec(
            text
              .split("\n")
              .filter((l) => l.startsWith(`${name} `))
              .join("\n"),
          )?.[2] ?? NaN,
        );
      return {
        deliveries: value("map_delivery_seconds_count"),
        seconds: value("map_delivery_seconds_sum"),
        statements: value("map_delivery_statements_total"),
      };
    };
    stopServer = server.stop;
    const origin = server.url;
    await stats.connect();

    // What each observer has seen of each mover: the last move shown to him.
    const moves = movers.map(() => ({ k: -1, at: 0, snapped: null as LatLon | null }));
    const moverIndex = new Map(movers.map((m, i) => [m.id, i]));
    const delays: number[] = [];
    let measuring = false;
    const pushes = { count: 0, bytes: 0 };

    let connected = 0;
    const t0 = performance.now();
    watchers = [];
    for (let i = 0; i < total; i += 1) {
      const cookie = `vicinity_sid=${tokens[i]}`;
      if (i >= OBSERVERS && i < SUBSCRIBERS) {
        // Load: counts its pushes and their size (the frame as it came), decodes nothing.
        const raw = new RawSocket(origin, cookie, ["mapChanges", "mapTiles"]);
        raw.onConnect = () => void (connected += 1);
        watchers.push(raw);
        subscribers.push({ subscribe: (tiles) => raw.emitWithAck("mapSubscribe", { tiles }) as Promise<Ack> });
      } else {
        const socket: Client = connect(origin, {
          transports: ["websocket"],
          extraHeaders: { cookie, origin },
          forceNew: true,
        });
        socket.on("connect", () => void (connected += 1));
        if (i < OBSERVERS) {
          socket.io.on("open", () => {
            socket.io.engine.on("packet", (packet: { data?: unknown }) => {
              if (!measuring || typeof packet.data !== "string") return;
              if (!packet.data.startsWith('2["mapChanges"') && !packet.data.startsWith('2["mapTiles"')) return;
              pushes.count += 1;
              pushes.bytes += packet.data.length + 1;
            });
          });
          subscribers.push({ subscribe: (tiles) => socket.timeout(30_000).emitWithAck("mapSubscribe", { tiles }) });
          const shown = new Map<number, number>();
          const seen = (id: string, latitude: number, longitude: number, now: number) => {
            const j = moverIndex.get(id);
            if (j === undefined) return;
            const move = moves[j]!;
            if (move.k < 0 || !move.snapped || (shown.get(j) ?? -1) >= move.k) return;
            if (
              Math.abs(latitude - move.snapped.latitude) > 1e-7 ||
              Math.abs(longitude - move.snapped.longitude) > 1e-7
            )
              return;
            shown.set(j, move.k);
            if (measuring) delays.push(now - move.at);
          };
          socket.on("mapTiles", (area: MapArea) => {
            const now = performance.now();
            for (const tile of area.tiles) for (const m of tile.members) seen(m.id, m.latitude, m.longitude, now);
          });
          socket.on("mapChanges", (changes: MapChanges) => {
            const now = performance.now();
            for (const { member: m } of changes.members) seen(m.id, m.latitude, m.longitude, now);
            for (const [id, , latitude, longitude] of changes.moved) seen(id, latitude, longitude, now);
          });
        }
        clients.push(socket);
      }
      // A hundred at a time: a herd of thousands of handshakes at once times out and retries.
      if (i % 100 === 99)
        while (connected <= i - 50) {
          if (performance.now() - t0 > 300_000) throw new Error(`only ${connected} of ${total} connected`);
          await sleep(20);
        }
    }
    while (connected < total) {
      if (performance.now() - t0 > 300_000) throw new Error(`only ${connected} of ${total} connected`);
      await sleep(100);
    }
    log(`${total} sockets connected in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const t1 = performance.now();
    let subscribed = 0;
    for (let i = 0; i < SUBSCRIBERS; i += 1) {
      const answer = await subscribers[i]!.subscribe(tiles);
      if (!answer.ok) throw new Error(`subscription refused: ${answer.message}`);
      subscribed += 1;
    }
    log(`${subscribed} subscribed in ${((performance.now() - t1) / 1000).toFixed(1)} s (each loads its tiles once)`);

    // The movers, each every MOVE_EVERY_S from a random start within the first period.
    let acknowledged = 0;
    let cellChanges = 0;
    let refused = 0;
    let sent = 0;
    // Where each mover is and where he heads (drive).
    const at = [...firstAt];
    const heading = movers.map(() => Math.random() * 2 * Math.PI);
    const stepKm = (SPEED_KMH * MOVE_EVERY_S) / 3600;
    const next = (j: number): LatLon => {
      if (MOTION === "teleport") return somewhere();
      heading[j] = heading[j]! + (Math.random() - 0.5) * (Math.PI / 3);
      const p = at[j]!;
      let latitude = p.latitude + (Math.cos(heading[j]!) * stepKm) / 111.32;
      let longitude =
        p.longitude + (Math.sin(heading[j]!) * stepKm) / (111.32 * Math.cos((p.latitude * Math.PI) / 180));
      if (latitude < box.south || latitude > box.north) {
        heading[j] = Math.PI - heading[j]!;
        latitude = Math.min(box.north, Math.max(box.south, latitude));
      }
      if (longitude < box.west || longitude > box.east) {
        heading[j] = -heading[j]!;
        longitude = Math.min(box.east, Math.max(box.west, longitude));
      }
      at[j] = { latitude, longitude };
      return at[j]!;
    };
    const move = (j: number) => {
      const to = next(j);
      const m = moves[j]!;
      const snapped = snapToPrivacyGrid(to, movers[j]!.locationSecret);
      // Measured from the move that put him in his present cell (a move within it shows nothing).
      if (m.snapped?.latitude !== snapped.latitude || m.snapped.longitude !== snapped.longitude) {
        m.k += 1;
        m.at = performance.now();
        m.snapped = snapped;
        if (measuring) cellChanges += 1;
      }
      sent += 1;
      clients[OBSERVERS + j]!.timeout(30_000)
        .emitWithAck("updateLocation", to)
        .then((answer) => (answer.ok ? (acknowledged += 1) : (refused += 1)))
        .catch(() => void (refused += 1));
    };
    const nextAt = movers.map(() => Math.random() * MOVE_EVERY_S * 1000);
    // A warm-up period (one move each), then the measured run.
    const start = performance.now();
    const warmUntil = MOVE_EVERY_S * 1000 + MAP_UPDATE_INTERVAL_MS;
    interface Reading {
      map: Awaited<ReturnType<typeof mapMetrics>>;
      db: number;
      cpu: number;
      client: number;
      at: number;
    }
    let before: Reading | null = null;
    while (performance.now() - start < warmUntil + SECONDS * 1000) {
      const now = performance.now() - start;
      if (!measuring && now >= warmUntil) {
        measuring = true;
        for (const w of watchers) w.counting = true;
        before = {
          map: await mapMetrics(),
          db: await committed(stats),
          cpu: cpuSeconds(server.pid),
          client: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
          at: performance.now(),
        };
      }
      for (let j = 0; j < MOVERS; j += 1)
        if (nextAt[j]! <= now) {
          nextAt[j]! += MOVE_EVERY_S * 1000;
          move(j);
        }
      await sleep(20);
    }
    const after: Reading = {
      map: await mapMetrics(),
      db: await committed(stats),
      cpu: cpuSeconds(server.pid),
      client: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
      at: performance.now(),
    };
    measuring = false;
    for (const w of watchers) {
      w.counting = false;
      pushes.count += w.frames;
      pushes.bytes += w.bytes;
    }
    // Moves of the last flush still on their way are not counted.
    const seconds = (after.at - before!.at) / 1000;
    const statementsPerSecond = (after.db - before!.db) / seconds;
    log(
      `\n== bench/map-live: one node, ${SUBSCRIBERS} subscribers, ${MOVERS} movers (${(MOVERS / MOVE_EVERY_S).toFixed(0)} moves/s), ${seconds.toFixed(0)} s measured ==`,
    );
    log(
      `moves sent ${sent}, acknowledged ${acknowledged}, refused or timed out ${refused}; ${(cellChanges / seconds).toFixed(0)} a second to another 500 m cell`,
    );
    log(
      `database: ${statementsPerSecond.toFixed(0)} statements/s, ${((statementsPerSecond * MAP_UPDATE_INTERVAL_MS) / 1000).toFixed(0)} per flush (${MAP_UPDATE_INTERVAL_MS} ms)`,
    );
    const deliveries = after.map.deliveries - before!.map.deliveries;
    log(
      `the map's own: ${deliveries} deliveries, ${((after.map.statements - before!.map.statements) / deliveries).toFixed(1)} statements and ${(((after.map.seconds - before!.map.seconds) / deliveries) * 1000).toFixed(0)} ms each (the rest of the statements are the moves' own)`,
    );
    log(
      `CPU: server ${(((after.cpu - before!.cpu) / seconds) * 100).toFixed(0)}% of a core, clients ${(((after.client - before!.client) / seconds) * 100).toFixed(0)}%`,
    );
    log(
      `pushes: ${(pushes.count / SUBSCRIBERS / seconds).toFixed(2)} a second per subscriber, ${(pushes.bytes / SUBSCRIBERS / seconds / 1024).toFixed(1)} KB a second per subscriber`,
    );
    log(
      `delivery (a move to the first push that shows it, ${OBSERVERS} observers, ${delays.length} samples): p50 ${pct(delays, 50).toFixed(0)} ms, p99 ${pct(delays, 99).toFixed(0)} ms`,
    );
    const met = pct(delays, 99) <= 4000 && delays.length > 0;
    log(
      `goal (delivery p99 <= 4 s; statements per flush following the changed tiles, not the ${SUBSCRIBERS} subscribers): p99 ${met ? "met" : "NOT met"}; statements per flush: see above`,
    );
  } finally {
    for (const c of clients) c.close();
    for (const w of watchers) w.close();
    await stats.end().catch(() => undefined);
    await stopServer();
    await bench.drop().catch(() => undefined);
  }
}

await main();
process.exit(0);
