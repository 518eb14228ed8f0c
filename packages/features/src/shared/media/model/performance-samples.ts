/** Spec: performance metrics keep the last 10 samples. */
export const PERFORMANCE_SAMPLES_KEPT = 10;

export interface PerformanceSamplesOptions {
  kept?: number;
  /** The clock for measure(); injectable for tests. */
  now?: () => number;
}

/** Recent timings per metric name; only the last few are kept so old behaviour fades out. */
export class PerformanceSamples {
  private readonly byName = new Map<string, number[]>();
  private readonly kept: number;
  private readonly now: () => number;

  constructor(options: PerformanceSamplesOptions = {}) {
    this.kept = Math.max(1, options.kept ?? PERFORMANCE_SAMPLES_KEPT);
    this.now = options.now ?? (() => performance.now());
  }

  record(name: string, ms: number): void {
    // A NaN or infinite sample would poison the average for the next ten samples.
    if (!Number.isFinite(ms)) return;
    let list = this.byName.get(name);
    if (!list) {
      list = [];
      this.byName.set(name, list);
    }
    list.push(ms);
    if (list.length > this.kept) list.splice(0, list.length - this.kept);
  }

  /** The kept samples, oldest first (a copy). */
  samples(name: string): number[] {
    return [...(this.byName.get(name) ?? [])];
  }

  average(name: string): number | undefined {
    const list = this.byName.get(name);
    if (!list || list.length === 0) return undefined;
    return list.reduce((sum, ms) => sum + ms, 0) / list.length;
  }

  last(name: string): number | undefined {
    return this.byName.get(name)?.at(-1);
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  clear(name?: string): void {
    if (name === undefined) this.byName.clear();
    else this.byName.delete(name);
  }

  /**
   * Runs `fn` and records how long it took under `name`; for a promise, until it settles.
   * Failures are timed too, and the error is passed on.
   */
  measure<T>(name: string, fn: () => Promise<T>): Promise<T>;
  measure<T>(name: string, fn: () => T): T;
  measure<T>(name: string, fn: () => T | Promise<T>): T | Promise<T> {
    const start = this.now();
    const done = () => this.record(name, this.now() - start);
    let result: T | Promise<T>;
    try {
      result = fn();
    } catch (error) {
      done();
      throw error;
    }
    if (result instanceof Promise) return result.finally(done);
    done();
    return result;
  }
}
