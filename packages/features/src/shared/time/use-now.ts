import { useEffect, useState } from "react";

/**
 * The time, refreshed every `intervalMs` while `active` (for "43 more minutes"). It is read when
 * the component mounts: key the component by what it counts down to, so a new countdown starts fresh.
 */
export function useNow(intervalMs: number, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, active]);
  return now;
}
