import { eq, or } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Server, type Socket } from "socket.io";
import {
  conversationIdSchema,
  sendMessageSchema,
  socketAuthSchema,
  typingSchema,
  updateLocationEventSchema,
  type Ack,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from "@vicinity/contract";
import type { AppContext } from "../http/context";
import { isAllowedOrigin } from "../app";
import { SESSION_COOKIE, type SessionUserRow } from "../auth/sessions";
import { blocks } from "../db/schema";
import { describeZodError, HttpError } from "../http/errors";
import { storeMessage } from "../messages/service";
import { RateLimiter } from "../http/rate-limiter";
import { saveLocation } from "../location/save-location";
import { LOCATION_UPDATES_PER_MINUTE } from "../users/routes";

interface SocketData {
  user: SessionUserRow;
}

export type VicinitySocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type VicinityIo = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface Realtime {
  io: VicinityIo;
  close(): Promise<void>;
}

export const userRoom = (userId: string) => `user:${userId}`;
export const conversationRoom = (conversationId: string) => `conversation:${conversationId}`;
const MEMBERS_ROOM = "members";

const fail = (message: string): Ack => ({ ok: false, message });

/** The members in a block relationship with `userId`: they never see each other. */
async function blockedPeers(ctx: AppContext, userId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ blocker: blocks.blockerId, blocked: blocks.blockedId })
    .from(blocks)
    .where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
  return rows.map((r) => (r.blocker === userId ? r.blocked : r.blocker));
}


/**
 * socket.io on the same HTTP server (spec section 7, root path). Members only: the session cookie
 * authenticates the handshake, and nothing trusts a user id that a client sends (decisions.md 4).
 */
export async function attachRealtime(app: FastifyInstance, ctx: AppContext): Promise<Realtime> {
  const io: VicinityIo = new Server(app.server, {
    path: "/socket.io",
    serveClient: false,
    cors: { origin: false },
    allowRequest: (req, callback) => {
      const ok = isAllowedOrigin(req.headers.origin, req.headers.host, ctx.config.allowedOrigins);
      callback(ok ? null : "This connection came from another site and was refused", ok);
    },
  });

  let closeAdapter = async () => {};
  if (ctx.config.redisUrl) {
    const { createClient } = await import("redis");
    const { createAdapter } = await import("@socket.io/redis-adapter");
    const pub = createClient({ url: ctx.config.redisUrl });
    const sub = pub.duplicate();
    pub.on("error", (e: unknown) => app.log.warn({ err: e }, "redis publisher error"));
    sub.on("error", (e: unknown) => app.log.warn({ err: e }, "redis subscriber error"));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    closeAdapter = async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    };
  }

  io.use(async (socket, next) => {
    try {
      const cookies = app.parseCookie(socket.request.headers.cookie ?? "");
      const session = await ctx.sessions.read(cookies[SESSION_COOKIE]);
      if (!session || session.kind !== "member") return next(new Error("Sign in to connect"));
      const claimed = socket.handshake.auth as Record<string, unknown> | undefined;
      if (claimed && Object.keys(claimed).length > 0) {
        const parsed = socketAuthSchema.safeParse(claimed);
        if (!parsed.success || parsed.data.userId !== session.user.id || parsed.data.username !== session.user.username) {
          return next(new Error("The socket's auth does not match your session"));
        }
      }
      socket.data.user = session.user;
      next();
    } catch (error) {
      next(error instanceof Error ? error : new Error("Could not authenticate the socket"));
    }
  });

  let closing = false;
  const locationLimiter = new RateLimiter(LOCATION_UPDATES_PER_MINUTE, 60_000);
  const messageLimiter = new RateLimiter(ctx.config.messagesPerMinute, 60_000);
  const typingLimiter = new RateLimiter(60, 60_000);

  ctx.notify = {
    toUsers: (userIds, event, ...args) => {
      if (userIds.length > 0) io.to(userIds.map(userRoom)).emit(event, ...args);
    },
    disconnectUser: (userId) => io.in(userRoom(userId)).disconnectSockets(true),
  };

  io.on("connection", (socket: VicinitySocket) => {
    const me = socket.data.user;
    void socket.join([userRoom(me.id), MEMBERS_ROOM]);
    void ctx.presence.heartbeat(me.id).catch((e: unknown) => app.log.warn(e));

    socket.on("auth", (payload, ack) => {
      const parsed = socketAuthSchema.safeParse(payload);
      if (!parsed.success || parsed.data.userId !== me.id || parsed.data.username !== me.username) {
        ack?.(fail("The socket's auth does not match your session"));
        socket.emit("authError", { message: "The socket's auth does not match your session" });
        socket.disconnect(true);
        return;
      }
      ack?.({ ok: true });
    });

    socket.on("updateLocation", async (payload, ack) => {
      const parsed = updateLocationEventSchema.safeParse(payload);
      if (!parsed.success) return ack?.(fail(describeZodError(parsed.error)));
      if (!locationLimiter.take(me.id).allowed) return ack?.(fail("Location updated too often. Try again in a few seconds."));
      try {
        await saveLocation(ctx.db, me, parsed.data);
        ack?.({ ok: true });
      } catch (error) {
        app.log.error(error);
        ack?.(fail("Could not save your location. Please try again."));
      }
    });

    const membership = (join: boolean) => async (conversationId: unknown, ack?: (result: Ack) => void) => {
      const parsed = conversationIdSchema.safeParse(conversationId);
      if (!parsed.success) return ack?.(fail(describeZodError(parsed.error)));
      if (!(await ctx.participants.of(parsed.data)).includes(me.id)) return ack?.(fail("You are not in this conversation"));
      if (join) await socket.join(conversationRoom(parsed.data));
      else await socket.leave(conversationRoom(parsed.data));
      ack?.({ ok: true });
    };
    socket.on("joinConversation", membership(true));
    socket.on("leaveConversation", membership(false));

    // decisions.md 5: stored before it is acknowledged; the same tempId again answers the same message.
    socket.on("sendMessage", async (payload, ack) => {
      const respond = typeof ack === "function" ? ack : () => undefined;
      const parsed = sendMessageSchema.safeParse(payload);
      if (!parsed.success) return respond(fail(describeZodError(parsed.error)));
      try {
        const { allowed } = messageLimiter.take(me.id);
        if (!allowed) return respond({ ok: false, message: "You are sending messages too fast. Wait a moment and try again.", retry: true });
        const { message, created, recipients } = await storeMessage(ctx.db, ctx.participants, me.id, parsed.data);
        // Every open socket of both members, on every node (his other tabs and devices too).
        if (created) ctx.notify.toUsers([...recipients, me.id], "newMessage", message);
        respond({ ok: true, data: message });
      } catch (error) {
        if (error instanceof HttpError) return respond(fail(error.message));
        app.log.error(error);
        respond({ ok: false, message: "Your message could not be sent. It will be retried.", retry: true });
      }
    });

    socket.on("typing", async (payload) => {
      const parsed = typingSchema.safeParse(payload);
      if (!parsed.success || !typingLimiter.take(me.id).allowed) return;
      try {
        const others = await ctx.participants.othersOf(parsed.data.conversationId, me.id);
        ctx.notify.toUsers(others, "typing", { conversationId: parsed.data.conversationId, userId: me.id, isTyping: parsed.data.isTyping });
      } catch {
        // Not his conversation: nothing to tell anyone.
      }
    });

    socket.on("disconnect", async () => {
      // A node shutting down leaves presence to the others (and its Redis link is going).
      if (closing) return;
      // Offline only when his last socket, on any node, is gone.
      const remaining = await io.in(userRoom(me.id)).fetchSockets().catch(() => []);
      if (remaining.length === 0) await ctx.presence.markOffline(me.id).catch((e: unknown) => app.log.warn(e));
    });
  });

  const unsubscribe = ctx.presence.onChange(async ({ userId, status, lastSeen }) => {
    try {
      const hidden = await blockedPeers(ctx, userId);
      // The node may have begun to close while the blocks were read: its Redis link is going.
      if (closing) return;
      io.to(MEMBERS_ROOM)
        .except([userRoom(userId), ...hidden.map(userRoom)])
        .emit("userOnlineStatusUpdate", { userId, status, lastSeen: lastSeen.toISOString() });
    } catch (error) {
      app.log.warn(error);
    }
  });

  return {
    io,
    async close() {
      closing = true;
      // Sends still finishing on this node must not publish through a closed Redis link.
      ctx.notify = { toUsers: () => undefined, disconnectUser: () => undefined };
      unsubscribe();
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await closeAdapter();
    },
  };
}
