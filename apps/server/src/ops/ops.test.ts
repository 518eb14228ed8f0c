import Fastify from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildServer, DATABASE_UNAVAILABLE_MESSAGE } from "../app";
import { loadConfig } from "../config";
import {
  createTestDatabase,
  registerMember,
  resetDatabase,
  testConfig,
  testEngines,
  type Engine,
} from "../test/harness";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows, type Database } from "../db/database";
import { closeOpenSockets, connected, dataOf, emitAck, listen, socketFor } from "../test/sockets";
import { checkReadiness, registerHealthRoutes } from "./routes";
import { TcpRelay } from "../test/relay";

const TOKEN = "operator-token-".padEnd(40, "x");

/** The value of one sample in Prometheus' text format (labels as written, in their order), or undefined. */
function sample(text: string, name: string, labels = ""): number | undefined {
  const line = text
    .split("\n")
    .find((l) => l.startsWith(`${name}${labels} `) || (labels === "" && l.startsWith(`${name} `)));
  return line === undefined ? undefined : Number(line.split(" ").at(-1));
}

describe.each(testEngines())("health and metrics (%s)", (engine: Engine) => {
  let database: Database;
  let server: Awaited<ReturnType<typeof buildServer>>;
  let url: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    server = await buildServer(testConfig({ metricsToken: TOKEN, metricsPort: 0, redisUrl: process.env.REDIS_URL }), {
      database,
    });
    url = await listen(server);
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });
  afterEach(() => closeOpenSockets());

  it("answers /healthz, and /readyz with each dependency's state", async () => {
    const alive = await fetch(`${url}/healthz`);
    expect(alive.status).toBe(200);
    expect(await alive.json()).toEqual({ status: "alive" });
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: "ready",
      database: "ok",
      redis: process.env.REDIS_URL ? "ok" : "not used",
    });
  });

  it("serves /metrics for the operator's token only, and counts requests by route, sockets and messages", async () => {
    await resetDatabase(database);
    const alice = await registerMember(server, "alice@example.com");
    const bob = await registerMember(server, "bob@example.com");
    const opened = await server.app.inject({
      method: "POST",
      url: "/api/conversations",
      headers: { cookie: alice.cookie },
      payload: { userId: bob.id },
    });
    const conversationId = (opened.json() as { id: string }).id;
    const socket = socketFor(url, alice.cookie);
    await connected(socket);
    dataOf(await emitAck(socket, "sendMessage", { conversationId, content: "counted", tempId: "m-1" }));
    for (let i = 0; i < 3; i += 1) await fetch(`${url}/api/users/nearby?latitude=40.7&longitude=-74`);

    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}y` } });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toMatch(/METRICS_TOKEN/);

    const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    // By the route's pattern, never the URL with its query.
    expect(
      sample(text, "http_request_duration_seconds_count", '{method="GET",route="/api/users/nearby",status_code="200"}'),
    ).toBe(3);
    expect(text).not.toContain("latitude=40.7");
    expect(sample(text, "socketio_sockets_open")).toBe(1);
    expect(sample(text, "messages_sent_total", '{kind="direct"}')).toBe(1);
    expect(sample(text, "message_delivery_seconds_count")).toBe(1);
    expect(sample(text, "db_pool_connections", '{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);

    // The same on a port of its own (METRICS_PORT), and nothing else there.
    const own = server.metricsAddress!;
    const byPort = await fetch(`http://127.0.0.1:${own.port}/metrics`);
    expect(byPort.status).toBe(200);
    expect(await byPort.text()).toContain("http_request_duration_seconds_bucket");
    const elsewhere = await fetch(`http://127.0.0.1:${own.port}/api/users/nearby`);
    expect(elsewhere.status).toBe(404);
    expect((await elsewhere.json()).message).toBe("Only GET /metrics is here");
  });
});

describe("/metrics without a token", () => {
  it("is not on the app's port", async () => {
    const database = await openDatabase({ dataDir: "memory://" });
    const server = await buildServer(testConfig(), { database });
    try {
      const res = await server.app.inject({ method: "GET", url: "/metrics" });
      expect(res.statusCode).toBe(404);
      expect(server.metricsAddress).toBeNull();
    } finally {
      await server.close();
      await database.close();
    }
  });
});

describe("readiness", () => {
  const failing = { db: { execute: () => Promise.reject(new Error("connect ECONNREFUSED")) } } as unknown as Database;

  it("calls an unreachable database or Redis unreachable, and a closing node not ready", async () => {
    const redisDown = { ping: () => Promise.reject(new Error("The client is closed")) };
    expect(await checkReadiness({ database: failing, redis: redisDown, closing: () => false })).toEqual({
      database: "unreachable",
      redis: "unreachable",
    });

    let closing = false;
    const app = Fastify();
    registerHealthRoutes(app, { database: failing, redis: null, closing: () => closing });
    const down = await app.inject({ method: "GET", url: "/readyz" });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      status: "unavailable",
      message: "Not ready: the database cannot be reached",
      database: "unreachable",
      redis: "not used",
    });
    closing = true;
    const closed = await app.inject({ method: "GET", url: "/readyz" });
    expect(closed.statusCode).toBe(503);
    expect(closed.json().message).toBe("This node is shutting down");
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });
});

describe("production configuration", () => {
  const base = {
    NODE_ENV: "production",
    DATA_DIR: "memory://",
    SESSION_SECRET: "s".repeat(40),
    APP_URL: "https://vicinity.example",
  };

  it("requires what a production node must be told, and refuses demo data", () => {
    expect(() => loadConfig({ ...base, APP_URL: "" })).toThrow(/APP_URL: required in production/);
    expect(() => loadConfig({ ...base, SEED_DEMO: "true" })).toThrow(
      /SEED_DEMO: demo members never go into a production database/,
    );
    expect(loadConfig(base).seedDemo).toBe(false);
    expect(() => loadConfig({ ...base, METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN must be 24 to 200 characters/);
    expect(() => loadConfig({ ...base, METRICS_PORT: "70000" })).toThrow(/METRICS_PORT must be a port number/);
  });
});

/**
 * PostgreSQL restarting, as the nodes see it: their connections cut and new ones refused. A TCP
 * relay stands between the node and PostgreSQL; cutting it is the outage. During it, calls answer
 * 503 with a message and /readyz says so; after it, the same node serves again without a restart.
 */
describe.runIf(process.env.DATABASE_URL)("the database away and back (postgres)", () => {
  let direct: Database;
  let relayed: Database;
  let server: Awaited<ReturnType<typeof buildServer>>;
  const target = new URL(process.env.DATABASE_URL ?? "postgres://127.0.0.1:5432/postgres");
  const relay = new TcpRelay(target.hostname, Number(target.port || 5432));

  beforeAll(async () => {
    direct = await createTestDatabase("postgres");
    await relay.start();
    relayed = await openDatabase({ url: relay.urlFor(await databaseUrlOf(direct)), dataDir: "", poolSize: 2 });
    server = await buildServer(testConfig(), { database: relayed });
  });
  afterAll(async () => {
    await server.close();
    await relayed.close();
    await relay.cut();
    await direct.close();
  });

  it("answers 503 with a message while it is away, and serves again when it is back", async () => {
    const nearby = () => server.app.inject({ method: "GET", url: "/api/users/nearby?latitude=40.7&longitude=-74" });
    expect((await nearby()).statusCode).toBe(200);

    await relay.cut();
    const during = await nearby();
    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
    expect(during.headers["retry-after"]).toBe("2");
    const notReady = await server.app.inject({ method: "GET", url: "/readyz" });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json().database).toBe("unreachable");
    // Alive all the same: a supervisor must not restart a node for its database.
    expect((await server.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);

    await relay.start();
    expect((await nearby()).statusCode).toBe(200);
    expect((await server.app.inject({ method: "GET", url: "/readyz" })).json()).toMatchObject({
      status: "ready",
      database: "ok",
    });
  });
});

/** The URL a test database was opened with (its name is in current_database()). */
async function databaseUrlOf(database: Database): Promise<string> {
  const [row] = await queryRows<{ name: string }>(database.db, sql`SELECT current_database() AS name`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  return url.toString();
}
