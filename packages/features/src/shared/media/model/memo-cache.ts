/** Spec: the memo cache holds at most 100 entries. */
export const MEMO_CACHE_MAX_ENTRIES = 100;

/**
 * A bounded least-recently-used map: reading an entry makes it the newest, and when full the
 * entry unused for longest goes, so memoised work cannot grow memory without limit.
 */
export class MemoCache<K, V> {
  // Map keeps insertion order; re-inserting on use keeps the least recently used first.
  private readonly map = new Map<K, V>();

  constructor(readonly maxEntries: number = MEMO_CACHE_MAX_ENTRIES) {
    if (!(maxEntries >= 1)) throw new RangeError("maxEntries must be at least 1");
  }

  get size(): number {
    return this.map.size;
  }

  /** Whether `key` is held, without refreshing it (values may themselves be undefined). */
  has(key: K): boolean {
    return this.map.has(key);
  }

  get(key: K): V | undefined {
    if (!this.map.has(key)) return undefined;
    const value = this.map.get(key) as V;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  set(key: K, value: V): this {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.maxEntries) {
      const oldest = this.map.keys().next();
      if (oldest.done) break;
      this.map.delete(oldest.value);
    }
    return this;
  }

  delete(key: K): boolean {
    return this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }
}

export type Memoized<A extends unknown[], R> = ((...args: A) => R) & { readonly cache: MemoCache<unknown, R> };

// One argument is its own key (objects by identity); several are keyed by their JSON.
const defaultKeyOf = (...args: unknown[]): unknown => (args.length === 1 ? args[0] : JSON.stringify(args));

/**
 * Caches `fn`'s results by `keyOf(...args)` in a bounded MemoCache.
 * A rejected promise is forgotten, so a failure is retried rather than remembered.
 */
export function memoize<A extends unknown[], R>(
  fn: (...args: A) => R,
  keyOf: (...args: A) => unknown = defaultKeyOf,
  maxEntries: number = MEMO_CACHE_MAX_ENTRIES,
): Memoized<A, R> {
  const cache = new MemoCache<unknown, R>(maxEntries);
  const memoized = (...args: A): R => {
    const key = keyOf(...args);
    if (cache.has(key)) return cache.get(key) as R;
    const result = fn(...args);
    cache.set(key, result);
    if (result instanceof Promise) {
      result.catch(() => {
        // Only forget it if a newer result has not replaced it meanwhile.
        if (cache.has(key) && cache.get(key) === result) cache.delete(key);
      });
    }
    return result;
  };
  return Object.assign(memoized, { cache });
}
