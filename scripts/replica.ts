/**
 * A real PostgreSQL streaming replica of the local primary (127.0.0.1:5432) on this machine, made
 * with Debian's own tools: `pg_createcluster` makes a cluster named "replica" on port 5433, and
 * `pg_basebackup -R` fills it from the primary and makes it stream the primary's log (hot standby:
 * it answers reads). The primary is let take replication connections from 127.0.0.1 (pg_hba.conf).
 *
 *   npx tsx scripts/replica.ts --ensure     make it, or check that it streams (as root)
 *
 * `.ci/run` makes it and sets DATABASE_REPLICA_URLS for the replica tests; `npm run cluster` gives
 * its nodes the replica. Settings: REPLICA_PORT (5433), PRIMARY_PORT (5432).
 */
import { execFileSync } from "node:child_process";
import { appendFileSync, copyFileSync, existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

export const REPLICA_PORT = Number(process.env.REPLICA_PORT ?? 5433);
const PRIMARY_PORT = Number(process.env.PRIMARY_PORT ?? 5432);
const CLUSTER = "replica";
const REPLICATION_LINE = "host replication all 127.0.0.1/32 trust";

/** The replica's URL for a database of the primary (the same name on both). */
export function replicaUrlOf(primaryUrl: string): string {
  const url = new URL(primaryUrl);
  url.port = String(REPLICA_PORT);
  return url.toString();
}

async function inRecovery(port: number): Promise<boolean> {
  const client = new pg.Client({
    host: "127.0.0.1",
    port,
    user: "postgres",
    database: "postgres",
    connectionTimeoutMillis: 2000,
  });
  try {
    await client.connect();
    const { rows } = await client.query<{ r: boolean }>("SELECT pg_is_in_recovery() AS r");
    return rows[0]?.r === true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function run(command: string, args: string[], log: (line: string) => void): void {
  log(`$ ${command} ${args.join(" ")}`);
  execFileSync(command, args, { stdio: ["ignore", "inherit", "inherit"] });
}

/** Makes the replica when it is not streaming yet; resolves once it answers as a hot standby. */
export async function ensureReplica(log: (line: string) => void = console.info): Promise<string> {
  const url = `postgres://postgres@127.0.0.1:${REPLICA_PORT}/postgres`;
  if (await inRecovery(REPLICA_PORT)) {
    log(`replica: streaming on ${REPLICA_PORT}`);
    return url;
  }
  const version = readdirSync("/etc/postgresql").sort().at(-1);
  if (!version) throw new Error("No PostgreSQL cluster in /etc/postgresql: install PostgreSQL first");
  // The primary lets replication connections in from this machine (trust, as its other local connections).
  const hba = `/etc/postgresql/${version}/main/pg_hba.conf`;
  if (
    !readFileSync(hba, "utf8")
      .split("\n")
      .some((line) => line.trim() === REPLICATION_LINE)
  ) {
    appendFileSync(hba, `\n# A streaming replica on this machine (scripts/replica.ts)\n${REPLICATION_LINE}\n`);
    const primary = new pg.Client({ host: "127.0.0.1", port: PRIMARY_PORT, user: "postgres", database: "postgres" });
    await primary.connect();
    await primary.query("SELECT pg_reload_conf()");
    await primary.end();
  }
  if (existsSync(`/etc/postgresql/${version}/${CLUSTER}`)) run("pg_dropcluster", ["--stop", version, CLUSTER], log);
  run("pg_createcluster", [version, CLUSTER, "-p", String(REPLICA_PORT)], log);
  const dataDir = `/var/lib/postgresql/${version}/${CLUSTER}`;
  // Long reads on the standby are not cancelled by the primary's vacuum (it keeps the rows they need).
  appendFileSync(
    `/etc/postgresql/${version}/${CLUSTER}/postgresql.conf`,
    "\nhot_standby = on\nhot_standby_feedback = on\n",
  );
  // Reached as the primary is: the same connections let in.
  copyFileSync(hba, `/etc/postgresql/${version}/${CLUSTER}/pg_hba.conf`);
  // Emptied, not removed: the directory is postgres's, its parent may not be.
  for (const entry of readdirSync(dataDir)) rmSync(path.join(dataDir, entry), { recursive: true, force: true });
  const asPostgres = (args: string[]) => run("runuser", ["-u", "postgres", "--", ...args], log);
  asPostgres([
    "pg_basebackup",
    "-h",
    "127.0.0.1",
    "-p",
    String(PRIMARY_PORT),
    "-U",
    "postgres",
    "-D",
    dataDir,
    "-R",
    "-X",
    "stream",
    "-c",
    "fast",
  ]);
  run("pg_ctlcluster", ["--skip-systemctl-redirect", version, CLUSTER, "start"], log);
  for (let i = 0; i < 100 && !(await inRecovery(REPLICA_PORT)); i++) await new Promise((r) => setTimeout(r, 100));
  if (!(await inRecovery(REPLICA_PORT)))
    throw new Error(
      `The replica on ${REPLICA_PORT} did not start: see /var/log/postgresql/postgresql-${version}-${CLUSTER}.log`,
    );
  log(`replica: streaming on ${REPLICA_PORT} (cluster ${version}/${CLUSTER})`);
  return url;
}

if (
  process.argv[1] &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url) &&
  process.argv.includes("--ensure")
) {
  await ensureReplica();
}
