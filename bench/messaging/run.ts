/**
 * bench/messaging: 1,000 connected members on one server node, 1,000 messages a second for 30 s.
 *
 *   npm run bench:messaging                         (defaults: 1000 clients, 1000/s, 30 s)
 *   npm run bench:messaging -- --clients 200 --rate 200 --seconds 10
 *   npm run bench:messaging -- --nodes 2 --rate 2000       (two nodes through Redis, REDIS_URL)
 *
 * It makes a fresh PostgreSQL database (DATABASE_URL's server, or postgres://postgres@127.0.0.1:5432),
 * runs the real migrations, inserts the members, their 500 conversations (pairs) and sessions
 * directly, then starts the real server (apps/server/src/main.ts) as a child process on that
 * database, so the server and the clients do not share one event loop. The clients are real
 * socket.io clients (websocket). Each message is sent with `sendMessage` and acknowledgement by a
 * random member to his pair; delivery latency is from the send to the `newMessage` event at the
 * recipient. After the run it waits for stragglers, then prints delivered, lost, doubled, and
 * p50/p99 latencies of delivery and of acknowledgement. Everything goes to stdout.
 */
import { randomBytes } from "node:crypto";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import pg from "pg";
import { io as connect, type Socket } from "socket.io-client";
import { sql } from "drizzle-orm";
import type { ClientToServerEvents, Message, ServerToClientEvents } from "@vicinity/contract";
import { openDatabase } from "../../apps/server/src/db/database";
import { conversationParticipants, conversations, users } from "../../apps/server/src/db/schema";
import { SessionStore } from "../../apps/server/src/auth/sessions";
import { directKeyOf } from "../../apps/server/src/messages/service";

import { numberArg, percentile } from "../lib/args";
import { startServerProcess } from "../lib/server-process";
import { cpuSeconds, postgresCpuSeconds } from "../lib/cpu";

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const arg = numberArg;
const CLIENTS = arg("clients", 1000);
const RATE = arg("rate", 1000);
const SECONDS = arg("seconds", 30);
/** Seconds sent at the same rate first, counted for loss and doubles but not in the latencies: a node in service is warm. */
const WARMUP = arg("warmup", 5);
const PORT = arg("port", 3210);
/** Server nodes (each a process on its own port, PORT, PORT+1...): more than one share messages through Redis (REDIS_URL). */
const NODES = arg("nodes", 1);
const REDIS = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const base = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = `vicinity_bench_messaging_${process.pid}`;
const dbUrl = base.replace(/\/[^/]*$/, `/${dbName}`);
const secret = randomBytes(32).toString("base64url");

const pct = percentile;
const ms = (x: number) => `${x.toFixed(1)} ms`;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

async function main() {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  let stopServer = async () => {};
  const clients: Client[] = [];
  try {
    console.info(
      `bench/messaging: ${CLIENTS} clients, ${RATE} messages/s for ${WARMUP} s of warm-up and ${SECONDS} s measured, PostgreSQL database ${dbName}`,
    );
    const database = await openDatabase({ url: dbUrl, dataDir: "memory://", poolSize: 4 });
    const hash = "$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hiZW5jaGJlbmNo$bm90LWEtcmVhbC1oYXNoLWJ1dC1mb3JtYXR0ZWQ";
    const members = await database.db
      .insert(users)
      .values(
        Array.from({ length: CLIENTS }, (_, i) => ({
          email: `b${i}@bench.invalid`,
          username: `bench${i}`,
          passwordHash: hash,
          firstName: `B${i}`,
          locationSecret: randomBytes(8).toString("hex"),
        })),
      )
      .returning({ id: users.id, username: users.username });
    const half = Math.floor(CLIENTS / 2);
    const pairOf = new Map<number, { conversationId: string; peer: number }>();
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
      pairOf.set(i, { conversationId: c!.id, peer: i + half });
      pairOf.set(i + half, { conversationId: c!.id, peer: i });
    }
    const store = new SessionStore(database.db, secret);
    const tokens: string[] = [];
    for (const m of members) tokens.push(await store.create({ kind: "member", userId: m.id }));
    await database.db.execute(sql`ANALYZE`);
    await database.close();

    const prefix = `vicinity-bench-${process.pid}`;
    const metricsToken = randomBytes(24).toString("base64url");
    const metricsOf = (nodeUrl: string) =>
      fetch(`${nodeUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
        .then((r) => r.text())
        .catch(() => "");
    const servers = await Promise.all(
      Array.from({ length: NODES }, (_, n) =>
        startServerProcess({
          databaseUrl: dbUrl,
          secret,
          port: PORT + n,
          env: {
            MESSAGES_PER_MINUTE: "100000",
            METRICS_TOKEN: metricsToken,
            ...(NODES > 1 ? { REDIS_URL: REDIS, REDIS_PREFIX: prefix } : {}),
          },
        }),
      ),
    );
    stopServer = async () => void (await Promise.all(servers.map((s) => s.stop())));
    // Half the pairs on one node, half across two (their messages go through Redis).
    const nodeOf = (i: number) => (i < half ? i % NODES : (i - half + Math.floor((i - half) / 2)) % NODES);

    // Connect everyone.
    const sentAt = new Map<string, number>();
    const deliveredAt = new Map<string, number>();
    const seenIds: Array<Set<number>> = [];
    let doubled = 0;
    let connectedCount = 0;
    const t0 = performance.now();
    for (let i = 0; i < CLIENTS; i += 1) {
      const url = servers[nodeOf(i)]!.url;
      const socket: Client = connect(url, {
        transports: ["websocket"],
        extraHeaders: { cookie: `vicinity_sid=${tokens[i]}`, origin: url },
        reconnection: true,
        forceNew: true,
      });
      const seen = new Set<number>();
      seenIds.push(seen);
      socket.on("connect", () => void (connectedCount += 1));
      socket.on("newMessage", (message: Message) => {
        if (message.senderId === members[i]!.id) return; // My own echo (other tabs).
        if (seen.has(message.id)) {
          doubled += 1;
          return;
        }
        seen.add(message.id);
        if (message.tempId && !deliveredAt.has(message.tempId)) deliveredAt.set(message.tempId, performance.now());
      });
      clients.push(socket);
      if (i % 50 === 49) await sleep(20);
    }
    while (connectedCount < CLIENTS) {
      if (performance.now() - t0 > 60_000) throw new Error(`only ${connectedCount} of ${CLIENTS} connected`);
      await sleep(50);
    }
    console.info(`connected ${CLIENTS} clients in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // Send at RATE for SECONDS: every 10 ms, RATE/100 messages from random members.
    const ackLatency: number[] = [];
    // A message counts as stored when its acknowledgement said so or its recipient got it (an
    // acknowledgement can time out after the message was stored and delivered).
    const ackedIds = new Set<string>();
    let acked = 0;
    let refused = 0;
    let timedOut = 0;
    let sent = 0;
    const perTick = RATE / 100;
    let carry = 0;
    // The bench's own event loop: a stall here delays sends and deliveries alike, and is not the server's.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const cpuBefore = { nodes: servers.map((n) => cpuSeconds(n.pid)), postgres: postgresCpuSeconds() };
    // Each node's event loop figures restart at each read of /metrics: read once here, so that the end's are the run's.
    await Promise.all(servers.map((node) => metricsOf(node.url)));
    const start = performance.now();
    let tick = 0;
    while (performance.now() - start < (WARMUP + SECONDS) * 1000) {
      carry += perTick;
      while (carry >= 1) {
        carry -= 1;
        const from = Math.floor(Math.random() * CLIENTS);
        const { conversationId } = pairOf.get(from)!;
        const tempId = `m${sent}`;
        sent += 1;
        const t = performance.now();
        sentAt.set(tempId, t);
        clients[from]!.timeout(10_000)
          .emitWithAck("sendMessage", { conversationId, content: `bench ${tempId}`, tempId })
          .then((ack) => {
            if (ack.ok) {
              acked += 1;
              ackedIds.add(tempId);
              ackLatency.push(performance.now() - t);
            } else refused += 1;
          })
          .catch(() => void (timedOut += 1));
      }
      tick += 1;
      const next = start + tick * 10;
      const wait = next - performance.now();
      if (wait > 0) await sleep(wait);
    }
    const sendSeconds = (performance.now() - start) / 1000;
    const cpu = {
      nodes: servers.reduce((sum, n, i) => sum + cpuSeconds(n.pid) - cpuBefore.nodes[i]!, 0),
      postgres: postgresCpuSeconds() - cpuBefore.postgres,
    };
    loopDelay.disable();
    if (WARMUP > 0) console.info(`(the first ${WARMUP} s are the warm-up)`);
    // Stragglers.
    const drainUntil = performance.now() + 10_000;
    while ((acked + refused + timedOut < sent || deliveredAt.size < acked) && performance.now() < drainUntil)
      await sleep(100);

    const measuredFrom = start + WARMUP * 1000;
    const measured = (id: string) => (sentAt.get(id) ?? 0) >= measuredFrom;
    const latencies = [...deliveredAt].filter(([id]) => measured(id)).map(([id, at]) => at - (sentAt.get(id) ?? at));
    const warmupLatencies = [...deliveredAt]
      .filter(([id]) => !measured(id))
      .map(([id, at]) => at - (sentAt.get(id) ?? at));
    // Lost: stored (acknowledged) but never delivered. Delivered without an acknowledgement (it
    // timed out on the way back) is not lost: it is counted apart.
    const lost = [...ackedIds].filter((id) => !deliveredAt.has(id)).length;
    const deliveredUnacked = [...deliveredAt.keys()].filter((id) => !ackedIds.has(id)).length;
    console.info(
      `\n== bench/messaging (${CLIENTS} clients, ${NODES === 1 ? "one node" : `${NODES} nodes through Redis`}, PostgreSQL) ==`,
    );
    console.info(
      `sent ${sent} in ${sendSeconds.toFixed(1)} s (${(sent / sendSeconds).toFixed(0)}/s); acknowledged ${acked}; refused ${refused}; acknowledgement timed out ${timedOut}`,
    );
    console.info(
      `delivered ${deliveredAt.size} (${deliveredUnacked} of them with a timed-out acknowledgement), lost ${lost}, doubled ${doubled}`,
    );
    console.info(
      `delivery latency after the warm-up (send to the recipient's newMessage): p50 ${ms(pct(latencies, 50))}, p99 ${ms(pct(latencies, 99))}, max ${ms(Math.max(...latencies))}`,
    );
    if (warmupLatencies.length > 0)
      console.info(
        `delivery latency in the ${WARMUP} s of warm-up: p50 ${ms(pct(warmupLatencies, 50))}, p99 ${ms(pct(warmupLatencies, 99))}`,
      );
    console.info(`acknowledgement latency (all): p50 ${ms(pct(ackLatency, 50))}, p99 ${ms(pct(ackLatency, 99))}`);
    // Where in the run the slow ones were: delivery p99 of the messages sent in each 5 s.
    const windows = new Map<number, number[]>();
    for (const [id, at] of deliveredAt) {
      const sentTime = sentAt.get(id) ?? at;
      const w = Math.floor((sentTime - start) / 5000);
      windows.set(w, [...(windows.get(w) ?? []), at - sentTime]);
    }
    console.info(
      `delivery p99 by 5 s of sending: ${[...windows]
        .sort((a, b) => a[0] - b[0])
        .map(([w, l]) => `${w * 5}-${w * 5 + 5} s ${pct(l, 99).toFixed(0)} ms`)
        .join(", ")}`,
    );
    const perMessage = (seconds: number) => `${((seconds * 1000) / sent).toFixed(2)} ms a message`;
    console.info(
      `CPU while sending (${sendSeconds.toFixed(0)} s): server ${cpu.nodes.toFixed(1)} s (${perMessage(cpu.nodes)}), PostgreSQL ${cpu.postgres.toFixed(1)} s (${perMessage(cpu.postgres)})`,
    );
    console.info(
      `the bench's own event loop delay: p99 ${ms(loopDelay.percentile(99) / 1e6)}, max ${ms(loopDelay.max / 1e6)}`,
    );
    // Each node's own event loop lag over the run and garbage collection over its life (prom-client's default metrics).
    for (const node of servers) {
      const text = await metricsOf(node.url);
      const value = (name: string) => Number(new RegExp(`^${name} ([\\d.e+-]+)$`, "m").exec(text)?.[1] ?? NaN);
      const gcSeconds = [...text.matchAll(/^nodejs_gc_duration_seconds_sum\{kind="(\w+)"\} ([\d.e+-]+)$/gm)]
        .map((m) => `${m[1]} ${(Number(m[2]) * 1000).toFixed(0)} ms`)
        .join(", ");
      console.info(
        `node ${node.url}: event loop lag p99 ${ms(value("nodejs_eventloop_lag_p99_seconds") * 1000)}, max ${ms(value("nodejs_eventloop_lag_max_seconds") * 1000)}; garbage collection ${gcSeconds}`,
      );
    }
    console.info(
      `goal (all acknowledged, nothing lost or doubled, p99 <= 50 ms): ${acked === sent && lost === 0 && doubled === 0 && pct(latencies, 99) <= 50 ? "met" : "NOT met"}`,
    );
  } finally {
    for (const c of clients) c.close();
    // The server first (it drains and closes its pool), then its database: dropped under a running
    // server, every query of its in-flight work logged an error.
    await stopServer();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

await main();
process.exit(0);
