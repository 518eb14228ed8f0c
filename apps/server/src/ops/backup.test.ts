import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { buildServer } from "../app";
import { openDatabase, queryRows, type Database } from "../db/database";
import { registerMember, testConfig, testEngines } from "../test/harness";
import { BackupError, backupDatabase, restoreDatabase } from "./backup";

/** One statement on the PostgreSQL server's own database (CREATE or DROP DATABASE). */
async function adminQuery(statement: string): Promise<void> {
  const { Client } = await import("pg");
  const admin = new Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Every table's row count, by name. */
async function rowCounts(database: Database): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql.raw(`SELECT count(*)::int AS n FROM public."${name}"`),
    );
    counts[name] = row!.n;
  }
  return counts;
}

/** Members, a conversation and its messages, made through the API. */
async function someActivity(database: Database): Promise<void> {
  const server = await buildServer(testConfig(), { database });
  try {
    const alice = await registerMember(server, "alice@example.com");
    const bob = await registerMember(server, "bob@example.com");
    const opened = await server.app.inject({
      method: "POST",
      url: "/api/conversations",
      headers: { cookie: alice.cookie },
      payload: { userId: bob.id },
    });
    expect(opened.statusCode).toBe(200);
  } finally {
    await server.close();
  }
}

const dir = mkdtempSync(path.join(tmpdir(), "vicinity-backup-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(testEngines())("db:backup and db:restore (%s)", (engine) => {
  it("round-trips every table's rows into an empty database", async () => {
    const file = path.join(dir, `${engine}.backup`);
    const names = [`vicinity_backup_from_${process.pid}`, `vicinity_backup_to_${process.pid}`];
    const urlOf = (name: string) => {
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      return url.toString();
    };
    const from =
      engine === "postgres"
        ? { databaseUrl: urlOf(names[0]!), pgliteDir: "" }
        : { databaseUrl: undefined, pgliteDir: path.join(dir, "from") };
    const to =
      engine === "postgres"
        ? { databaseUrl: urlOf(names[1]!), pgliteDir: "" }
        : { databaseUrl: undefined, pgliteDir: path.join(dir, "to") };
    if (engine === "postgres") for (const name of names) await adminQuery(`CREATE DATABASE ${name}`);
    try {
      const source = await openDatabase({ url: from.databaseUrl, dataDir: from.pgliteDir });
      await someActivity(source);
      const before = await rowCounts(source);
      await source.close();
      expect(before.users).toBe(2);
      expect(before.conversations).toBe(1);

      const { bytes } = await backupDatabase(from, file);
      expect(bytes).toBeGreaterThan(1000);
      await restoreDatabase(to, file);

      const restored = await openDatabase({ url: to.databaseUrl, dataDir: to.pgliteDir });
      try {
        expect(await rowCounts(restored)).toEqual(before);
        // The restored database works: the same member signs in.
        const server = await buildServer(testConfig(), { database: restored });
        const signIn = await server.app.inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { email: "alice@example.com", password: "correct horse battery staple" },
        });
        await server.close();
        expect(signIn.statusCode).toBe(200);
      } finally {
        await restored.close();
      }
    } finally {
      if (engine === "postgres")
        for (const name of names) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });

  it("refuses a backup of the other engine, a missing file, and (PGlite) a directory that holds a database", async () => {
    const other = path.join(dir, `not-${engine}.backup`);
    writeFileSync(other, engine === "postgres" ? Buffer.from([0x1f, 0x8b, 0, 0, 0, 0]) : Buffer.from("PGDMP and more"));
    const target =
      engine === "postgres"
        ? { databaseUrl: process.env.DATABASE_URL, pgliteDir: "" }
        : { databaseUrl: undefined, pgliteDir: path.join(dir, "held") };
    await expect(restoreDatabase(target, other)).rejects.toThrow(
      engine === "postgres" ? /is not a PostgreSQL backup/ : /is not a PGlite backup/,
    );
    await expect(restoreDatabase(target, path.join(dir, "nothing-here"))).rejects.toThrow(BackupError);
    if (engine === "pglite") {
      const held = await openDatabase({ dataDir: target.pgliteDir });
      await held.close();
      const gzipped = path.join(dir, "looks-like-pglite.backup");
      writeFileSync(gzipped, Buffer.from([0x1f, 0x8b, 8, 0, 0, 0]));
      await expect(restoreDatabase(target, gzipped)).rejects.toThrow(/already holds a database/);
    }
  });
});
