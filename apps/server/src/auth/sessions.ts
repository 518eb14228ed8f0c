import { createHmac, randomBytes } from "node:crypto";
import { and, desc, eq, gt, inArray, isNotNull, lt, ne, or, sql } from "drizzle-orm";
import { activeSql, isActive } from "../policy/members";
import type { Db } from "../db/database";
import { sessions, users } from "../db/schema";

export const SESSION_COOKIE = "vicinity_sid";
/** decisions.md 9: idle expiry on the server (heartbeats every 5 min keep a visible tab alive). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** decisions.md 9: absolute lifetime 30 days. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * How long a socket takes its session's liveness as known without asking the database again
 * (`SessionStore.liveness`): endings close sockets at once anyway; this bounds what a lost message
 * between nodes could leave open.
 */
export const SESSION_ALIVE_KNOWN_MS = 5_000;
/** Writing last_active_at at most this often per session keeps reads cheap. */
const TOUCH_EVERY_MS = 60 * 1000;

/**
 * When a session ends by itself: at the end of its lifetime or SESSION_IDLE_MS after its last
 * activity, whichever comes first (ms since the epoch). Every check of a session's time uses it.
 */
export function sessionEndsAt(session: { expiresAt: Date; lastActiveAt: Date }): number {
  return Math.min(session.expiresAt.getTime(), session.lastActiveAt.getTime() + SESSION_IDLE_MS);
}

/**
 * Its holder may still use the session: a guest, or a member who exists and is not suspended
 * (`users` left-joined on the session's member). The SQL twin of read()'s `isActive(user)`.
 */
const holderMayUse = () => or(eq(sessions.kind, "guest"), and(isNotNull(users.id), activeSql("users")));

export type SessionUserRow = typeof users.$inferSelect;

export type Session =
  | { kind: "member"; idHash: string; user: SessionUserRow }
  | { kind: "guest"; idHash: string; guestId: string; guestAge: number };

/** Told the stored keys of sessions that just ended, so that their sockets close at once on every node. */
export type SessionsEndedListener = (idHashes: string[]) => void;

export class SessionStore {
  private readonly endedListeners = new Set<SessionsEndedListener>();

  /**
   * The read at the start of every call, built once and run as a named prepared statement (planned
   * once per connection on PostgreSQL; bench/api).
   */
  private readonly readStatement;

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.readStatement = db
      .select({ session: sessions, user: users })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.idHash, sql.placeholder("idHash")))
      .limit(1)
      .prepare("session_read");
  }

  /** The stored key of a token: an HMAC, so neither a leaked table nor a guessed hash is a session. */
  private keyOf(token: string): string {
    return createHmac("sha256", this.secret).update(token).digest("base64url");
  }

  /** Every ending of a session (logout, password change, deletion, expiry, a new sign-in) is told here. */
  onEnded(listener: SessionsEndedListener): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  private ended(idHashes: string[]): void {
    if (idHashes.length === 0) return;
    for (const listener of this.endedListeners) listener(idHashes);
  }

  /** The stored key of a token (sockets remember their session by it). */
  idHashOf(token: string): string {
    return this.keyOf(token);
  }

  /**
   * Which of these sessions are still alive (not ended, idle or expired, their member not suspended
   * or deleted). Does not keep them alive: a socket's events are not a sign of a person at the screen.
   */
  async aliveAmong(idHashes: readonly string[]): Promise<Set<string>> {
    if (idHashes.length === 0) return new Set();
    const now = this.now().getTime();
    const rows = await this.db
      .select({ idHash: sessions.idHash, expiresAt: sessions.expiresAt, lastActiveAt: sessions.lastActiveAt })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(and(inArray(sessions.idHash, [...idHashes]), holderMayUse()));
    return new Set(rows.filter((row) => sessionEndsAt(row) > now).map((row) => row.idHash));
  }

  /**
   * The check a socket runs before each of its events: is its session still alive? It asks the
   * database once, then answers from what it learnt until the session's own end (its idle limit or
   * lifetime, whichever comes first) or for SESSION_ALIVE_KNOWN_MS, whichever is sooner. An
   * ending by anyone (logout, sign-out everywhere, password change or reset, suspension, deletion)
   * closes the session's sockets at once on every node through `onEnded`; the database is asked
   * again only to catch what that could miss (a node that lost Redis for a moment). At one event a
   * second per socket, this is one query in SESSION_ALIVE_KNOWN_MS seconds instead of one a second.
   */
  liveness(idHash: string): () => Promise<boolean> {
    let knownUntil = 0;
    return async () => {
      const now = this.now().getTime();
      if (now < knownUntil) return true;
      const [row] = await this.db
        .select({ expiresAt: sessions.expiresAt, lastActiveAt: sessions.lastActiveAt })
        .from(sessions)
        .leftJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.idHash, idHash), holderMayUse()))
        .limit(1);
      const endsAt = row ? sessionEndsAt(row) : Number.NEGATIVE_INFINITY;
      if (endsAt <= now) return false;
      knownUntil = Math.min(endsAt, now + SESSION_ALIVE_KNOWN_MS);
      return true;
    };
  }

  /** A new session: 128 random bits, returned once as the cookie's value. */
  async create(
    input: ({ kind: "member"; userId: string } | { kind: "guest"; guestId: string; guestAge: number }) & {
      device?: string | null;
    },
  ): Promise<string> {
    const token = randomBytes(16).toString("base64url");
    const now = this.now();
    await this.db.insert(sessions).values({
      idHash: this.keyOf(token),
      kind: input.kind,
      userId: input.kind === "member" ? input.userId : null,
      guestId: input.kind === "guest" ? input.guestId : null,
      guestAge: input.kind === "guest" ? input.guestAge : null,
      device: input.device ?? null,
      createdAt: now,
      lastActiveAt: now,
      expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    });
    return token;
  }

  /** The live session of a token, or null (unknown, idle too long, past its lifetime, or suspended). */
  async read(token: string | undefined): Promise<Session | null> {
    if (!token || token.length > 64) return null;
    const idHash = this.keyOf(token);
    const rows = await this.readStatement.execute({ idHash });
    const row = rows[0];
    if (!row) return null;
    const now = this.now().getTime();
    const { session, user } = row;
    if (sessionEndsAt(session) <= now) {
      await this.db.delete(sessions).where(eq(sessions.idHash, idHash));
      this.ended([idHash]);
      return null;
    }
    if (session.kind === "member" && (!user || !isActive(user))) return null;
    if (now - session.lastActiveAt.getTime() > TOUCH_EVERY_MS) {
      await this.db
        .update(sessions)
        .set({ lastActiveAt: new Date(now) })
        .where(eq(sessions.idHash, idHash));
    }
    if (session.kind === "member" && user) return { kind: "member", idHash, user };
    return { kind: "guest", idHash, guestId: session.guestId ?? "anon_unknown", guestAge: session.guestAge ?? 25 };
  }

  /** Keeps a session alive (heartbeat). */
  async touch(idHash: string): Promise<void> {
    await this.db.update(sessions).set({ lastActiveAt: this.now() }).where(eq(sessions.idHash, idHash));
  }

  async destroy(token: string | undefined): Promise<void> {
    if (!token || token.length > 64) return;
    const idHash = this.keyOf(token);
    await this.db.delete(sessions).where(eq(sessions.idHash, idHash));
    // Told even when no row was there: another node may still hold a socket of it.
    this.ended([idHash]);
  }

  async destroyAllOf(userId: string): Promise<void> {
    const gone = await this.db
      .delete(sessions)
      .where(eq(sessions.userId, userId))
      .returning({ idHash: sessions.idHash });
    this.ended(gone.map((r) => r.idHash));
  }

  /** Signs the member out everywhere but here (after a password change). */
  async destroyOthersOf(userId: string, keepIdHash: string): Promise<void> {
    const gone = await this.db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash)))
      .returning({ idHash: sessions.idHash });
    this.ended(gone.map((r) => r.idHash));
  }

  /** The member's live sessions, the most recently active first (his list of signed-in devices). */
  async listOf(userId: string) {
    const now = this.now();
    return this.db
      .select({
        idHash: sessions.idHash,
        device: sessions.device,
        latitude: sessions.snappedLatitude,
        longitude: sessions.snappedLongitude,
        createdAt: sessions.createdAt,
        lastActiveAt: sessions.lastActiveAt,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          gt(sessions.expiresAt, now),
          gt(sessions.lastActiveAt, new Date(now.getTime() - SESSION_IDLE_MS)),
        ),
      )
      .orderBy(desc(sessions.lastActiveAt));
  }

  /** Where he last shared his (snapped) position from this session. */
  async placeSeen(idHash: string, position: { latitude: number; longitude: number }): Promise<void> {
    await this.db
      .update(sessions)
      .set({ snappedLatitude: position.latitude, snappedLongitude: position.longitude })
      .where(eq(sessions.idHash, idHash));
  }

  /** Ends one of the member's sessions (from his list of devices); false when it was not his or had ended. */
  async destroyOneOf(userId: string, idHash: string): Promise<boolean> {
    const gone = await this.db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.idHash, idHash)))
      .returning({ idHash: sessions.idHash });
    this.ended(gone.map((r) => r.idHash));
    return gone.length > 0;
  }

  /** Removes expired sessions (run periodically). */
  async sweep(): Promise<void> {
    const now = this.now();
    const gone = await this.db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, now), lt(sessions.lastActiveAt, new Date(now.getTime() - SESSION_IDLE_MS))))
      .returning({ idHash: sessions.idHash });
    this.ended(gone.map((r) => r.idHash));
  }
}
