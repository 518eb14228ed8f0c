import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Drizzle over either engine: the same schema, the same SQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: "pglite" | "postgres";
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... : PostgreSQL through `pg`. Unset: embedded PGlite. */
  url?: string | undefined;
  /** PGlite's data directory; `memory://` for a throwaway database. */
  dataDir: string;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
}

/** Opens the database and brings its schema up to date (versioned migrations, run at start-up). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
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
    return { db: db as unknown as Db, engine: "postgres", close: () => pool.end() };
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
    const client = await PGlite.create(options.dataDir, { extensions: { cube, earthdistance } });
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db: db as unknown as Db,
      engine: "pglite",
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
  if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) throw new DataDirInUseError(holder);
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

/** Runs raw SQL on either engine and returns its rows (both drivers answer `{ rows }`). */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
