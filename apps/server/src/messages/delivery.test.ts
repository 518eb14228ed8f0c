import { sql } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MessageLog,
  MessageOutbox,
  MessageSync,
  type ClientToServerEvents,
  type Message,
  socketTransport,
  type ServerToClientEvents,
} from "@vicinity/contract";
import { buildServer, type BuiltServer } from "../app";
import type { Database } from "../db/database";
import { queryRows } from "../db/database";
import { createGroupConversation } from "./service";
import { createTestDatabase, registerMember, testConfig, testEngines } from "../test/harness";

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const TOTAL = 1000;

/** A member's client as the app builds it: the outbox (send, ack, retry) and the synced log. */
function memberClient(url: string, cookie: string) {
  const socket: ClientSocket = connect(url, {
    transports: ["websocket"],
    extraHeaders: { cookie, origin: url },
    reconnection: true,
    reconnectionDelay: 50,
    reconnectionDelayMax: 250,
    forceNew: true,
  });
  const stats = { pushes: 0, duplicatePushes: 0, warnings: 0, catchUps: 0, caughtUp: 0 };
  const log = new MessageLog();
  const sync = new MessageSync(log, async (after) => {
    const res = await fetch(`${url}/api/messages/missed?after=${after}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`missed: ${res.status}`);
    return { messages: (await res.json()) as Message[], more: res.headers.has("x-next-cursor") };
  });
  socket.on("newMessage", (message) => {
    stats.pushes += 1;
    if (sync.receive([message]).length === 0) stats.duplicatePushes += 1;
  });
  socket.on("connect", () => {
    stats.catchUps += 1;
    sync
      .connected()
      .then((added) => void (stats.caughtUp += added.length))
      .catch(() => undefined);
  });
  socket.on("disconnect", (reason) => {
    sync.disconnected();
    // A server going away (restart) says goodbye; come back as the app does.
    if (reason === "io server disconnect") setTimeout(() => socket.connect(), 100);
  });
  const outbox = new MessageOutbox({
    transport: socketTransport(socket),
    onStored: (m) => void sync.receive([m]),
    warn: () => void (stats.warnings += 1),
    ackTimeoutMs: 1500,
    retryDelayMs: 100,
  });
  return { socket, log, outbox, stats, close: () => (outbox.close(), socket.close()) };
}

async function waitFor(check: () => boolean, timeoutMs: number, what: string) {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The exchange: 500 messages each way, Bob cut off twice, one server restart midway. */
async function exchange(options: {
  label: string;
  database: Database;
  server: () => BuiltServer;
  aliceUrl: () => string;
  bobUrl: () => string;
  restart: () => Promise<void>;
}) {
  const { database } = options;
  const a = await registerMember(options.server(), `loss-a-${options.label}@example.com`);
  const b = await registerMember(options.server(), `loss-b-${options.label}@example.com`);
  const opened = await options.server().app.inject({
    method: "POST",
    url: "/api/conversations",
    headers: { cookie: a.cookie },
    payload: { userId: b.id },
  });
  expect(opened.statusCode).toBe(200);
  const conversationId = (opened.json() as { id: string }).id;

  const alice = memberClient(options.aliceUrl(), a.cookie);
  const bob = memberClient(options.bobUrl(), b.cookie);
  await waitFor(() => alice.socket.connected && bob.socket.connected, 5000, "both connected");

  let cuts = 0;
  let restarts = 0;
  for (let i = 0; i < TOTAL / 2; i += 1) {
    alice.outbox.send({ conversationId, content: `a ${i}`, tempId: `a-${i}` });
    bob.outbox.send({ conversationId, content: `b ${i}`, tempId: `b-${i}` });
    if (i % 25 === 24) await new Promise((r) => setTimeout(r, 15));
    if (i === 120 || i === 380) {
      // Bob's connection drops (a tunnel, a flaky network): his transport closes under him.
      bob.socket.io.engine.close();
      cuts += 1;
    }
    if (i === 250) {
      // The server restarts (a deploy): every socket on it goes, the database stays.
      await options.restart();
      restarts += 1;
    }
  }

  await waitFor(
    () => alice.outbox.pending.length === 0 && bob.outbox.pending.length === 0,
    60_000,
    "both outboxes to empty",
  );
  await waitFor(() => alice.log.size === TOTAL && bob.log.size === TOTAL, 30_000, "both logs to hold every message");

  const [stored] = await queryRows<{ n: string | number; distinct_temp: string | number }>(
    database.db,
    sql`SELECT count(*) AS n, count(DISTINCT (sender_id, temp_id)) AS distinct_temp FROM messages WHERE conversation_id = ${conversationId}::uuid`,
  );
  const bySender = (messages: Message[], prefix: string) =>
    messages.filter((m) => m.tempId?.startsWith(prefix)).map((m) => m.tempId);
  const inOrder = (prefix: string) => Array.from({ length: TOTAL / 2 }, (_, i) => `${prefix}${i}`);

  for (const [name, client] of [
    ["alice", alice],
    ["bob", bob],
  ] as const) {
    const messages = client.log.conversation(conversationId);
    expect(messages, name).toHaveLength(TOTAL);
    expect(new Set(messages.map((m) => m.id)).size, name).toBe(TOTAL);
    expect(bySender(messages, "a-"), `${name}: alice's messages in her order`).toEqual(inOrder("a-"));
    expect(bySender(messages, "b-"), `${name}: bob's messages in his order`).toEqual(inOrder("b-"));
  }
  expect(Number(stored?.n)).toBe(TOTAL);
  expect(Number(stored?.distinct_temp)).toBe(TOTAL);
  expect(cuts).toBe(2);
  expect(restarts).toBe(1);

  console.info(
    `[loss test, ${options.label}] sent ${TOTAL}, stored ${stored?.n} (distinct ${stored?.distinct_temp}); ` +
      `alice has ${alice.log.size} (pushed ${alice.stats.pushes}, duplicate pushes ignored ${alice.stats.duplicatePushes}, caught up ${alice.stats.caughtUp} over ${alice.stats.catchUps} connections); ` +
      `bob has ${bob.log.size} (pushed ${bob.stats.pushes}, duplicate pushes ignored ${bob.stats.duplicatePushes}, caught up ${bob.stats.caughtUp} over ${bob.stats.catchUps} connections); ` +
      `lost 0, doubled 0; cut off ${cuts}x, restarted ${restarts}x`,
  );
  alice.close();
  bob.close();
}

/**
 * The same guarantee in a group of 5. Each member sends GROUP_EACH messages at once;
 * member 2 is cut off twice and a server restarts midway; every member ends with every message,
 * once, each sender's in his order.
 */
const GROUP_SIZE = 5;
const GROUP_EACH = 100;
async function groupExchange(options: {
  label: string;
  database: Database;
  server: () => BuiltServer;
  urlOf: (i: number) => string;
  restart: () => Promise<void>;
}) {
  const members = [];
  for (let i = 0; i < GROUP_SIZE; i += 1)
    members.push(await registerMember(options.server(), `group-loss-${i}-${options.label}@example.com`));
  const conversationId = await createGroupConversation(options.database.db, {
    creatorId: members[0]!.id,
    title: "Loss test",
    memberIds: members.map((m) => m.id),
  });
  const clients = members.map((m, i) => memberClient(options.urlOf(i), m.cookie));
  await waitFor(() => clients.every((c) => c.socket.connected), 5000, "all connected");
  const total = GROUP_SIZE * GROUP_EACH;
  for (let n = 0; n < GROUP_EACH; n += 1) {
    clients.forEach((c, i) => c.outbox.send({ conversationId, content: `${i} says ${n}`, tempId: `g${i}-${n}` }));
    if (n % 10 === 9) await new Promise((r) => setTimeout(r, 15));
    if (n === 20 || n === 70) clients[2]!.socket.io.engine.close();
    if (n === 45) await options.restart();
  }
  await waitFor(() => clients.every((c) => c.outbox.pending.length === 0), 60_000, "every outbox to empty");
  await waitFor(() => clients.every((c) => c.log.size === total), 30_000, "every log to hold every message");
  const [stored] = await queryRows<{ n: string | number; distinct_temp: string | number }>(
    options.database.db,
    sql`SELECT count(*) AS n, count(DISTINCT (sender_id, temp_id)) AS distinct_temp FROM messages WHERE conversation_id = ${conversationId}::uuid`,
  );
  expect(Number(stored?.n)).toBe(total);
  expect(Number(stored?.distinct_temp)).toBe(total);
  clients.forEach((client, who) => {
    const messages = client.log.conversation(conversationId);
    expect(new Set(messages.map((m) => m.id)).size, `member ${who}`).toBe(total);
    for (let i = 0; i < GROUP_SIZE; i += 1) {
      expect(
        messages.filter((m) => m.tempId?.startsWith(`g${i}-`)).map((m) => m.tempId),
        `member ${who} sees member ${i}'s in order`,
      ).toEqual(Array.from({ length: GROUP_EACH }, (_, n) => `g${i}-${n}`));
    }
  });
  console.info(
    `[loss test, group of ${GROUP_SIZE}, ${options.label}] sent ${total}, stored ${stored?.n}; every member has ${total}; lost 0, doubled 0; member 2 cut off twice, one restart`,
  );
  clients.forEach((c) => c.close());
}

/** A server on a port of its own; `restart` closes it and starts a new one on the same port and database. */
async function restartableNode(database: Database, overrides: Parameters<typeof testConfig>[0] = {}) {
  let port = 0;
  const node = {
    server: undefined as unknown as BuiltServer,
    url: "",
    async start() {
      node.server = await buildServer(testConfig({ messagesPerMinute: 100_000, ...overrides }), { database });
      await node.server.app.listen({ port, host: "127.0.0.1" });
      const address = node.server.app.server.address();
      if (!address || typeof address === "string") throw new Error("no address");
      port = address.port;
      node.url = `http://127.0.0.1:${port}`;
    },
    async restart() {
      await node.server.close();
      await node.start();
    },
  };
  await node.start();
  return node;
}

describe.each(testEngines())("no message lost or doubled (%s)", (engine) => {
  let database: Database;
  let node: Awaited<ReturnType<typeof restartableNode>>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    node = await restartableNode(database);
  });
  afterAll(async () => {
    await node.server.close();
    await database.close();
  });

  it("two members exchange 1,000 messages while one is cut off twice and the server restarts once", async () => {
    await exchange({
      label: engine,
      database,
      server: () => node.server,
      aliceUrl: () => node.url,
      bobUrl: () => node.url,
      restart: () => node.restart(),
    });
  }, 120_000);

  it("a group of 5 exchanges 500 messages while one is cut off twice and the server restarts once", async () => {
    await groupExchange({
      label: engine,
      database,
      server: () => node.server,
      urlOf: () => node.url,
      restart: () => node.restart(),
    });
  }, 120_000);
});

describe.runIf(process.env.REDIS_URL)("no message lost or doubled across two nodes through Redis", () => {
  let database: Database;
  let nodeA: Awaited<ReturnType<typeof restartableNode>>;
  let nodeB: Awaited<ReturnType<typeof restartableNode>>;

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL ? "postgres" : "pglite");
    // One deployment: one Redis prefix (its limits and its socket.io channel), node B's restart too.
    const cluster = { redisUrl: process.env.REDIS_URL, redisPrefix: testConfig().redisPrefix };
    nodeA = await restartableNode(database, cluster);
    nodeB = await restartableNode(database, cluster);
  });
  afterAll(async () => {
    await nodeA.server.close();
    await nodeB.server.close();
    await database.close();
  });

  it("Alice on node A, Bob on node B: 1,000 messages, Bob cut off twice, node B restarted once", async () => {
    await exchange({
      label: "two-nodes-redis",
      database,
      server: () => nodeA.server,
      aliceUrl: () => nodeA.url,
      bobUrl: () => nodeB.url,
      restart: () => nodeB.restart(),
    });
  }, 120_000);

  it("a group of 5 split over both nodes: 500 messages, one member cut off twice, node B restarted once", async () => {
    await groupExchange({
      label: "two-nodes-redis",
      database,
      server: () => nodeA.server,
      urlOf: (i) => (i % 2 ? nodeB.url : nodeA.url),
      restart: () => nodeB.restart(),
    });
  }, 120_000);
});
