import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { buildServer, type BuiltServer } from "../app";
import { loadConfig, type ServerConfig } from "../config";
import { openDatabase, queryRows, type Database } from "../db/database";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { listen } from "./sockets";
import { setAdmin } from "../users/admins";
import { ROLLUP_LOCK } from "../analytics/rollup";

export type Engine = "pglite" | "postgres";

/**
 * The engines a server test runs on: PGlite always, PostgreSQL too when DATABASE_URL is set.
 * On CI both must run: a missing DATABASE_URL is an error there, not a skip.
 */
export function testEngines(): Engine[] {
  if (process.env.CI === "true" && !process.env.DATABASE_URL) {
    throw new Error("CI must set DATABASE_URL: the PostgreSQL suites may not be skipped");
  }
  return process.env.DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

/**
 * The one engine of the suites that send the server's own code many thousand requests (the
 * authorization matrix and the fuzz over the route table, the trilateration attack): PostgreSQL when DATABASE_URL is set, PGlite
 * otherwise. The engine is not what they test, and every route's own suite runs on both; running
 * them twice doubled the server suite's time on CI (docs/decisions/0022).
 */
export function routeTableEngines(): Engine[] {
  const engines = testEngines();
  return [engines.at(-1)!];
}

/** The migrated PGlite data directory of the suite's global set-up (template-databases.ts), read once. */
let pgliteTemplate: Blob | undefined;

/**
 * A database of its own for one test file: in-memory PGlite, or a fresh PostgreSQL database, each a
 * copy of the migrated template the suite's global set-up made (template-databases.ts).
 */
export async function createTestDatabase(engine: Engine): Promise<Database> {
  if (engine === "pglite") {
    pgliteTemplate ??= new Blob([readFileSync(inject("pgliteTemplate"))]);
    return openDatabase({ dataDir: "memory://", loadDataDir: pgliteTemplate });
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error("DATABASE_URL is not set");
  const name = `vicinity_test_${randomBytes(6).toString("hex")}`;
  const { Client } = await import("pg");
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("postgresTemplate")}`);
  // A test database need not survive a crash: its commits do not wait for the disk.
  await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: "", poolSize: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      const drop = new Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    },
  };
}

/** Empties every table between tests, so each test starts from nothing. */
const MEMBER_TABLES = [
  "users",
  "sessions",
  "locations",
  "presence",
  "blocks",
  "conversations",
  "conversation_participants",
  "messages",
  "media",
  "profile_photos",
  "reports",
];

/**
 * What TRUNCATE … RESTART IDENTITY CASCADE does to the tables named, by DELETE: the tables named
 * and every table that refers to one of them (foreign keys, recursively) are emptied with foreign
 * keys unchecked (session_replication_role = replica, as restoreSnapshot does), and their
 * sequences start over. On PostgreSQL a TRUNCATE of these some thirty small tables took 76 to
 * 96 ms (each gets new files); these DELETEs take about 13.
 *
 * The tables and sequences are found in the catalog once per database and list of names; each
 * reset is then one DO block of plain statements.
 */
async function emptyTablesSql(database: Database, named: readonly string[]): Promise<string> {
  let known = emptyingSql.get(database);
  if (!known) emptyingSql.set(database, (known = new Map()));
  const key = named.join(",");
  const cached = known.get(key);
  if (cached) return cached;
  const roots = named.map((t) => `'public."${t}"'::regclass`).join(", ");
  const rows = await queryRows<{ statement: string }>(
    database.db,
    sql.raw(`WITH RECURSIVE closure(oid) AS (
      SELECT unnest(ARRAY[${roots}])::oid
      UNION
      SELECT con.conrelid FROM pg_constraint con JOIN closure ON con.confrelid = closure.oid WHERE con.contype = 'f'
    )
    SELECT format('DELETE FROM %s;', oid::regclass) AS statement FROM closure
    UNION ALL
    SELECT format('ALTER SEQUENCE %s RESTART;', d.objid::regclass) FROM pg_depend d
      JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
      WHERE d.refobjid IN (SELECT oid FROM closure)`),
  );
  const statements = rows.map((r) => r.statement);
  const block = `DO $$ BEGIN SET LOCAL session_replication_role = replica; ${statements.join(" ")} END $$`;
  known.set(key, block);
  return block;
}
const emptyingSql = new WeakMap<Database, Map<string, string>>();

export async function resetDatabase(database: Database, more: readonly string[] = []): Promise<void> {
  const named = [...new Set([...MEMBER_TABLES, ...more])];
  const emptying = await emptyTablesSql(database, named);
  await database.db.transaction(async (tx) => {
    // The server's own background writers take these tables in another order than TRUNCATE does
    // (users first, then, by CASCADE, activity_events): the analytics roll-up (activity_events,
    // then analytics_state) and the activity recorder (activity_events, then users). A reset
    // between two tests deadlocked with them on CI. It waits for a roll-up in progress (and one
    // that starts meanwhile skips its turn), then for the recorder's write, and only then truncates.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ROLLUP_LOCK})`);
    await tx.execute(sql`LOCK TABLE public.activity_events IN ACCESS EXCLUSIVE MODE`);
    await tx.execute(sql.raw(emptying));
  });
}

/** The rows a test file's set-up made, kept in the database (schema "snapshot") to be put back. */
export interface DatabaseSnapshot {
  tables: Array<{ name: string; columns: string }>;
}

/**
 * Copies every table that holds rows into the schema "snapshot": the members, sessions and the
 * rest a set-up made through the API, to be put back before each test by `restoreSnapshot`
 * instead of being made again (the authorization matrix's 600 tests each began with four sign-ups).
 */
export async function takeSnapshot(database: Database): Promise<DatabaseSnapshot> {
  const db = database.db;
  const tables = await queryRows<{ name: string; columns: string }>(
    db,
    sql`SELECT c.table_name AS name, string_agg(format('%I', c.column_name), ', ' ORDER BY c.ordinal_position) AS columns
        FROM information_schema.columns c JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.is_generated = 'NEVER'
        GROUP BY c.table_name`,
  );
  await db.execute(sql`DROP SCHEMA IF EXISTS snapshot CASCADE`);
  await db.execute(sql`CREATE SCHEMA snapshot`);
  const kept: DatabaseSnapshot["tables"] = [];
  for (const table of tables) {
    const [row] = await queryRows<{ any: boolean }>(
      db,
      sql.raw(`SELECT EXISTS (SELECT 1 FROM public."${table.name}") AS any`),
    );
    if (!row?.any) continue;
    await db.execute(
      sql.raw(`CREATE TABLE snapshot."${table.name}" AS SELECT ${table.columns} FROM public."${table.name}"`),
    );
    kept.push(table);
  }
  return { tables: kept };
}

/** Empties the database (resetDatabase) and puts the snapshot's rows back, foreign keys unchecked. */
export async function restoreSnapshot(database: Database, snapshot: DatabaseSnapshot): Promise<void> {
  // With the snapshot's tables outside the members' web (the analytics' state, counters).
  await resetDatabase(
    database,
    snapshot.tables.map((t) => t.name),
  );
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    for (const table of snapshot.tables) {
      await tx.execute(
        sql.raw(
          `INSERT INTO public."${table.name}" (${table.columns}) SELECT ${table.columns} FROM snapshot."${table.name}"`,
        ),
      );
    }
  });
}

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: "memory://", SESSION_SECRET: "t".repeat(40) }),
    webDist: "/nonexistent",
    // The tests register many members from one address; the limit has its own test.
    registrationsPerHour: 100_000,
    // Each test server counts its own limits in Redis (nodes given one config share them), and
    // nothing is left over for the next run.
    redisPrefix: `vicinity-test-${randomBytes(6).toString("hex")}`,
    ...overrides,
  };
}

export interface TestServer {
  server: BuiltServer;
  database: Database;
  close(): Promise<void>;
}

export async function startTestServer(engine: Engine, overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const database = await createTestDatabase(engine);
  // Each server its own picture directory, removed at close.
  const mediaDir = overrides.mediaDir ?? mkdtempSync(path.join(tmpdir(), "vicinity-test-media-"));
  const server = await buildServer(testConfig({ mediaDir, ...overrides }), { database });
  return {
    server,
    database,
    async close() {
      await server.close();
      await database.close();
      if (!overrides.mediaDir) rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

/** The session cookie a response set, ready for the next request's Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === "vicinity_sid");
  if (!cookie) throw new Error(`no session cookie in the response (${response.statusCode} ${response.body})`);
  return `vicinity_sid=${cookie.value}`;
}

export const STRONG_PASSWORD = "correct horse battery staple";

/** Registers a member and returns his cookie and id. */
export async function registerMember(
  server: BuiltServer,
  email: string,
  extra: { username?: string; password?: string } = {},
): Promise<{ cookie: string; id: string; username: string }> {
  const res = await server.app.inject({
    method: "POST",
    url: "/api/register",
    payload: {
      email,
      password: extra.password ?? STRONG_PASSWORD,
      ...(extra.username ? { username: extra.username } : {}),
    },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { id: string; username: string };
  return { cookie: sessionCookie(res), id: body.id, username: body.username };
}

/** As if the member had opened the link mailed at sign-up. */
export async function confirmAddress(database: Database, email: string): Promise<void> {
  await database.db.execute(
    sql`UPDATE users SET email_verified_at = now() WHERE lower(email) = ${email.toLowerCase()}`,
  );
}

/** A member made an admin as the operator does (npm run admin -- grant); his session is the one he registered with. */
export async function registerAdmin(
  server: BuiltServer,
  database: Database,
  email: string,
): Promise<{ cookie: string; id: string; username: string }> {
  const member = await registerMember(server, email);
  await confirmAddress(database, email);
  const granted = await setAdmin(database.db, email, true);
  if (granted !== "granted") throw new Error(`could not make ${email} an admin: ${granted}`);
  return member;
}

export async function guestCookie(server: BuiltServer): Promise<string> {
  const res = await server.app.inject({ method: "POST", url: "/api/anonymous-login", payload: { age: 25 } });
  if (res.statusCode !== 201) throw new Error(`guest login failed: ${res.statusCode} ${res.body}`);
  return sessionCookie(res);
}

export interface ListeningServer {
  server: BuiltServer;
  database: Database;
  /** http://127.0.0.1:port, for socket clients. */
  url: string;
}

/**
 * The set-up of a socket test file: a database of its own, a listening server on it for the whole
 * file, emptied before each test. Read the fields inside tests (they are set in beforeAll).
 */
export function useListeningServer(engine: Engine, overrides: Partial<ServerConfig> = {}): ListeningServer {
  const t = {} as ListeningServer;
  beforeAll(async () => {
    t.database = await createTestDatabase(engine);
    t.server = await buildServer(testConfig(overrides), { database: t.database });
    t.url = await listen(t.server);
  });
  afterAll(async () => {
    await t.server.close();
    await t.database.close();
  });
  beforeEach(() => resetDatabase(t.database));
  return t;
}

export interface TwoNodes {
  database: Database;
  nodeA: BuiltServer;
  nodeB: BuiltServer;
  /** http://127.0.0.1:port of each node, for socket clients. */
  urlA: string;
  urlB: string;
}

/**
 * Two server nodes of one deployment (one configuration, so one Redis prefix) on one database,
 * listening, for the whole test file: what REDIS_URL shares between nodes. Read the fields inside
 * tests. `redisUrl`: another way to Redis (a relay the test can cut), or undefined for none.
 */
export function useTwoNodes(options: { redisUrl?: () => string | undefined } = {}): TwoNodes {
  const t = {} as TwoNodes;
  beforeAll(async () => {
    t.database = await createTestDatabase(process.env.DATABASE_URL ? "postgres" : "pglite");
    const config = testConfig({ redisUrl: options.redisUrl ? options.redisUrl() : process.env.REDIS_URL });
    t.nodeA = await buildServer(config, { database: t.database });
    t.nodeB = await buildServer(config, { database: t.database });
    t.urlA = await listen(t.nodeA);
    t.urlB = await listen(t.nodeB);
  });
  afterAll(async () => {
    await t.nodeA.close();
    await t.nodeB.close();
    await t.database.close();
  });
  return t;
}

/** `call(method, url, cookie?, payload?)`: one injected API request as a member, guest or visitor (the cookie decides). */
export function apiCaller(server: () => BuiltServer) {
  return (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, cookie?: string, payload?: object) =>
    server().app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
}
