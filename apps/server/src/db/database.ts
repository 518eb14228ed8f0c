import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SQL } from "drizzle-orm";
import * as schema from "./schema";
import { type Db } from "./db";
import { ReadRouting, type Replica } from "./replicas";

export { queryRows, type Db } from "./db";

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export interface Database {
  db: Db;
  engine: "pglite" | "postgres";
  /** PostgreSQL's pool: its connections and the queries waiting for one (for /metrics). */
  pool?: () => { total: number; idle: number; waiting: number };
  /** Where read-only queries go: a streaming replica that has what they must see, or the primary (replicas.ts). */
  reads: ReadRouting;
  /** PGlite: its whole data directory as a gzipped tarball (ops/backup.ts). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... : PostgreSQL through `pg`. Unset: embedded PGlite. */
  url?: string | undefined;
  /** PGlite's data directory; `memory://` for a throwaway database. */
  dataDir: string;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
  /** PGlite: start from this data directory tarball (a backup) instead of an empty one. */
  loadDataDir?: Blob;
  /** PostgreSQL streaming replicas of `url` for read-only queries (replicas.ts). */
  replicaUrls?: readonly string[];
  /** A replica further behind than this is skipped. */
  replicaMaxLagMs?: number;
  /** Told when a replica goes down, comes back or is not one. */
  onReplicaError?: (message: string) => void;
}

/** A URL's host, port and database, never its credentials. */
function nameOf(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || "5432"}${u.pathname}`;
}

/** Opens the database and brings its schema up to date (versioned migrations, run at start-up). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (!options.url && options.replicaUrls?.length) throw new Error("Read replicas need PostgreSQL (DATABASE_URL)");
  if (options.url) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection can be cut by the server (restart, failover, a dropped database): the pool
    // replaces it; without a listener the error would crash the process.
    pool.on("error", (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    const replicas = await Promise.all((options.replicaUrls ?? []).map((url) => openReplica(url, options.poolSize)));
    const reads = new ReadRouting(db as unknown as Db, replicas, {
      maxLagMs: options.replicaMaxLagMs ?? 5000,
      ...(options.onReplicaError ? { onError: options.onReplicaError } : {}),
    });
    await reads.start();
    return {
      db: db as unknown as Db,
      engine: "postgres",
      reads,
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await reads.close();
        await pool.end();
      },
    };
  }

  const { PGlite } = await import("@electric-sql/pglite");
  const { cube } = await import("@electric-sql/pglite/contrib/cube");
  const { earthdistance } = await import("@electric-sql/pglite/contrib/earthdistance");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const onDisk = !options.dataDir.startsWith("memory://");
  let release = () => {};
  if (onDisk) {
    mkdirSync(options.dataDir, { recursive: true });
    release = lockDataDir(options.dataDir);
  }
  try {
    const client = await PGlite.create(options.dataDir, {
      extensions: { cube, earthdistance },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    const { withStatementCache } = await import("./pglite-statements");
    // Hot queries run as prepared statements, as they do through `pg` (pglite-statements.ts).
    const db = drizzle(withStatementCache(client), { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db: db as unknown as Db,
      engine: "pglite",
      reads: new ReadRouting(db as unknown as Db, [], { maxLagMs: 0 }),
      dumpDataDir: () => client.dumpDataDir("gzip"),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** A streaming replica's pool, for read-only queries (replicas.ts). */
export async function openReplica(url: string, poolSize = 10): Promise<Replica> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  // A replica that does not answer is skipped at once rather than waited for.
  const pool = new Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 2000 });
  pool.on("error", (error) => console.warn(`PostgreSQL replica connection lost: ${error.message}`));
  return { name: nameOf(url), db: drizzle(pool, { schema }) as unknown as Db, close: () => pool.end() };
}

/** Thrown when another process has the PGlite data directory open. */
export class DataDirInUseError extends Error {
  constructor(readonly pid: number) {
    super(
      `The database in this DATA_DIR is open in another process (pid ${pid}): PGlite can be opened by one process at a time. Stop the server first (or use DATABASE_URL).`,
    );
    this.name = "DataDirInUseError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite is one process's database: two processes on one data directory would corrupt it. The
 * directory is held by a pid file beside it; a stale one (its process gone) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir.replace(/\/$/, "")}.lock`;
  let holder = NaN;
  try {
    holder = Number(readFileSync(file, "utf8").trim());
  } catch {
    // No lock: free.
  }
  if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder))
    throw new DataDirInUseError(holder);
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

/** The names of the prepared statements made so far, by their SQL text. */
const statementNames = new Map<string, string>();

/**
 * Runs raw SQL as a named prepared statement (the hot calls: bench/api): PostgreSQL parses and
 * plans it once per connection and then only binds and runs it, and the rows come back exactly as
 * `queryRows` gives them (Drizzle's own prepared query, with its type parsers). The name is
 * `name` and a hash of the text, so each shape of the query (with or without a cursor, say) is a
 * statement of its own; only for SQL whose text comes from code, never from input (each text
 * stays prepared on every connection). PGlite runs it as any other query.
 */
export async function preparedRows<T extends Record<string, unknown>>(db: Db, name: string, query: SQL): Promise<T[]> {
  const internal = db as unknown as {
    dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
    session: {
      prepareQuery(
        query: { sql: string; params: unknown[] },
        fields: undefined,
        name: string,
        arrayMode: boolean,
      ): { execute(): Promise<unknown> };
    };
  };
  const built = internal.dialect.sqlToQuery(query);
  let statement = statementNames.get(built.sql);
  if (!statement) {
    statement = `${name}_${createHash("sha1").update(built.sql).digest("hex").slice(0, 12)}`;
    statementNames.set(built.sql, statement);
  }
  const result = (await internal.session.prepareQuery(built, undefined, statement, false).execute()) as { rows: T[] };
  return result.rows;
}
