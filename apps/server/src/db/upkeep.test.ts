import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type Database } from "./database";
import { upkeep } from "./upkeep";

describe("PGlite's upkeep (autovacuum's rule, run by the node)", () => {
  let database: Database;
  const stats = async () =>
    (
      await queryRows<{ reltuples: number; last_analyze: unknown; last_vacuum: unknown }>(
        database.db,
        sql`SELECT c.reltuples::float8 AS reltuples, s.last_analyze, s.last_vacuum FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid WHERE c.relname = 'upkeep_probe'`,
      )
    )[0]!;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
  });
  afterAll(async () => {
    await database.close();
  });

  it("analyses tables never analysed or much changed, vacuums tables with many dead or new rows, and leaves the rest", async () => {
    await upkeep(database.db); // The app's own tables, from the migrations: analysed once.
    expect(await upkeep(database.db)).toEqual({ analyzed: [], vacuumed: [] });

    await queryRows(database.db, sql`CREATE TABLE upkeep_probe (id int PRIMARY KEY, v int)`);
    await queryRows(database.db, sql`INSERT INTO upkeep_probe SELECT g, g FROM generate_series(1, 2000) g`);
    expect((await stats()).reltuples).toBe(-1);
    expect(await upkeep(database.db)).toEqual({ analyzed: ["upkeep_probe"], vacuumed: ["upkeep_probe"] });
    const after = await stats();
    expect(after.reltuples).toBe(2000);
    expect(after.last_analyze).not.toBeNull();
    expect(after.last_vacuum).not.toBeNull();

    // 100 changed rows of 2,000: under 50 + 10 %, nothing to do.
    await queryRows(database.db, sql`UPDATE upkeep_probe SET v = v + 1 WHERE id <= 100`);
    expect(await upkeep(database.db)).toEqual({ analyzed: [], vacuumed: [] });

    // 600 deleted: over 50 + 20 % dead and 50 + 10 % changed.
    await queryRows(database.db, sql`DELETE FROM upkeep_probe WHERE id > 1400`);
    expect(await upkeep(database.db)).toEqual({ analyzed: ["upkeep_probe"], vacuumed: ["upkeep_probe"] });
    expect((await stats()).reltuples).toBe(1400);
  });
});
