import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { openDatabase } from "../db/database";

/**
 * Backups of the database, for either engine:
 * - PostgreSQL (DATABASE_URL): pg_dump's custom format, restored by pg_restore into the database
 *   DATABASE_URL names (what it held is replaced), while the nodes may run;
 * - PGlite (DATA_DIR): the data directory as a gzipped tarball (PGlite's dumpDataDir), restored
 *   into an empty DATA_DIR; PGlite is one process's database, so the server must be stopped.
 * Pictures are files under MEDIA_DIR: copy that directory beside the backup.
 */
export interface BackupTarget {
  databaseUrl: string | undefined;
  pgliteDir: string;
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

/** Runs a PostgreSQL client tool; its error output becomes the error's message. */
function runTool(tool: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === "ENOENT"
            ? `${tool} was not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client), of the server's major version or newer`
            : error.message,
        ),
      ),
    );
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${tool} failed (exit ${code}):\n${errors.trim()}`)),
    );
  });
}

/** The line of a pg_dump script that empties search_path for the restore. */
const EMPTY_SEARCH_PATH = "SELECT pg_catalog.set_config('search_path', '', false);";

/**
 * pg_restore's script piped into psql, with one line changed: the script empties search_path, and
 * then the generated columns' ll_to_earth (earthdistance's SQL function) cannot find its own type
 * `earth` ("type earth does not exist": earthdistance 1.1 does not qualify it). Our schema is
 * `public`, so the restore runs with `public` on the path. One transaction: all or nothing.
 */
function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      restore.kill();
      psql.kill();
      reject(error);
    };
    const restore = spawn("pg_restore", ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--file=-", file], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    const psql = spawn(
      "psql",
      ["--quiet", "--no-psqlrc", "--single-transaction", "--set=ON_ERROR_STOP=1", `--dbname=${databaseUrl}`],
      { stdio: ["pipe", "ignore", "pipe"] },
    );
    let errors = "";
    for (const child of [restore, psql]) {
      child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
      child.on("error", (error: NodeJS.ErrnoException) =>
        fail(
          new BackupError(
            error.code === "ENOENT"
              ? `${child === restore ? "pg_restore" : "psql"} was not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client)`
              : error.message,
          ),
        ),
      );
    }
    const lines = createInterface({ input: restore.stdout, crlfDelay: Infinity });
    let waiting = false;
    lines.on("line", (line) => {
      const ok = psql.stdin.write(
        `${line === EMPTY_SEARCH_PATH ? "SELECT pg_catalog.set_config('search_path', 'public, pg_catalog', false);" : line}\n`,
      );
      // (Lines already read still arrive after a pause: one wait for "drain" at a time.)
      if (!ok && !waiting) {
        waiting = true;
        lines.pause();
        psql.stdin.once("drain", () => {
          waiting = false;
          lines.resume();
        });
      }
    });
    lines.on("close", () => psql.stdin.end());
    psql.stdin.on("error", () => undefined); // psql stopped on an error: its exit code says so.
    let restoreCode: number | null = null;
    restore.on("close", (code) => (restoreCode = code));
    psql.on("close", (code) => {
      if (settled) return;
      settled = true;
      if (code === 0 && restoreCode === 0) resolve();
      else
        reject(
          new BackupError(
            `The restore failed (pg_restore exit ${restoreCode}, psql exit ${code}); nothing was changed:\n${errors.trim()}`,
          ),
        );
    });
  });
}

/** Writes a backup of the database to `file`; answers its engine and size. */
export async function backupDatabase(
  target: BackupTarget,
  file: string,
): Promise<{ engine: "postgres" | "pglite"; bytes: number }> {
  if (target.databaseUrl) {
    await runTool("pg_dump", [
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      `--file=${file}`,
      `--dbname=${target.databaseUrl}`,
    ]);
    return { engine: "postgres", bytes: readFileSync(file).length };
  }
  if (!existsSync(target.pgliteDir)) throw new BackupError(`There is no database in ${target.pgliteDir} to back up`);
  // Opening it takes the directory's lock: a running server refuses (DataDirInUseError).
  const database = await openDatabase({ dataDir: target.pgliteDir });
  try {
    const tarball = Buffer.from(await (await database.dumpDataDir!()).arrayBuffer());
    writeFileSync(file, tarball);
    return { engine: "pglite", bytes: tarball.length };
  } finally {
    await database.close();
  }
}

/** Restores a backup made by backupDatabase for the same engine. */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<{ engine: "postgres" | "pglite" }> {
  if (!existsSync(file)) throw new BackupError(`No such backup: ${file}`);
  const head = readFileSync(file).subarray(0, 5);
  const isPgDump = head.toString("latin1") === "PGDMP";
  const isGzip = head[0] === 0x1f && head[1] === 0x8b;
  if (target.databaseUrl) {
    if (!isPgDump)
      throw new BackupError(
        `${file} is not a PostgreSQL backup (pg_dump's custom format): restore it with DATABASE_URL unset, into DATA_DIR`,
      );
    await restorePostgres(target.databaseUrl, file);
    return { engine: "postgres" };
  }
  if (!isGzip)
    throw new BackupError(
      `${file} is not a PGlite backup: restore it with DATABASE_URL set to the PostgreSQL database`,
    );
  if (existsSync(target.pgliteDir) && readdirSync(target.pgliteDir).length > 0) {
    throw new BackupError(
      `${target.pgliteDir} already holds a database: move it away (or point DATA_DIR elsewhere) and run this again`,
    );
  }
  try {
    const database = await openDatabase({ dataDir: target.pgliteDir, loadDataDir: new Blob([readFileSync(file)]) });
    await database.close();
  } catch (error) {
    // A half-written directory would be mistaken for a database.
    rmSync(target.pgliteDir, { recursive: true, force: true });
    throw error;
  }
  return { engine: "pglite" };
}
