import { HttpError } from "./errors";
import { beforeDeadline, TIMED_OUT } from "../ops/deadline";
import { RateLimiter } from "./rate-limiter";

/** "At most `limit` in a window of `windowMs`" per key: sign-ins, messages, locations, uploads. */
export interface Limiter {
  readonly limit: number;
  /** Counts one and says whether it was allowed (a refused one does not count). */
  take(key: string): Promise<{ allowed: boolean; retryAfter: number }>;
  /** Seconds until `key` may go again, or 0 under the limit; counts nothing. */
  retryAfter(key: string): Promise<number>;
  /** Counts one (for failure counts checked before the attempt). */
  hit(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** What the limits use of a node-redis client. */
interface Multi {
  set(key: string, value: string, options: { PX: number; NX: true }): Multi;
  incr(key: string): Multi;
  pTTL(key: string): Multi;
  get(key: string): Multi;
  exec(): Promise<unknown>;
}
export interface LimitsRedis {
  multi(): Multi;
  del(key: string): Promise<unknown>;
}
type RedisClient = LimitsRedis;

/** One node's memory: enough for a single node. */
class MemoryLimiter implements Limiter {
  private readonly counter: RateLimiter;
  constructor(
    readonly limit: number,
    windowMs: number,
  ) {
    this.counter = new RateLimiter(limit, windowMs);
  }
  async take(key: string) {
    return this.counter.take(key);
  }
  async retryAfter(key: string) {
    return this.counter.retryAfter(key);
  }
  async hit(key: string) {
    this.counter.hit(key);
  }
  async reset(key: string) {
    this.counter.reset(key);
  }
}

/** How long a limit waits for Redis: a Redis that is away (restarting) must not hold a call up for ever. */
export const LIMITS_REDIS_TIMEOUT_MS = 2000;

/** Thrown when Redis did not answer a limit in time: the call answers 503, a socket send "try again". */
export class LimitsUnavailableError extends HttpError {
  constructor() {
    super(503, "The service is briefly unavailable. Please try again in a moment.", { "retry-after": "2" });
    this.name = "LimitsUnavailableError";
  }
}

async function withinTimeout<T>(work: Promise<T>): Promise<T> {
  const result = await beforeDeadline(work, LIMITS_REDIS_TIMEOUT_MS);
  if (result === TIMED_OUT) throw new LimitsUnavailableError();
  return result;
}

/**
 * A fixed window in Redis, shared by every node (a limit holds whichever node a request reaches):
 * the first hit of a window creates the key with the window as its lifetime (SET NX PX), each hit
 * INCRements it.
 */
class RedisLimiter implements Limiter {
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly name: string,
    readonly limit: number,
    private readonly windowMs: number,
  ) {}

  private keyOf(key: string) {
    return `${this.prefix}:limit:${this.name}:${key}`;
  }

  private async count(key: string): Promise<{ count: number; ttlMs: number }> {
    const k = this.keyOf(key);
    const [, count, ttl] = (await withinTimeout(
      this.redis.multi().set(k, "0", { PX: this.windowMs, NX: true }).incr(k).pTTL(k).exec(),
    )) as unknown as [unknown, number, number];
    return { count: Number(count), ttlMs: Number(ttl) };
  }

  async retryAfter(key: string): Promise<number> {
    const k = this.keyOf(key);
    const [count, ttl] = (await withinTimeout(this.redis.multi().get(k).pTTL(k).exec())) as unknown as [
      string | null,
      number,
    ];
    return Number(count ?? 0) >= this.limit && Number(ttl) > 0 ? Number(ttl) / 1000 : 0;
  }

  async take(key: string) {
    const wait = await this.retryAfter(key);
    if (wait > 0) return { allowed: false, retryAfter: wait };
    const { count, ttlMs } = await this.count(key);
    // Two nodes may both pass the check for the last place: the count decides.
    if (count > this.limit) return { allowed: false, retryAfter: Math.max(ttlMs, 1) / 1000 };
    return { allowed: true, retryAfter: 0 };
  }

  async hit(key: string) {
    await this.count(key);
  }

  async reset(key: string) {
    await withinTimeout(this.redis.del(this.keyOf(key)));
  }
}

/**
 * Where every limit lives: in Redis when REDIS_URL is set, so that all nodes count together; in
 * this node's memory otherwise. One limiter per name, so the same limit reached through the API and
 * the socket (a location update) is one count.
 */
export class Limits {
  private readonly made = new Map<string, Limiter>();

  constructor(
    private readonly redis: RedisClient | null,
    private readonly prefix = "vicinity",
  ) {}

  get shared(): boolean {
    return this.redis !== null;
  }

  get(name: string, limit: number, windowMs: number): Limiter {
    const known = this.made.get(name);
    if (known) {
      if (known.limit !== limit) throw new Error(`The limit "${name}" is defined twice with different figures`);
      return known;
    }
    const limiter = this.redis
      ? new RedisLimiter(this.redis, this.prefix, name, limit, windowMs)
      : new MemoryLimiter(limit, windowMs);
    this.made.set(name, limiter);
    return limiter;
  }
}
