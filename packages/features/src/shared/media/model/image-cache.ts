/** Spec, image cache: up to 50 entries, valid 1 hour, cleaned every 10 minutes, oldest evicted when full. */
export const IMAGE_CACHE_MAX_ENTRIES = 50;
export const IMAGE_CACHE_TTL_MS = 60 * 60 * 1000;
export const IMAGE_CACHE_CLEANUP_MS = 10 * 60 * 1000;

/** Spec, image cache entry: url, blob, objectUrl, timestamp. */
export interface ImageCacheEntry {
  url: string;
  blob: Blob;
  objectUrl: string;
  /** When the picture was stored (ms, from `now`). */
  timestamp: number;
}

export interface ImageCacheOptions {
  maxEntries?: number;
  ttlMs?: number;
  cleanupIntervalMs?: number;
  fetcher?: (input: string, init?: RequestInit) => Promise<Response>;
  now?: () => number;
  createObjectURL?: (blob: Blob) => string;
  revokeObjectURL?: (objectUrl: string) => void;
}

// The globals are looked up at call time (not captured at import), so this module loads
// during SSR and tests can stub them; `fetch` must also be called unbound from `window`.
const defaultFetcher = (input: string, init?: RequestInit) => fetch(input, init);
const defaultCreateObjectURL = (blob: Blob) => URL.createObjectURL(blob);
const defaultRevokeObjectURL = (objectUrl: string) => URL.revokeObjectURL(objectUrl);

/** URLs that already live in memory: fetching them again would only copy them. */
const IN_MEMORY_URL = /^(data|blob):/i;

/**
 * Keeps fetched pictures as object URLs so the same picture is not downloaded again while it
 * is shown in several places. Failure never hides a picture: the original URL is answered.
 */
export class ImageCache {
  private readonly entries = new Map<string, ImageCacheEntry>();
  private readonly inFlight = new Map<string, Promise<string>>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly cleanupIntervalMs: number;
  private readonly fetcher: NonNullable<ImageCacheOptions["fetcher"]>;
  private readonly now: () => number;
  private readonly createObjectURL: (blob: Blob) => string;
  private readonly revokeObjectURL: (objectUrl: string) => void;
  private timer: ReturnType<typeof setInterval> | undefined;
  // Bumped by clear(): a fetch started before it must not refill the emptied cache.
  private generation = 0;

  constructor(options: ImageCacheOptions = {}) {
    this.maxEntries = Math.max(1, options.maxEntries ?? IMAGE_CACHE_MAX_ENTRIES);
    this.ttlMs = options.ttlMs ?? IMAGE_CACHE_TTL_MS;
    this.cleanupIntervalMs = options.cleanupIntervalMs ?? IMAGE_CACHE_CLEANUP_MS;
    this.fetcher = options.fetcher ?? defaultFetcher;
    this.now = options.now ?? Date.now;
    this.createObjectURL = options.createObjectURL ?? defaultCreateObjectURL;
    this.revokeObjectURL = options.revokeObjectURL ?? defaultRevokeObjectURL;
  }

  get size(): number {
    return this.entries.size;
  }

  get started(): boolean {
    return this.timer !== undefined;
  }

  /** The cached object URL if still fresh, without fetching (lets a render show it at once). */
  peek(url: string): string | undefined {
    const entry = this.entries.get(url);
    return entry && !this.isExpired(entry) ? entry.objectUrl : undefined;
  }

  /** The object URL for `url`, fetching it once if needed; the original URL if that fails. */
  get(url: string): Promise<string> {
    if (IN_MEMORY_URL.test(url)) return Promise.resolve(url);
    const entry = this.entries.get(url);
    if (entry) {
      if (!this.isExpired(entry)) return Promise.resolve(entry.objectUrl);
      this.remove(url);
    }
    const pending = this.inFlight.get(url);
    if (pending) return pending;
    const request = this.load(url).finally(() => this.inFlight.delete(url));
    this.inFlight.set(url, request);
    return request;
  }

  /** Drops expired entries and frees their object URLs. */
  cleanup(): void {
    for (const [url, entry] of this.entries) {
      if (this.isExpired(entry)) this.remove(url);
    }
  }

  /** Starts the periodic cleanup; calling it again does nothing. */
  start(): void {
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => this.cleanup(), this.cleanupIntervalMs);
  }

  stop(): void {
    if (this.timer === undefined) return;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Empties the cache and frees every object URL. */
  clear(): void {
    this.generation += 1;
    for (const entry of this.entries.values()) this.revokeObjectURL(entry.objectUrl);
    this.entries.clear();
    this.inFlight.clear();
  }

  private isExpired(entry: ImageCacheEntry): boolean {
    return this.now() - entry.timestamp >= this.ttlMs;
  }

  private remove(url: string): void {
    const entry = this.entries.get(url);
    if (!entry) return;
    this.entries.delete(url);
    this.revokeObjectURL(entry.objectUrl);
  }

  private async load(url: string): Promise<string> {
    const generation = this.generation;
    let blob: Blob;
    try {
      // Our pictures may need the session cookie (guests see thumbnails only).
      const response = await this.fetcher(url, { credentials: "include" });
      if (!response.ok) return url;
      blob = await response.blob();
    } catch {
      return url; // Spec: on fetch failure the original URL is used.
    }
    if (generation !== this.generation) return url;

    let objectUrl: string;
    try {
      objectUrl = this.createObjectURL(blob);
    } catch {
      return url;
    }
    // Map order is insertion order, which is timestamp order: the first key is the oldest.
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.remove(oldest.value);
    }
    this.entries.set(url, { url, blob, objectUrl, timestamp: this.now() });
    return objectUrl;
  }
}
