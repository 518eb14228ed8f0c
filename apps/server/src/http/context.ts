import type { FastifyReply, FastifyRequest } from "fastify";
import type { Session, SessionStore, SessionUserRow } from "../auth/sessions";
import type { Database, Db } from "../db/database";
import type { ServerConfig } from "../config";
import { forbidden, unauthorized } from "./errors";
import type { Presence } from "../realtime/presence";
import type { MediaStore } from "../media/store";
import type { Participants } from "../messages/service";
import type { Limits } from "./limits";
import type { ServerToClientEvents } from "@vicinity/contract";
import type { MapChanges } from "../map/live";
import type { ActivityRecorder } from "../analytics/recorder";
import type { Mailer } from "../mail/mailer";
import type { Metrics } from "../ops/metrics";

/** Pushes an event to members' open sockets on every node (set when the socket server starts). */
export interface Notifier {
  toUsers<E extends keyof ServerToClientEvents>(userIds: readonly string[], event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
  /** Ends a member's sockets everywhere (account deleted). */
  disconnectUser(userId: string): void;
  /** Tells the sockets that watch an event (its page or list is open) that it changed. */
  toEventWatchers(eventId: string): void;
}

/** What every route module gets. */
export interface AppContext {
  config: ServerConfig;
  database: Database;
  db: Db;
  sessions: SessionStore;
  presence: Presence;
  mediaStore: MediaStore;
  notify: Notifier;
  participants: Participants;
  /** Every rate limit, shared by all nodes through Redis when REDIS_URL is set. */
  limits: Limits;
  /** Live map updates: record what changed; the socket server sends it, batched (issue 10). */
  mapChanges: MapChanges;
  /** What members do, for the admin's analytics (issue 15): recorded without waiting. */
  activity: ActivityRecorder;
  /** Mails (issue 16): through SMTP_URL, or kept under DATA_DIR/mail; sent without waiting. */
  mail: Mailer;
  /** Prometheus metrics of this node (issue 17): /metrics. */
  metrics: Metrics;
}

declare module "fastify" {
  interface FastifyRequest {
    session: Session | null;
    sessionToken: string | undefined;
  }
}

/** A signed-in member, or 401 (nobody) / 403 (a guest) with a readable message. */
export function requireMember(request: FastifyRequest): SessionUserRow {
  const session = request.session;
  if (!session) throw unauthorized();
  if (session.kind !== "member") throw forbidden("Sign up for full access to do this");
  return session.user;
}

export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized();
  return request.session;
}

export function sendOk(reply: FastifyReply) {
  return reply.send({ ok: true });
}
