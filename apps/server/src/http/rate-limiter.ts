/**
 * A fixed-window counter per key, in this process's memory. Enough for one node; with several
 * nodes each keeps its own count, so the effective limit is per node (noted in the README).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `key` may try again, or 0 when it is under the limit. Does not count. */
  retryAfter(key: string): number {
    const w = this.windows.get(key);
    if (!w || w.resetAt <= this.now()) return 0;
    return w.count >= this.limit ? (w.resetAt - this.now()) / 1000 : 0;
  }

  /** Counts one hit for `key`. */
  hit(key: string): void {
    const now = this.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      if (this.windows.size > 100_000) this.sweep(now);
      return;
    }
    w.count += 1;
  }

  /** Counts a hit and says whether it was allowed: for "at most N per window" limits. */
  take(key: string): { allowed: boolean; retryAfter: number } {
    const wait = this.retryAfter(key);
    if (wait > 0) return { allowed: false, retryAfter: wait };
    this.hit(key);
    return { allowed: true, retryAfter: 0 };
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}
