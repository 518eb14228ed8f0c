import { parse as pgliteParse, protocol, type PGlite } from "@electric-sql/pglite";

type QueryOptions = NonNullable<Parameters<PGlite["query"]>[2]>;
type Results = Awaited<ReturnType<PGlite["query"]>>;

/** Statements each PGlite database keeps prepared (the app's hot queries are a few dozen texts). */
export const PGLITE_STATEMENT_CACHE_SIZE = 200;

/** SQL that reads or writes rows: what the cache prepares (never DDL, SET, BEGIN, COPY...). */
const CACHEABLE = /^\s*(select|with|insert|update|delete)\b/i;

/**
 * Errors after which the statement is prepared again and the call run once more: PostgreSQL's
 * "cached plan must not change result type" (0A000: a table's columns changed under a prepared
 * `SELECT *`) and "prepared statement does not exist" (26000: a DEALLOCATE ALL).
 */
function isStale(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return (code === "0A000" && /cached plan/.test(String(message))) || code === "26000";
}

interface Statement {
  name: string;
  /** The parameters' types, as PostgreSQL inferred them (how each value is written for it). */
  paramTypes: number[];
}

/** The parameters as PGlite's own query would send them: by the statement's types, with the caller's serializers first. */
function serializeParams(client: PGlite, statement: Statement, params: unknown[], options: QueryOptions | undefined) {
  return params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const type = statement.paramTypes[i] ?? 0;
    const serialize = options?.serializers?.[type] ?? client.serializers[type];
    return serialize ? serialize(value) : String(value);
  });
}

/**
 * A statement cache for PGlite, as PostgreSQL drivers keep one (postgres.js
 * prepares every query by default; bench/api runs the hot reads as named statements through `pg`).
 * PGlite's own `query` parses, describes, binds and runs every call in six calls into its
 * WebAssembly PostgreSQL, and PostgreSQL plans the unnamed statement again each time; planning
 * reads the size of every table and index the query touches (an lseek, an fstat through Node on a
 * data directory): 292 of them for one nearby answer, a fifth of the server's time in bench/api.
 *
 * Here a query that reads or writes rows, outside a transaction, runs as a named statement: parsed
 * and described once, then bound and run in one call; PostgreSQL plans it as it plans any prepared
 * statement (custom plans for the first five runs, then the generic plan when it is not costlier;
 * `plan_cache_mode`). The answer is the one `query` gives: the same serializers for the values, the
 * same parsers and options for the rows, the same errors. At most `size` statements are kept (the
 * least recently used is closed). Queries in a transaction (`transaction`'s own object) and every
 * other call go to PGlite untouched.
 */
export function withStatementCache(client: PGlite, size = PGLITE_STATEMENT_CACHE_SIZE): PGlite {
  const statements = new Map<string, Statement>();
  let counter = 0;

  const close = (name: string) =>
    client.execProtocolStream(
      Buffer.concat([protocol.serialize.close({ type: "S", name }), protocol.serialize.sync()]),
      { syncToFs: false },
    );

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const name = `vicinity_s${++counter}`;
    const messages = await client.execProtocolStream(
      Buffer.concat([
        protocol.serialize.parse({ name, text, types: options?.paramTypes ?? [] }),
        protocol.serialize.describe({ type: "S", name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: pgliteParse.parseDescribeStatementResults(messages) };
    statements.set(text, statement);
    if (statements.size > size) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Statement];
      statements.delete(oldestText);
      await close(oldest.name);
    }
    return statement;
  }

  async function run(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    retried = false,
  ): Promise<Results> {
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last.
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text, options);
    }
    const values = serializeParams(client, statement, params, options);
    try {
      const messages = await client.execProtocolStream(
        Buffer.concat([
          protocol.serialize.bind({ statement: statement.name, values }),
          protocol.serialize.describe({ type: "P" }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
      if (!client.isInTransaction()) await client.syncToFs();
      return (
        pgliteParse.parseResults(messages, client.parsers, options)[0] ?? { rows: [], fields: [], affectedRows: 0 }
      );
    } catch (error) {
      if (!retried && isStale(error)) {
        statements.delete(text);
        // (Closing a statement that does not exist is no error.)
        await close(statement.name);
        return run(text, params, options, true);
      }
      throw error;
    }
  }

  const query = async (text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results> => {
    if (!CACHEABLE.test(text) || options?.blob) return client.query(text, params, options);
    await client._checkReady();
    // The locks `query` takes: after an open transaction, and alone on the connection.
    return client._runExclusiveTransaction(() => client.runExclusive(() => run(text, params, options)));
  };

  return new Proxy(client, {
    get(target, property) {
      if (property === "query") return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
