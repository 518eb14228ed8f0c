/** What `beforeDeadline` answers when the time ran out first. */
export const TIMED_OUT: unique symbol = Symbol("timed out");

/**
 * What `work` settles to (its value, or its rejection), or TIMED_OUT when `ms` pass first. The
 * timer ends with the race, so a deadline never holds the process open. Shared by every wait that
 * something away (Redis, the database, a socket's last packets) must not hold up for ever.
 */
export async function beforeDeadline<T>(work: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(() => resolve(TIMED_OUT), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
