import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/database";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (gzipped tarball) each test database starts from. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database each test database is copied from; "" without DATABASE_URL. */
    postgresTemplate: string;
  }
}

/**
 * The server suite's global set-up: migrates one database per engine once, before any test file,
 * and hands it to the test files (`createTestDatabase` in harness.ts) to start from. Running the
 * migrations in each of some 150 test databases took about 2 s of a core each on PGlite; loading the
 * migrated data directory takes a fraction of that, and PostgreSQL copies a template database
 * (`CREATE DATABASE … TEMPLATE`) faster still. Each test database still runs the migrator at open
 * (it finds nothing to do), so a template never hides a migration that would fail.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), "vicinity-test-template-"));
  const pgliteFile = path.join(dir, "pglite.tar.gz");
  const pglite = await openDatabase({ dataDir: "memory://" });
  const dump = await pglite.dumpDataDir!();
  await pglite.close();
  writeFileSync(pgliteFile, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", pgliteFile);

  const adminUrl = process.env.DATABASE_URL;
  let postgresTemplate = "";
  if (adminUrl) {
    postgresTemplate = `vicinity_template_${randomBytes(6).toString("hex")}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${postgresTemplate}`);
    const url = new URL(adminUrl);
    url.pathname = `/${postgresTemplate}`;
    // Migrated, then closed: PostgreSQL copies a template only while nobody is connected to it.
    const database = await openDatabase({ url: url.toString(), dataDir: "", poolSize: 1 });
    await database.close();
  }
  project.provide("postgresTemplate", postgresTemplate);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (adminUrl && postgresTemplate)
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${postgresTemplate} WITH (FORCE)`);
  };
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const { Client } = await import("pg");
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
