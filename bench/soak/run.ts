/**
 * bench/soak: the scale-out set-up under load, with a node killed in the middle.
 *
 *   npm run bench:soak                                   1,000 sockets, 200 operations/s, 5 minutes
 *   npm run bench:soak -- --clients 200 --rate 50 --seconds 60 --no-kill
 *
 * It starts the set-up of `npm run cluster` (nginx from Debian's packages in front of two
 * production nodes, the local PostgreSQL in a database of its own, made afresh and dropped at the
 * end, and Redis), with the demo city, and adds the soak's members (each with a position in the
 * city, a session, and a direct conversation with his pair). Then:
 * - every member connects a socket through nginx, with the app's own delivery code (the outbox,
 *   the message log and its catch-up after a reconnection, from @vicinity/contract);
 * - for the whole run, `rate` operations a second from random members: 40% nearby
 *   (GET /api/users/nearby), 20% a profile (GET /api/users/:id), 20% the inbox
 *   (GET /api/conversations), 20% a message to his pair over the socket;
 * - at 40% of the run node A is killed with SIGKILL (its sockets reconnect through nginx to node
 *   B; nginx tries a GET that was on its way to A on B), and started again 20 s later;
 * - at 80% node B, which holds every socket by then, is stopped as a deploy stops it (SIGTERM: it
 *   finishes the events and requests in flight and tells its own sockets, and only those, to
 *   reconnect: through nginx, to node A), and started again 15 s later;
 * - after the run, it waits for every outbox to empty and every log to catch up, and compares
 *   with the database.
 * It prints errors per kind (goal 0), p50/p99 per kind (a message: from the send to the pair's
 * newMessage), messages sent, stored, lost and doubled (goal 0), and each node's memory once warm
 * and at the end (goal: under 10% growth).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import {
  MessageLog,
  MessageOutbox,
  MessageSync,
  serverCloseReconnectDelay,
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
  socketTransport,
  type ClientToServerEvents,
  type Message,
  type ServerToClientEvents,
} from "@vicinity/contract";
import { openDatabase, queryRows } from "../../apps/server/src/db/database";
import { conversationParticipants, conversations, locations, users } from "../../apps/server/src/db/schema";
import { SessionStore } from "../../apps/server/src/auth/sessions";
import { directKeyOf } from "../../apps/server/src/messages/service";
import { snapToPrivacyGrid } from "../../apps/server/src/location/privacy-grid";
import { startCluster, type Cluster, type ClusterNode } from "../../scripts/cluster";
import { ADMIN_URL, adminQuery } from "../lib/postgres";

import { numberArg, percentile } from "../lib/args";

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const arg = numberArg;
const CLIENTS = arg("clients", 1000);
const RATE = arg("rate", 200);
const SECONDS = arg("seconds", 300);
const KILL = !process.argv.includes("--no-kill");
const WARM_S = Math.min(30, SECONDS / 5);
const CENTRE = { latitude: 30.3322, longitude: -81.6557 };
const DB_NAME = "vicinity_bench_soak";

const log = (line = "") => console.info(line);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = percentile;
const rssMb = (pid: number | undefined) => {
  if (!pid) return NaN;
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN) / 1024;
  } catch {
    return NaN;
  }
};

interface Member {
  id: string;
  cookie: string;
  conversationId: string;
  peer: number;
}

/** A point within about 8 km of the centre. */
function nearCentre() {
  const r = 0.07 * Math.sqrt(Math.random());
  const a = Math.random() * 2 * Math.PI;
  return {
    latitude: CENTRE.latitude + r * Math.cos(a),
    longitude: CENTRE.longitude + (r * Math.sin(a)) / Math.cos((CENTRE.latitude * Math.PI) / 180),
  };
}

async function makeMembers(databaseUrl: string, secret: string): Promise<Member[]> {
  const database = await openDatabase({ url: databaseUrl, dataDir: "", poolSize: 4 });
  try {
    const hash = "$argon2id$v=19$m=19456,t=2,p=1$c29ha3NvYWtzb2Fr$bm90LWEtcmVhbC1oYXNoLWJ1dC1mb3JtYXR0ZWQ";
    const rows = await database.db
      .insert(users)
      .values(
        Array.from({ length: CLIENTS }, (_, i) => ({
          email: `soak${i}@bench.invalid`,
          username: `soak${i}`,
          passwordHash: hash,
          firstName: `Soak${i}`,
          age: 21 + (i % 40),
          interests: ["music", "hiking", "coffee", "gaming", "travel"].filter((_, k) => (i >> k) & 1),
          locationSecret: randomBytes(8).toString("hex"),
        })),
      )
      .returning({ id: users.id, locationSecret: users.locationSecret });
    await database.db.insert(locations).values(
      rows.map((r) => {
        const at = nearCentre();
        const snapped = snapToPrivacyGrid(at, r.locationSecret);
        return {
          userId: r.id,
          latitude: at.latitude,
          longitude: at.longitude,
          snappedLatitude: snapped.latitude,
          snappedLongitude: snapped.longitude,
        };
      }),
    );
    const half = Math.floor(CLIENTS / 2);
    const store = new SessionStore(database.db, secret);
    const members: Member[] = [];
    for (let i = 0; i < CLIENTS; i += 1)
      members.push({ id: rows[i]!.id, cookie: "", conversationId: "", peer: i < half ? i + half : i - half });
    for (let i = 0; i < half; i += 1) {
      const a = members[i]!;
      const b = members[i + half]!;
      const [c] = await database.db
        .insert(conversations)
        .values({ directKey: directKeyOf(a.id, b.id) })
        .returning({ id: conversations.id });
      await database.db.insert(conversationParticipants).values([
        { conversationId: c!.id, userId: a.id },
        { conversationId: c!.id, userId: b.id },
      ]);
      a.conversationId = c!.id;
      b.conversationId = c!.id;
    }
    for (const m of members) m.cookie = `vicinity_sid=${await store.create({ kind: "member", userId: m.id })}`;
    await database.db.execute(sql`ANALYZE`);
    return members;
  } finally {
    await database.close();
  }
}

/** A member's client as the app builds it: the socket, the outbox, the log and its catch-up. */
function memberClient(url: string, member: Member, stats: { reconnects: number; warnings: number }) {
  const socket: Client = connect(url, {
    transports: ["websocket"],
    extraHeaders: { cookie: member.cookie, origin: url },
    reconnection: true,
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
    forceNew: true,
  });
  const messages = new MessageLog();
  const sync = new MessageSync(messages, async (after) => {
    const res = await fetch(`${url}/api/messages/missed?after=${after}`, { headers: { cookie: member.cookie } });
    if (!res.ok) throw new Error(`missed: ${res.status}`);
    return { messages: (await res.json()) as Message[], more: res.headers.has("x-next-cursor") };
  });
  const arrived = new Map<string, number>();
  const note = (list: Message[]) => {
    for (const m of list) if (m.tempId && !arrived.has(m.tempId)) arrived.set(m.tempId, performance.now());
  };
  socket.on("newMessage", (message) => note(sync.receive([message])));
  let connects = 0;
  socket.on("connect", () => {
    if (connects++ > 0) stats.reconnects += 1;
    sync.connected().then(note, () => undefined);
  });
  socket.on("disconnect", (reason) => {
    sync.disconnected();
    // A node shutting down says goodbye; come back as the app does.
    if (reason === "io server disconnect") setTimeout(() => socket.connect(), serverCloseReconnectDelay());
  });
  const outbox = new MessageOutbox({
    transport: socketTransport(socket),
    onStored: (m) => note(sync.receive([m])),
    warn: () => void (stats.warnings += 1),
    ackTimeoutMs: 5000,
    retryDelayMs: 250,
  });
  return { socket, messages, outbox, arrived, close: () => (outbox.close(), socket.close()) };
}

/**
 * nginx's error log, summed up: each kind of line (its message, and the upstream it was about)
 * with how many times it was written, most frequent first.
 */
function nginxErrorSummary(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return ["(no error log)"];
  }
  const counts = new Map<string, number>();
  for (const line of text.split("\n")) {
    const match = /\[(\w+)\] \d+#\d+: (?:\*\d+ )?(.*?)(?:, client: .*?upstream: "(\w+):\/\/([^/"]+)|, client: |$)/.exec(
      line,
    );
    if (!match || !line.trim()) continue;
    const [, level, message, , upstream] = match;
    const kind = `[${level}] ${message!.replace(/\(\d+: /, "(")}${upstream ? ` (${upstream})` : ""}`;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  if (counts.size === 0) return ["no errors logged"];
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([kind, n]) => `${String(n).padStart(6)} x ${kind}`);
}

type Kind = "nearby" | "profile" | "inbox" | "message";
const KINDS: Kind[] = ["nearby", "profile", "inbox", "message"];

async function main(): Promise<boolean> {
  log(
    `bench/soak: ${CLIENTS} sockets, ${RATE} operations/s for ${SECONDS} s${KILL ? ", node A killed at 40%, node B stopped (SIGTERM) at 80%" : ""}; node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)}`,
  );
  await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  const databaseUrl = (() => {
    const u = new URL(ADMIN_URL);
    u.pathname = `/${DB_NAME}`;
    return u.toString();
  })();
  const dir = mkdtempSync(path.join(os.tmpdir(), "vicinity-soak-"));
  let cluster: Cluster | undefined;
  const clients: Array<ReturnType<typeof memberClient>> = [];
  try {
    cluster = await startCluster({
      port: 8090,
      nodePorts: [3021, 3022],
      databaseUrl,
      dir,
      build: !process.argv.includes("--no-build"),
      env: { MESSAGES_PER_MINUTE: "100000", LOG_LEVEL: "error" },
      log,
    });
    const [nodeA, nodeB] = cluster.nodes as [ClusterNode, ClusterNode];
    const members = await makeMembers(databaseUrl, readFileSync(path.join(dir, "session-secret"), "utf8").trim());

    const stats = { reconnects: 0, warnings: 0 };
    const started = performance.now();
    for (let i = 0; i < CLIENTS; i += 1) {
      clients.push(memberClient(cluster.url, members[i]!, stats));
      if (i % 50 === 49) await sleep(25);
    }
    while (clients.some((c) => !c.socket.connected)) {
      if (performance.now() - started > 90_000)
        throw new Error(`only ${clients.filter((c) => c.socket.connected).length} of ${CLIENTS} sockets connected`);
      await sleep(100);
    }
    log(`${CLIENTS} sockets connected through nginx in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const latency: Record<Kind, number[]> = { nearby: [], profile: [], inbox: [], message: [] };
    /** When each sample was taken (ms since the run began), beside its latency. */
    const takenAt: Record<Kind, number[]> = { nearby: [], profile: [], inbox: [], message: [] };
    /** The faults' windows: from the kill (or the stop) to 30 s after node A is back. */
    const fault = { from: Infinity, to: Infinity };
    const deploy = { from: Infinity, to: Infinity };
    const faults = [fault, deploy];
    const errors: Record<Kind, string[]> = { nearby: [], profile: [], inbox: [], message: [] };
    const sentAt = new Map<string, { at: number; to: number }>();
    let sent = 0;
    const memory: Record<string, { warm?: number; end?: number; note?: string }> = {
      [nodeA.name]: {},
      [nodeB.name]: {},
    };

    const api = async (kind: Kind, member: Member, pathname: string) => {
      const t = performance.now();
      try {
        const res = await fetch(`${cluster!.url}${pathname}`, {
          headers: { cookie: member.cookie, "accept-encoding": "gzip, br" },
        });
        await res.arrayBuffer();
        if (!res.ok) errors[kind].push(`${res.status} ${pathname.split("?")[0]}`);
        else {
          latency[kind].push(performance.now() - t);
          takenAt[kind].push(t - start);
        }
      } catch (error) {
        errors[kind].push(error instanceof Error ? error.message : String(error));
      }
    };
    const start = performance.now();
    const operate = () => {
      const i = Math.floor(Math.random() * CLIENTS);
      const member = members[i]!;
      const roll = Math.random();
      if (roll < 0.4) {
        const at = nearCentre();
        void api(
          "nearby",
          member,
          `/api/users/nearby?latitude=${at.latitude.toFixed(5)}&longitude=${at.longitude.toFixed(5)}`,
        );
      } else if (roll < 0.6)
        void api("profile", member, `/api/users/${members[Math.floor(Math.random() * CLIENTS)]!.id}`);
      else if (roll < 0.8) void api("inbox", member, "/api/conversations");
      else {
        const tempId = `soak-${i}-${sent}`;
        sent += 1;
        sentAt.set(tempId, { at: performance.now(), to: member.peer });
        clients[i]!.outbox.send({ conversationId: member.conversationId, content: `soak ${tempId}`, tempId });
      }
    };

    let done = 0;
    let killed = false;
    let restarted = false;
    let warmA = false;
    let stopped = false;
    let startedAgain = false;
    let stopping: Promise<void> = Promise.resolve();
    while (performance.now() - start < SECONDS * 1000) {
      const elapsed = (performance.now() - start) / 1000;
      const due = Math.floor(elapsed * RATE);
      while (done < due) {
        operate();
        done += 1;
      }
      if (!memory[nodeB.name]!.warm && elapsed >= WARM_S) {
        memory[nodeB.name]!.warm = rssMb(nodeB.pid());
        memory[nodeA.name]!.warm = rssMb(nodeA.pid());
        warmA = true;
        log(
          `warm at ${WARM_S} s: ${nodeA.name} ${memory[nodeA.name]!.warm!.toFixed(0)} MB, ${nodeB.name} ${memory[nodeB.name]!.warm!.toFixed(0)} MB`,
        );
      }
      if (KILL && !killed && elapsed >= SECONDS * 0.4) {
        killed = true;
        memory[nodeA.name]!.end = rssMb(nodeA.pid());
        memory[nodeA.name]!.note = "killed";
        log(
          `${elapsed.toFixed(0)} s: SIGKILL to ${nodeA.name} (pid ${nodeA.pid()}), ${clients.filter((c) => c.socket.connected).length} sockets connected`,
        );
        fault.from = performance.now() - start;
        void nodeA.stop("SIGKILL");
      }
      if (KILL && killed && !restarted && elapsed >= SECONDS * 0.4 + 20) {
        restarted = true;
        await nodeA.start();
        fault.to = performance.now() - start + 30_000;
        log(
          `${((performance.now() - start) / 1000).toFixed(0)} s: ${nodeA.name} started again; ${clients.filter((c) => c.socket.connected).length} sockets connected`,
        );
        warmA = false;
      }
      if (restarted && !warmA && elapsed >= SECONDS * 0.4 + 20 + WARM_S) {
        warmA = true;
        memory[`${nodeA.name} (again)`] = { warm: rssMb(nodeA.pid()) };
      }
      if (KILL && restarted && !stopped && elapsed >= SECONDS * 0.8) {
        // Node B holds every socket by now (node A's came to it when A was killed).
        stopped = true;
        memory[nodeB.name]!.end = rssMb(nodeB.pid());
        memory[nodeB.name]!.note = "stopped";
        log(
          `${elapsed.toFixed(0)} s: SIGTERM to ${nodeB.name} (a deploy), ${clients.filter((c) => c.socket.connected).length} sockets connected`,
        );
        deploy.from = performance.now() - start;
        const asked = performance.now();
        stopping = nodeB
          .stop("SIGTERM")
          .then(() =>
            log(
              `${((performance.now() - start) / 1000).toFixed(0)} s: ${nodeB.name} stopped after ${((performance.now() - asked) / 1000).toFixed(1)} s`,
            ),
          );
      }
      if (stopped && !startedAgain && elapsed >= SECONDS * 0.8 + 15) {
        startedAgain = true;
        // A deploy starts the new process once the old one has let go of its ports.
        await stopping;
        await nodeB.start();
        deploy.to = performance.now() - start + 30_000;
        log(
          `${((performance.now() - start) / 1000).toFixed(0)} s: ${nodeB.name} started again; ${clients.filter((c) => c.socket.connected).length} sockets connected`,
        );
      }
      await sleep(5);
    }
    const seconds = (performance.now() - start) / 1000;
    if (!stopped) memory[nodeB.name]!.end = rssMb(nodeB.pid());
    if (memory[`${nodeA.name} (again)`]) memory[`${nodeA.name} (again)`]!.end = rssMb(nodeA.pid());
    else if (!KILL) memory[nodeA.name]!.end = rssMb(nodeA.pid());

    // Every outbox empties, every pair's log catches up.
    const drainUntil = performance.now() + 60_000;
    const expectedFor = (i: number) => [...sentAt].filter(([, s]) => s.to === i).map(([tempId]) => tempId);
    const deliveredAll = () => [...sentAt].every(([tempId, s]) => clients[s.to]!.arrived.has(tempId));
    while ((clients.some((c) => c.outbox.pending.length > 0) || !deliveredAll()) && performance.now() < drainUntil)
      await sleep(200);
    const pendingLeft = clients.reduce((n, c) => n + c.outbox.pending.length, 0);

    for (const [tempId, s] of sentAt) {
      const arrival = clients[s.to]!.arrived.get(tempId);
      if (arrival !== undefined) {
        latency.message.push(arrival - s.at);
        takenAt.message.push(s.at - start);
      }
    }
    const lost = [...Array(CLIENTS).keys()].reduce(
      (n, i) => n + expectedFor(i).filter((t) => !clients[i]!.arrived.has(t)).length,
      0,
    );
    const database = await openDatabase({ url: databaseUrl, dataDir: "", poolSize: 1 });
    const [stored] = await queryRows<{ n: number; distinct_temp: number }>(
      database.db,
      sql`SELECT count(*)::int AS n, count(DISTINCT (sender_id, temp_id))::int AS distinct_temp FROM messages WHERE temp_id LIKE 'soak-%'`,
    );
    await database.close();
    const doubled = stored!.n - stored!.distinct_temp;

    log(
      `\n== bench/soak: ${CLIENTS} sockets through nginx to 2 nodes, ${done} operations in ${seconds.toFixed(0)} s (${(done / seconds).toFixed(0)}/s) ==`,
    );
    for (const kind of KINDS) {
      const xs = latency[kind];
      const errs = errors[kind];
      const sample = errs.length ? `  (${[...new Set(errs)].slice(0, 3).join("; ")})` : "";
      // Steady: once warm (the first WARM_S seconds after both nodes started cold are shown apart)
      // and outside the faults' windows.
      const at = (k: number) => takenAt[kind][k]!;
      const warming = xs.filter((_, k) => at(k) < WARM_S * 1000);
      const steady = xs.filter((_, k) => at(k) >= WARM_S * 1000 && faults.every((f) => at(k) < f.from || at(k) > f.to));
      log(
        `${kind.padEnd(8)} ${String(xs.length).padStart(6)} ok   p50 ${pct(xs, 50).toFixed(1).padStart(6)} ms   p99 ${pct(xs, 99).toFixed(1).padStart(7)} ms` +
          `   (steady: p50 ${pct(steady, 50).toFixed(1)} ms, p99 ${pct(steady, 99).toFixed(1)} ms; first ${WARM_S} s: p99 ${pct(warming, 99).toFixed(1)} ms)   errors ${errs.length}${sample}`,
      );
    }
    // The API's answers by 20-s window: where the slow ones are (a fault's aftermath, or steady).
    const windows = new Map<number, number[]>();
    for (const kind of KINDS.filter((k) => k !== "message"))
      latency[kind].forEach((ms, k) => {
        const w = Math.floor(takenAt[kind][k]! / 20_000);
        if (!windows.has(w)) windows.set(w, []);
        windows.get(w)!.push(ms);
      });
    log(
      `API by 20 s: ${[...windows.entries()]
        .sort(([a], [b]) => a - b)
        .map(([w, xs]) => `${w * 20}s p99 ${pct(xs, 99).toFixed(0)}`)
        .join(", ")} (ms)`,
    );
    log(
      `messages sent ${sent}, stored ${stored!.n}, delivered to the pair ${latency.message.length}, lost ${lost}, doubled ${doubled}, still in outboxes ${pendingLeft}`,
    );
    log(
      `sockets: ${stats.reconnects} reconnections (to the other node, after the kill and the stop), ${stats.warnings} sends while disconnected (queued)`,
    );
    const growth: string[] = [];
    for (const [name, m] of Object.entries(memory)) {
      const change = m.warm && m.end ? ((m.end - m.warm) / m.warm) * 100 : NaN;
      if (m.note !== "killed" && Number.isFinite(change)) growth.push(`${change.toFixed(1)}%`);
      log(
        `memory ${name.padEnd(15)} warm ${m.warm?.toFixed(0) ?? "?"} MB, ${m.note === "killed" ? "when killed" : m.note === "stopped" ? "when stopped" : "end"} ${m.end?.toFixed(0) ?? "?"} MB (${Number.isFinite(change) ? `${change >= 0 ? "+" : ""}${change.toFixed(1)}%` : "?"})`,
      );
    }
    const apiErrors = KINDS.reduce((n, k) => n + errors[k].length, 0);
    const memoryOk = Object.entries(memory).every(
      ([, m]) => m.note === "killed" || !m.warm || !m.end || (m.end - m.warm) / m.warm < 0.1,
    );
    const met = apiErrors === 0 && lost === 0 && doubled === 0 && pendingLeft === 0 && memoryOk;
    // What nginx said about the nodes (refused, timed out, no live upstreams), and how often.
    for (const line of nginxErrorSummary(path.join(dir, "nginx", "error.log"))) log(`nginx: ${line}`);
    log(
      `goals: 0 errors (${apiErrors}), 0 lost (${lost}), 0 doubled (${doubled}), memory growth under 10% once warm (${growth.join(", ")}): ${met ? "met" : "NOT met"}`,
    );
    return met;
  } finally {
    for (const c of clients) c.close();
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
    await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => undefined);
  }
}

const met = await main();
process.exit(met ? 0 : 1);
