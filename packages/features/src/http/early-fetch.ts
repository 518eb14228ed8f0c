/**
 * A GET started before the code that reads it has arrived (issue 9, item 2: the signed-in home's
 * first load). The first load starts a request its page is about to make, beside the page's own
 * chunks; the page takes that answer instead of asking again. An answer is taken once (a body can
 * be read once) and only while fresh; one nobody takes is dropped.
 */
export const EARLY_FETCH_FRESH_MS = 10_000;

const started = new Map<string, { at: number; response: Promise<Response> }>();

export function fetchEarly(url: string, now = Date.now()): void {
  const response = fetch(url, { credentials: "include" });
  // Whoever takes it sees a failure; nobody taking it is not an error.
  response.catch(() => undefined);
  started.set(url, { at: now, response });
}

/** The answer to `url` started early, if there is a fresh one; it is no longer there afterwards. */
export function takeEarlyFetch(url: string, now = Date.now()): Promise<Response> | null {
  const entry = started.get(url);
  if (!entry) return null;
  started.delete(url);
  return now - entry.at <= EARLY_FETCH_FRESH_MS ? entry.response : null;
}
