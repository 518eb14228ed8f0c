import { and, count, eq, gt, ne, sql, type SQL } from "drizzle-orm";
import type { PresenceStatus } from "@vicinity/contract";
import type { Db } from "../db/database";
import { presence, users } from "../db/schema";
import { activeSql } from "../policy/members";

/** Spec section 9: a heartbeat every 5 minutes; a member counts as online within one interval plus a minute's grace. */
export const HEARTBEAT_INTERVAL_MS = 5 * 60 * 1000;
export const ONLINE_WINDOW_MS = HEARTBEAT_INTERVAL_MS + 60 * 1000;

/**
 * "Online now", written once (every surface agrees on who is online): the member's presence row
 * (alias `p` of a LEFT JOIN presence) is not offline and was seen within the window. False when he
 * has no row.
 */
export function onlineNowSql(alias = "p"): SQL {
  const p = sql.raw(alias);
  return sql`coalesce(${p}.status <> 'offline' AND ${p}.last_seen_at > now() - make_interval(secs => ${ONLINE_WINDOW_MS / 1000}), false)`;
}

export interface PresenceChange {
  userId: string;
  status: PresenceStatus;
  lastSeen: Date;
}

/** Who is online: kept in the database so that every server node agrees. */
export class Presence {
  private listeners = new Set<(change: PresenceChange) => void | Promise<void>>();
  /** The listeners' work still running (their pushes): idle() waits for it. */
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  onChange(listener: (change: PresenceChange) => void | Promise<void>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(change: PresenceChange) {
    for (const l of this.listeners) {
      const work = l(change);
      if (work) {
        const tracked = work.catch(() => undefined).finally(() => this.running.delete(tracked));
        this.running.add(tracked);
      }
    }
  }

  /** Resolves once every listener told of a change so far has finished (tests wait for it, not for a time). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  /** Records a sign of life; announces the member when he was offline (or stale) before. */
  async heartbeat(userId: string, status: Exclude<PresenceStatus, "offline"> = "online"): Promise<void> {
    const now = this.now();
    const [before] = await this.db.select().from(presence).where(eq(presence.userId, userId)).limit(1);
    await this.db
      .insert(presence)
      .values({ userId, status, lastSeenAt: now })
      .onConflictDoUpdate({ target: presence.userId, set: { status, lastSeenAt: now } });
    const wasOnline =
      before && before.status !== "offline" && now.getTime() - before.lastSeenAt.getTime() < ONLINE_WINDOW_MS;
    if (!wasOnline || before.status !== status) this.emit({ userId, status, lastSeen: now });
  }

  async markOffline(userId: string): Promise<void> {
    const now = this.now();
    await this.db
      .insert(presence)
      .values({ userId, status: "offline", lastSeenAt: now })
      .onConflictDoUpdate({ target: presence.userId, set: { status: "offline", lastSeenAt: now } });
    this.emit({ userId, status: "offline", lastSeen: now });
  }

  /** Members seen within the heartbeat window (GET /api/users/online-count). */
  async onlineCount(): Promise<number> {
    const since = new Date(this.now().getTime() - ONLINE_WINDOW_MS);
    const [row] = await this.db
      .select({ n: count() })
      .from(presence)
      .innerJoin(users, eq(users.id, presence.userId))
      .where(and(gt(presence.lastSeenAt, since), ne(presence.status, "offline"), activeSql("users")));
    return Number(row?.n ?? 0);
  }
}
