import { sql } from "drizzle-orm";
import type { Db } from "../db/database";

/** What the analytics count, as stored in activity_events.kind. */
export const ACTIVITY_KINDS = {
  open: 1,
  signup: 2,
  profileSaved: 3,
  directMessage: 4,
  groupMessage: 5,
  eventHosted: 6,
  rsvp: 7,
  groupJoined: 8,
  report: 9,
  block: 10,
  adImpression: 11,
  adClick: 12,
} as const;
export type ActivityKind = keyof typeof ACTIVITY_KINDS;

interface Pending {
  at: Date;
  kind: number;
  userId: string;
  ref: string | null;
}

/** How often the buffer is written, and how full it may get before it is written at once. */
export const ACTIVITY_FLUSH_MS = 2_000;
const FLUSH_AT = 1_000;
/** A bound on memory if the database is away: older events are dropped (analytics, not records). */
const MAX_PENDING = 50_000;

/**
 * Records activity without making anyone wait: events gather in memory and are written in one
 * statement every 2 seconds. A member's "open" is written once per UTC day per node. If the node
 * dies, at most the last 2 seconds of counts are lost; the members' own data never is.
 */
export class ActivityRecorder {
  private pending: Pending[] = [];
  private readonly opened = new Set<string>();
  private openedDay = "";
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  record(kind: ActivityKind, userId: string, ref: string | null = null): void {
    if (this.pending.length >= MAX_PENDING) this.pending.shift();
    this.pending.push({ at: new Date(), kind: ACTIVITY_KINDS[kind], userId, ref });
    if (this.pending.length >= FLUSH_AT) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), ACTIVITY_FLUSH_MS).unref();
  }

  /** The member opened the app (his page asked who he is, or his socket connected). */
  open(userId: string): void {
    const today = new Date().toISOString().slice(0, 10);
    if (today !== this.openedDay) {
      this.opened.clear();
      this.openedDay = today;
    }
    if (this.opened.has(userId)) return;
    this.opened.add(userId);
    this.record("open", userId);
  }

  /** Writes what is waiting (the roll-up and the tests call it; so does shutdown). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    this.writing = this.writing.then(async () => {
      if (batch.length === 0) return;
      try {
        const rows = sql.join(
          batch.map(
            (e) => sql`(${e.at.toISOString()}::timestamptz, ${e.kind}::smallint, ${e.userId}::uuid, ${e.ref}::uuid)`,
          ),
          sql`, `,
        );
        // A member deleted meanwhile has no row to point at: his events go with him.
        await this.db.execute(sql`
          INSERT INTO activity_events (at, kind, user_id, ref)
          SELECT v.at, v.kind, v.user_id, v.ref FROM (VALUES ${rows}) AS v(at, kind, user_id, ref)
          WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = v.user_id)`);
      } catch (error) {
        this.onError(error);
      }
    });
    return this.writing;
  }

  async close(): Promise<void> {
    await this.flush();
  }
}
