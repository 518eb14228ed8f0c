import { openDatabase, type Database } from "../../apps/server/src/db/database";

/** The PostgreSQL server the benches make their databases on (the local one unless DATABASE_URL says otherwise). */
export const ADMIN_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** One statement on the server's own database (CREATE or DROP DATABASE). */
export async function adminQuery(statement: string): Promise<void> {
  const { Client } = await import("pg");
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The bench database in use, dropped on Ctrl-C or SIGTERM too. */
let current: string | null = null;
let listening = false;
let stopped = false;

/** Whether a signal is stopping the bench (a running query fails as its database is dropped). */
export const stopping = () => stopped;

function dropOnSignal(log: (line: string) => void): void {
  if (listening) return;
  listening = true;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      stopped = true;
      const name = current;
      log(`\n${signal}: stopping${name ? `, dropping ${name}` : ""}`);
      const done = () => process.exit(signal === "SIGINT" ? 130 : 143);
      if (!name) done();
      else adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(done, done);
    });
  }
}

/** A fresh PostgreSQL database of this name with the real migrations; `drop` closes and removes it. */
export async function benchDatabase(
  name: string,
  poolSize: number,
  log: (line: string) => void = () => {},
): Promise<{ database: Database; drop(): Promise<void> }> {
  dropOnSignal(log);
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  current = name;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const drop = async () => {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    current = null;
  };
  try {
    const database = await openDatabase({ url: url.toString(), dataDir: "", poolSize });
    return {
      database,
      async drop() {
        await database.close();
        await drop();
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}
