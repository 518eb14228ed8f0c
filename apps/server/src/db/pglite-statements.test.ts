import { PGlite, types } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withStatementCache } from "./pglite-statements";

/** Drizzle's options for raw queries on PGlite (timestamps stay text). */
const DRIZZLE_OPTIONS = { rowMode: "object" as const, parsers: { [types.TIMESTAMPTZ]: (value: string) => value } };

const ours = async (pg: PGlite) =>
  // (PGlite's own query: this one is not cached.)
  (
    await pg.query<{ name: string }>(
      "SELECT name FROM pg_prepared_statements WHERE name LIKE 'vicinity_s%' ORDER BY name",
    )
  ).rows.map((r) => r.name);

describe("PGlite's statement cache", () => {
  let raw: PGlite;
  let pg: PGlite;

  beforeAll(async () => {
    raw = await PGlite.create("memory://");
    pg = withStatementCache(raw, 3);
    await raw.exec(`
      CREATE TABLE t (id uuid PRIMARY KEY, name text NOT NULL, score float8, tags text[], meta jsonb, ok boolean, at timestamptz);
      INSERT INTO t VALUES
        ('00000000-0000-4000-8000-000000000001', 'Ann', 1.5, '{a,b}', '{"k": 1}', true, '2026-01-02T03:04:05Z'),
        ('00000000-0000-4000-8000-000000000002', 'O''Brien', NULL, '{}', NULL, false, NULL);
    `);
  });
  afterAll(async () => {
    await raw.close();
  });

  it("answers what PGlite's own query answers, for every kind of value and both row modes", async () => {
    const cases: Array<[string, unknown[]]> = [
      ["SELECT * FROM t WHERE name = $1", ["O'Brien"]],
      ["SELECT * FROM t WHERE score > $1 AND ok = $2 AND tags && $3", [1, true, ["b", "z"]]],
      ["SELECT id, meta FROM t WHERE meta @> $1 OR at < $2", [{ k: 1 }, new Date("2030-01-01T00:00:00Z")]],
      ["SELECT count(*)::int AS n, $1::text AS echo FROM t WHERE score IS DISTINCT FROM $2", [null, null]],
    ];
    for (const [text, params] of cases) {
      for (const options of [DRIZZLE_OPTIONS, { rowMode: "array" as const }, undefined]) {
        const expected = await raw.query(text, params, options);
        for (let run = 0; run < 7; run++) {
          // Seven runs: past the five custom plans, onto the generic one.
          const got = await pg.query(text, params, options);
          expect(got.rows).toEqual(expected.rows);
          expect(got.fields).toEqual(expected.fields);
        }
      }
    }
    const first = await pg.query<{ name: string; at: string }>(
      "SELECT name, at FROM t WHERE id = $1",
      ["00000000-0000-4000-8000-000000000001"],
      DRIZZLE_OPTIONS,
    );
    expect(first.rows).toEqual([{ name: "Ann", at: "2026-01-02 03:04:05+00" }]);
  });

  it("prepares a text once and keeps at most its size of statements, the least recently used closed", async () => {
    await raw.exec("DEALLOCATE ALL");
    for (let i = 0; i < 3; i++) await pg.query("SELECT name FROM t WHERE score > $1", [i]);
    expect(await ours(raw)).toHaveLength(1);
    await pg.query("SELECT 1 + $1::int AS a", [1]);
    await pg.query("SELECT 2 + $1::int AS a", [1]);
    const three = await ours(raw);
    expect(three).toHaveLength(3);
    await pg.query("SELECT name FROM t WHERE score > $1", [0]); // used again: now the newest
    await pg.query("SELECT 3 + $1::int AS a", [1]);
    const after = await ours(raw);
    expect(after).toHaveLength(3);
    expect((await pg.query("SELECT name FROM t WHERE score > $1", [0])).rows).toEqual([{ name: "Ann" }]);
    expect(await ours(raw)).toEqual(after); // still prepared: the oldest ("SELECT 1 + ...") went
  });

  it("fails a bad call with PostgreSQL's error, as PGlite does, and the next call runs", async () => {
    const text = "SELECT name FROM t WHERE id = $1";
    const failure = (call: Promise<unknown>) =>
      call.then(
        () => null,
        (error: unknown) => error as { code: string; message: string },
      );
    const expected = await failure(raw.query(text, ["not-a-uuid"]));
    expect(expected?.code).toBe("22P02");
    expect(await failure(pg.query(text, ["not-a-uuid"]))).toMatchObject({ code: "22P02", message: expected?.message });
    await expect(
      pg.query("INSERT INTO t (id, name) VALUES ($1, $2)", ["00000000-0000-4000-8000-000000000001", "Dup"]),
    ).rejects.toMatchObject({ code: "23505" });
    expect((await pg.query(text, ["00000000-0000-4000-8000-000000000002"])).rows).toEqual([{ name: "O'Brien" }]);
    expect(
      await pg
        .query("SELECT name FROM t WHERE id = $1 AND", [1])
        .catch((error: unknown) => (error as { code: string }).code),
    ).toBe("42601");
  });

  it("waits for an open transaction instead of running inside it", async () => {
    let inside!: () => void;
    const opened = new Promise<void>((resolve) => (inside = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = pg.transaction(async (tx) => {
      await tx.query("INSERT INTO t (id, name) VALUES ($1, $2)", ["00000000-0000-4000-8000-000000000009", "Later"]);
      inside();
      await held;
      await tx.rollback();
    });
    await opened;
    const outside = pg.query<{ n: number }>("SELECT count(*)::int AS n FROM t WHERE name = $1", ["Later"]);
    let settled = false;
    void outside.then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ n: 0 }]);
    expect(raw.isInTransaction()).toBe(false);
  });

  it("prepares again a statement whose table's columns changed, or that was deallocated", async () => {
    const text = "SELECT * FROM t WHERE name = $1";
    await pg.query(text, ["Ann"]);
    await raw.exec("ALTER TABLE t ADD COLUMN extra int DEFAULT 7");
    const got = await pg.query<{ extra: number }>(text, ["Ann"]);
    expect(got.rows[0]?.extra).toBe(7);
    await raw.exec("DEALLOCATE ALL");
    expect((await pg.query<{ name: string }>(text, ["Ann"])).rows.map((r) => r.name)).toEqual(["Ann"]);
  });

  it("leaves what is not a row query to PGlite", async () => {
    await pg.query("SET application_name = 'vicinity-test'");
    expect((await pg.query<{ application_name: string }>("SHOW application_name")).rows).toEqual([
      { application_name: "vicinity-test" },
    ]);
    const prepared = (await raw.query<{ statement: string }>("SELECT statement FROM pg_prepared_statements")).rows.map(
      (r) => r.statement,
    );
    expect(prepared.length).toBeGreaterThan(0);
    expect(prepared.filter((statement) => /^\s*(SET|SHOW)/i.test(statement))).toEqual([]);
  });
});
