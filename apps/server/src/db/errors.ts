/**
 * What a database error is, whichever engine and wrapper reported it: pg and PGlite give
 * PostgreSQL's SQLSTATE as `code`, Drizzle wraps them (the original as `cause`), and a refused or
 * cut connection is a Node error (ECONNREFUSED, ECONNRESET) or pg's own message.
 */
function codesOf(error: unknown): Array<{ code?: unknown; message?: unknown }> {
  const chain: Array<{ code?: unknown; message?: unknown }> = [];
  for (let e: unknown = error; e && typeof e === "object" && chain.length < 5; e = (e as { cause?: unknown }).cause) {
    chain.push(e as { code?: unknown; message?: unknown });
  }
  return chain;
}

/** PostgreSQL's 40001: a repeatable-read or serializable transaction lost to another. */
export function isSerializationFailure(error: unknown): boolean {
  return codesOf(error).some((e) => e.code === "40001");
}

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|Client has encountered a connection error|Cannot use a pool after calling end/i;

/**
 * Whether the database is unreachable for now (restarting, refusing connections, too many of
 * them), rather than the query being wrong: the request gets a 503 and may be tried again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return codesOf(error).some(
    (e) =>
      (typeof e.code === "string" && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith("08"))) ||
      (typeof e.message === "string" && UNAVAILABLE_MESSAGES.test(e.message)),
  );
}
