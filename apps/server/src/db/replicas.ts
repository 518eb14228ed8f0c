import { sql } from "drizzle-orm";
import { queryRows, type Db } from "./db";

/** How often a node asks the primary and each replica how far their logs are. */
export const REPLICA_POLL_MS = 250;

/** The cookie that tells any node when this browser last wrote (a node it did not write through reads it too). */
export const WROTE_COOKIE = "vicinity_wrote";

/** How far apart two nodes' clocks may be for the cookie's time (another node's) to keep read-your-writes. */
export const COOKIE_CLOCK_MARGIN_MS = 1000;

/** A streaming replica as the reads see it. */
export interface Replica {
  /** host:port/database, no credentials: for logs and /metrics. */
  name: string;
  db: Db;
  close(): Promise<void>;
}

export interface ReplicaStatus {
  name: string;
  /** Answered the last poll as a replica in recovery. */
  up: boolean;
  /**
   * How far behind the primary it is: now less the latest time all the primary's commits before it are replayed (one
   * that has replayed nothing sampled yet: now less the first sample's time); null while down or before any sample.
   */
  lagMs: number | null;
}

export interface ReadRoutingOptions {
  /** A replica further behind than this (or down) is skipped: every read goes to the primary. */
  maxLagMs: number;
  pollMs?: number;
  now?: () => number;
  onError?: (message: string) => void;
}

interface ReplicaState {
  replica: Replica;
  up: boolean;
  /** The latest time T such that everything committed on the primary before T is replayed here (0: never). */
  caughtUpTo: number;
  /** Reads sent here since start (tests and /metrics). */
  reads: number;
}

/** An LSN ("16/B374D848") as a number that orders as the log does. */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split("/");
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/** A connection error or a query a standby cancelled (a conflict with recovery): the primary answers instead. */
function isReplicaFailure(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string")
    return code === "40001" || code.startsWith("08") || code.startsWith("57P") || /^E[A-Z]+$/.test(code);
  return error instanceof Error && /connect|terminat|timeout/i.test(error.message);
}

/**
 * Where a read-only query goes: a PostgreSQL streaming replica when one has replayed everything the
 * read must see, the primary otherwise (docs/decisions/0039).
 *
 * Every `pollMs` the node samples the primary's log position (`pg_current_wal_insert_lsn()`, with
 * the time taken just before it: past every commit record written by then, even one committed with
 * synchronous_commit off and not yet flushed) and each replica's replayed position (`pg_last_wal_replay_lsn()`). A
 * replica has caught up to time T once it has replayed the primary's position sampled at T: every
 * commit before T is on it. A read says what it must see as a time, `since`: the member's own last
 * write (read-your-writes: this node's memory, and the `vicinity_wrote` cookie for the others) and
 * the latest write that narrowed who may see whom anywhere (a block, a ban: `fence`). It goes to a
 * replica caught up to `since`; one that is down, not a replica, or further behind than `maxLagMs`
 * is skipped; none left, the primary. A replica that fails mid-query is skipped until it answers a
 * poll again, and the read is run on the primary.
 */
export class ReadRouting {
  private readonly states: ReplicaState[];
  /** The primary's log positions, sampled: [time taken before asking, position]. Oldest first. */
  private samples: Array<[number, bigint]> = [];
  /** When the first sample was taken (0: none yet): a replica up that has replayed none is behind since then at least. */
  private firstSampleAt = 0;
  private fenceAt = 0;
  private readonly writes = new Map<string, number>();
  private turn = 0;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private readonly now: () => number;
  /** Reads the primary answered (none of the replicas could). */
  primaryReads = 0;

  constructor(
    private readonly primary: Db,
    replicas: readonly Replica[],
    private readonly options: ReadRoutingOptions,
  ) {
    this.states = replicas.map((replica) => ({ replica, up: false, caughtUpTo: 0, reads: 0 }));
    this.now = options.now ?? Date.now;
  }

  get hasReplicas(): boolean {
    return this.states.length > 0;
  }

  /** Polls once, then every pollMs. */
  async start(): Promise<void> {
    if (!this.hasReplicas) return;
    await this.poll();
    this.timer = setInterval(() => void this.poll(), this.options.pollMs ?? REPLICA_POLL_MS);
    this.timer.unref();
  }

  /** One poll of the primary and every replica (tests call it instead of waiting). */
  poll(): Promise<void> {
    this.polling ??= this.pollOnce().finally(() => (this.polling = null));
    return this.polling;
  }

  private async pollOnce(): Promise<void> {
    const at = this.now();
    try {
      const [row] = await queryRows<{ lsn: string }>(
        this.primary,
        sql`SELECT pg_current_wal_insert_lsn()::text AS lsn`,
      );
      this.samples.push([at, lsnValue(row!.lsn)]);
      this.firstSampleAt ||= at;
    } catch (error) {
      this.options.onError?.(`primary's log position: ${(error as Error).message}`);
    }
    const keepFrom = at - 2 * this.options.maxLagMs;
    while (this.samples.length > 1 && this.samples[0]![0] < keepFrom) this.samples.shift();
    for (const [user, wrote] of this.writes) if (wrote < keepFrom) this.writes.delete(user);
    await Promise.all(this.states.map((state) => this.pollReplica(state)));
  }

  private async pollReplica(state: ReplicaState): Promise<void> {
    try {
      const [row] = await queryRows<{ lsn: string | null; recovering: boolean }>(
        state.replica.db,
        sql`SELECT pg_last_wal_replay_lsn()::text AS lsn, pg_is_in_recovery() AS recovering`,
      );
      if (!row?.recovering || row.lsn === null) {
        if (state.up || state.caughtUpTo === 0)
          this.options.onError?.(`${state.replica.name} is not a replica in recovery: reads skip it`);
        state.up = false;
        state.caughtUpTo = -1;
        return;
      }
      const replayed = lsnValue(row.lsn);
      for (const [at, position] of this.samples) {
        if (position > replayed) break;
        state.caughtUpTo = Math.max(state.caughtUpTo, at);
      }
      state.up = true;
    } catch (error) {
      if (state.up) this.options.onError?.(`${state.replica.name} is down: ${(error as Error).message}`);
      state.up = false;
    }
  }

  /** A write by this member (or browser) just committed: his reads see it. */
  wrote(userId: string | null | undefined, at = this.now()): void {
    if (userId && this.hasReplicas) this.writes.set(userId, at);
  }

  /** A write that narrows who may see whom just committed (here or, told, on another node): every read sees it. */
  fence(at = this.now()): void {
    this.fenceAt = Math.max(this.fenceAt, at);
  }

  /** What a read by this member (or browser) must see: his last write (`cookie`: the one his browser tells) and every fence. */
  sinceFor(userId: string | null | undefined, cookie?: string | undefined): number {
    const told = Number(cookie);
    // Written by another node's clock: a margin for the two clocks apart, and never past this one's now.
    const fromCookie = Number.isFinite(told) && told > 0 ? Math.min(told + COOKIE_CLOCK_MARGIN_MS, this.now()) : 0;
    return Math.max(this.fenceAt, fromCookie, (userId && this.writes.get(userId)) || 0);
  }

  /** The replica a read that must see `since` goes to, or null for the primary. */
  private pick(since: number): ReplicaState | null {
    const oldest = this.now() - this.options.maxLagMs;
    const fit = this.states.filter((s) => s.up && s.caughtUpTo >= since && s.caughtUpTo >= oldest);
    if (fit.length === 0) return null;
    return fit[this.turn++ % fit.length]!;
  }

  /** Where a read would go now: a replica's name or "primary" (tests, logs). */
  target(since = this.fenceAt): string {
    return this.pick(Math.max(since, this.fenceAt))?.replica.name ?? "primary";
  }

  /**
   * Runs a read-only query where it may go (`since` as `sinceFor` gives it; the fence always holds).
   * `waitMs`: a heavy read that may wait that long for a replica to replay `since` (polled at once)
   * rather than load the primary.
   */
  async read<T>(since: number, work: (db: Db) => Promise<T>, waitMs = 0): Promise<T> {
    let state = this.pick(Math.max(since, this.fenceAt));
    const until = this.now() + waitMs;
    // Only a replica that answers can catch up: none up, the primary answers at once.
    while (!state && this.states.some((s) => s.up) && this.now() < until) {
      await this.poll();
      state = this.pick(Math.max(since, this.fenceAt));
      if (!state) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (state) {
      try {
        const result = await work(state.replica.db);
        state.reads++;
        return result;
      } catch (error) {
        if (!isReplicaFailure(error)) throw error;
        state.up = false;
        this.options.onError?.(`${state.replica.name} failed a read, the primary answers: ${(error as Error).message}`);
      }
    }
    this.primaryReads++;
    return work(this.primary);
  }

  status(): ReplicaStatus[] {
    const now = this.now();
    return this.states.map((s) => ({
      name: s.replica.name,
      up: s.up,
      lagMs: !s.up ? null : s.caughtUpTo > 0 ? Math.max(0, now - s.caughtUpTo) : this.lagSinceFirstSample(now),
    }));
  }

  /**
   * A replica that answers but has replayed no position sampled since this node started (it was behind then, and
   * still is, or it stopped replaying): behind by the time since the first sample at least, growing; not "unknown".
   */
  private lagSinceFirstSample(now: number): number | null {
    return this.firstSampleAt > 0 ? Math.max(0, now - this.firstSampleAt) : null;
  }

  /** Reads each replica answered. */
  readsBy(): Record<string, number> {
    return Object.fromEntries(this.states.map((s) => [s.replica.name, s.reads]));
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.polling?.catch(() => {});
    await Promise.all(this.states.map((s) => s.replica.close()));
  }
}
