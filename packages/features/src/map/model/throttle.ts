/**
 * Passes values on at most once per `intervalMs`: the first at once, later ones at the end of the
 * interval (the latest only). For the member's own position: a moving device reports often, the
 * server needs it every MAP_OWN_POSITION_INTERVAL_MS.
 */
export function createThrottle<T>(intervalMs: number, send: (value: T) => void, now: () => number = Date.now) {
  let lastAt = -Infinity;
  let pending: { value: T } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    if (!pending) return;
    const { value } = pending;
    pending = null;
    lastAt = now();
    send(value);
  };
  return {
    push(value: T) {
      const wait = lastAt + intervalMs - now();
      if (wait <= 0 && !timer) {
        lastAt = now();
        send(value);
        return;
      }
      pending = { value };
      if (!timer) timer = setTimeout(flush, Math.max(0, wait));
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}
