import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Session, SessionStore, SessionUserRow } from "../auth/sessions";
import type { Database, Db } from "../db/database";
import type { ServerConfig } from "../config";
import { forbidden, unauthorized } from "./errors";
import type { Presence } from "../presence/presence";
import type { MediaStore } from "../media/store";
import type { Participants } from "../messages/service";
import type { Limits } from "./limits";
import type { ServerToClientEvents } from "@vicinity/contract";
import type { MapChanges } from "../map/live";
import type { ActivityRecorder } from "../analytics/recorder";
import type { MailBox, Mailer } from "../mail/mailer";
import type { Metrics } from "../ops/metrics";

/** Pushes an event to members' open sockets on every node. */
export interface Notifier {
  toUsers<E extends keyof ServerToClientEvents>(
    userIds: readonly string[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** As toUsers, but not to some sockets: the one whose event this answers, which has its ack. */
  toUsersBut<E extends keyof ServerToClientEvents>(
    socketIds: string | string[],
    userIds: readonly string[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Ends a member's sockets everywhere (account deleted). */
  disconnectUser(userId: string): void;
  /** Tells the sockets that watch an event (its page or list is open) that it changed. */
  toEventWatchers(eventId: string): void;
}

/** This node's own state, for its health checks. */
export interface NodeState {
  /** True once the node has begun to shut down. */
  closing(): boolean;
  /** The shared limits' Redis link (null without REDIS_URL). */
  redis: { ping(): Promise<string> } | null;
}

/** What every route module gets. */
export interface AppContext {
  node: NodeState;
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
  /** Live map updates: record what changed; the socket server sends it, batched. */
  mapChanges: MapChanges;
  /** What members do, for the admin's analytics: recorded without waiting. */
  activity: ActivityRecorder;
  /** Mails: through SMTP_URL, or kept under DATA_DIR/mail; sent without waiting. */
  mail: Mailer & Partial<MailBox>;
  /** Prometheus metrics of this node: /metrics. */
  metrics: Metrics;
}

declare module "fastify" {
  interface FastifyRequest {
    session: Session | null;
    sessionToken: string | undefined;
    /**
     * The signed-in member who asks. The member and admin route groups guard for one before any
     * handler runs, so their handlers read it as a given; read anywhere else, it answers 401
     * (nobody) or 403 (a guest) with a readable message.
     */
    readonly member: SessionUserRow;
  }
}

/** Gives every request its `member` (read from its session when asked). */
export function decorateMember(app: FastifyInstance) {
  app.decorateRequest("member", {
    getter(this: FastifyRequest): SessionUserRow {
      const session = this.session;
      if (!session) throw unauthorized();
      if (session.kind !== "member") throw forbidden("Sign up for full access to do this");
      return session.user;
    },
  });
}

export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized();
  return request.session;
}

export function sendOk(reply: FastifyReply) {
  return reply.send({ ok: true });
}
