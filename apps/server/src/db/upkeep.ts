import { sql } from "drizzle-orm";
import { queryRows, type Db } from "./database";

/** How often a PGlite node looks for tables to analyse or vacuum. */
export const UPKEEP_MS = 5 * 60_000;

/** PostgreSQL's autovacuum defaults (postgresql.conf): the same rule, run by the node itself. */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE = 0.1;
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE = 0.2;
const INSERT_THRESHOLD = 1000;
const INSERT_SCALE = 0.2;

interface TableStats extends Record<string, unknown> {
  schema: string;
  name: string;
  /** The planner's row count; -1 until the table was first analysed. */
  reltuples: number;
  dead: number;
  changed: number;
  inserted: number;
}

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/**
 * What PostgreSQL's autovacuum does, for PGlite, which has no background workers: without it
 * the planner never gets statistics (every plan is made from default guesses:
 * bench/api's nearby plan scanned every member for each candidate) and dead rows are never
 * reclaimed. A table is analysed when more than 50 + 10 % of its rows changed since it was last
 * analysed (or it never was), and vacuumed when more than 50 + 20 % are dead or 1,000 + 20 % were
 * inserted since its last vacuum, autovacuum's default thresholds. PostgreSQL has its own
 * autovacuum: this runs on PGlite only. Returns the tables it analysed and vacuumed.
 */
export async function upkeep(db: Db): Promise<{ analyzed: string[]; vacuumed: string[] }> {
  // The counters are flushed lazily (at most once a second): this call's own are flushed first.
  await queryRows(db, sql`SELECT pg_stat_force_next_flush()`);
  const tables = await queryRows<TableStats>(
    db,
    sql`SELECT s.schemaname AS schema, s.relname AS name, c.reltuples::float8 AS reltuples,
               s.n_dead_tup::float8 AS dead, s.n_mod_since_analyze::float8 AS changed, s.n_ins_since_vacuum::float8 AS inserted
        FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
        ORDER BY s.relname`,
  );
  const analyzed: string[] = [];
  const vacuumed: string[] = [];
  for (const table of tables) {
    const rows = Math.max(0, Number(table.reltuples));
    const vacuum =
      Number(table.dead) > VACUUM_THRESHOLD + VACUUM_SCALE * rows ||
      Number(table.inserted) > INSERT_THRESHOLD + INSERT_SCALE * rows;
    const analyze = Number(table.reltuples) < 0 || Number(table.changed) > ANALYZE_THRESHOLD + ANALYZE_SCALE * rows;
    if (!vacuum && !analyze) continue;
    const target = `${quoted(table.schema)}.${quoted(table.name)}`;
    // (One statement: VACUUM (ANALYZE) when both are due.)
    await queryRows(db, sql.raw(vacuum ? `VACUUM ${analyze ? "(ANALYZE) " : ""}${target}` : `ANALYZE ${target}`));
    if (vacuum) vacuumed.push(table.name);
    if (analyze) analyzed.push(table.name);
  }
  return { analyzed, vacuumed };
}
