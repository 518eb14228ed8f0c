import type { FastifyInstance } from "fastify";
import { beforeDeadline } from "../ops/deadline";
import { closeRedis } from "../ops/redis-link";
import { Server, type Socket } from "socket.io";
import { z } from "zod";
import {
  conversationIdSchema,
  sendMessageSchema,
  socketAuthSchema,
  SOCKET_SIGN_IN_REQUIRED,
  typingSchema,
  updateLocationEventSchema,
  mapSubscribeSchema,
  mapTileKeySchema,
  watchEventsSchema,
  type Ack,
  type MapArea,
  type Message,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from "@vicinity/contract";
import type { AppContext } from "../http/context";
import { isAllowedOrigin } from "../http/origin";
import { SESSION_COOKIE, type SessionUserRow } from "../auth/sessions";
import { HttpError } from "../http/errors";
import { storeMessage } from "../messages/service";
import { saveLocation } from "../location/save-location";
import { LOCATION_UPDATES_PER_MINUTE } from "../users/routes";
import { blockedPeersOf, withoutBlocked } from "../policy/blocks";
import { onEvent, type HandlerGuards } from "./handlers";
import { mapArea } from "../map/area";
import type { MapSubscriber } from "../map/live";
import { checkTileSpan, MAP_SUBSCRIBES_PER_MINUTE, mapViewerOf } from "../map/routes";
import { memberAsViewer, type Viewer } from "../policy/viewer";
import { visibleEventIds } from "../policy/events";
import { pushesAbout } from "../policy/members";

interface SocketData {
  user: SessionUserRow;
  /** Who this socket's member is to the policy (policy/viewer.ts), resolved at the handshake. */
  viewer: Viewer;
  /** The stored key of the session that opened the socket: the socket lives only as long as it. */
  sessionId: string;
}

/** How often a node re-checks the sessions of its sockets (expiry, suspension) besides every event. */
export const SESSION_RECHECK_MS = 30_000;

/** How long a closing node waits for the socket events it is handling (a database that hangs cannot hold a deploy). */
const DRAIN_LIMIT_MS = 10_000;

/** How long it waits for its sockets' last packets to be written. */
const FLUSH_LIMIT_MS = 2_000;

/** What the nodes tell each other (io.serverSideEmit, carried by the Redis adapter). */
interface ServerSideEvents {
  participantsChanged: (conversationId: string) => void;
  /** Map tiles where something changed (issue 10): each node tells its own subscribers. */
  mapTilesChanged: (tiles: string[]) => void;
}

export type VicinitySocket = Socket<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;
export type VicinityIo = Server<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;

export interface Realtime {
  io: VicinityIo;
  /** Resolves once no socket event is being handled on this node (tests wait for it, not for a time). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export const userRoom = (userId: string) => `user:${userId}`;
export const conversationRoom = (conversationId: string) => `conversation:${conversationId}`;
export const sessionRoom = (idHash: string) => `session:${idHash}`;
export const eventRoom = (eventId: string) => `event:${eventId}`;
const MEMBERS_ROOM = "members";

const fail = (message: string): Ack => ({ ok: false, message });

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

  let closing = false;
  // The events this node is handling: its shutdown lets them finish (their pushes and answers) first.
  let inFlight = 0;
  let drained: (() => void) | null = null;
  let idleWaiters: Array<() => void> = [];
  const enter = () => {
    if (closing) return null;
    inFlight += 1;
    return () => {
      inFlight -= 1;
      if (inFlight === 0) {
        drained?.();
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const w of waiters) w();
      }
    };
  };
  let closeAdapter = async () => {};
  if (ctx.config.redisUrl) {
    const { createClient } = await import("redis");
    const { createAdapter } = await import("@socket.io/redis-adapter");
    const pub = createClient({ url: ctx.config.redisUrl });
    const sub = pub.duplicate();
    pub.on("error", (e: unknown) => app.log.warn({ err: e }, "redis publisher error"));
    sub.on("error", (e: unknown) => app.log.warn({ err: e }, "redis subscriber error"));
    await Promise.all([pub.connect(), sub.connect()]);
    // The adapter answers other nodes' requests (fetchSockets) without awaiting its publish: an
    // answer that finishes while this node closes would reject with "The client is closed" and
    // nobody to catch it. A failed publish is logged here instead (while the node is open).
    const publish = pub.publish.bind(pub) as (...args: unknown[]) => Promise<number>;
    (pub as unknown as { publish: (...args: unknown[]) => Promise<number> }).publish = (...args) => {
      const failed = (error: unknown) => {
        if (!closing) app.log.warn({ err: error }, "redis publish failed");
        return 0;
      };
      try {
        return publish(...args).catch(failed);
      } catch (error) {
        return Promise.resolve(failed(error));
      }
    };
    // The adapter's channels under the deployment's prefix (REDIS_PREFIX), as every other key:
    // with the adapter's default ("socket.io"), every app on one Redis was one cluster, and one's
    // broadcasts and disconnects reached the others' sockets.
    io.adapter(createAdapter(pub, sub, { key: `${ctx.config.redisPrefix}:socket.io` }));
    closeAdapter = async () => {
      await Promise.all([closeRedis(pub), closeRedis(sub)]);
    };
  }

  io.use(async (socket, next) => {
    try {
      const cookies = app.parseCookie(socket.request.headers.cookie ?? "");
      const session = await ctx.sessions.read(cookies[SESSION_COOKIE]);
      if (!session || session.kind !== "member") return next(new Error(SOCKET_SIGN_IN_REQUIRED));
      socket.data.sessionId = session.idHash;
      const claimed = socket.handshake.auth as Record<string, unknown> | undefined;
      if (claimed && Object.keys(claimed).length > 0) {
        const parsed = socketAuthSchema.safeParse(claimed);
        if (!parsed.success || parsed.data.userId !== session.user.id || parsed.data.username !== session.user.username) {
          return next(new Error("The socket's auth does not match your session"));
        }
      }
      socket.data.user = session.user;
      socket.data.viewer = memberAsViewer(ctx.db, session.user);
      next();
    } catch (error) {
      next(error instanceof Error ? error : new Error("Could not authenticate the socket"));
    }
  });

  const locationLimiter = ctx.limits.get("location", LOCATION_UPDATES_PER_MINUTE, 60_000);
  const messageLimiter = ctx.limits.get("messages", ctx.config.messagesPerMinute, 60_000);
  const typingLimiter = ctx.limits.get("typing", 60, 60_000);
  const mapSubscribeLimiter = ctx.limits.get("map-subscribe", MAP_SUBSCRIBES_PER_MINUTE, 60_000);

  // A membership change on any node: every other node forgets its remembered participants.
  ctx.participants.announce = (conversationId) => {
    // One node alone (no Redis adapter) has nobody to tell: the in-memory adapter refuses serverSideEmit.
    if (!closing && ctx.config.redisUrl) io.serverSideEmit("participantsChanged", conversationId);
  };
  io.on("participantsChanged", (conversationId) => ctx.participants.forget(conversationId));
  ctx.mapChanges.broadcast = (tiles) => {
    if (!closing && ctx.config.redisUrl) io.serverSideEmit("mapTilesChanged", tiles);
  };
  io.on("mapTilesChanged", (tiles) => {
    // Only tile keys pass (the Redis channel is ours, but a key is cheap to check).
    const valid = Array.isArray(tiles) ? tiles.filter((t) => mapTileKeySchema.safeParse(t).success) : [];
    if (valid.length > 0) ctx.mapChanges.tilesChangedElsewhere(valid);
  });

  ctx.notify = {
    toUsers: (userIds, event, ...args) => {
      if (userIds.length > 0) io.to(userIds.map(userRoom)).emit(event, ...args);
    },
    disconnectUser: (userId) => io.in(userRoom(userId)).disconnectSockets(true),
    toEventWatchers: (eventId) => {
      if (!closing) io.to(eventRoom(eventId)).emit("eventChanged", { eventId });
    },
  };

  // A session that ends (logout, password change, deletion, expiry, a new sign-in) takes its
  // sockets with it at once, on every node (the adapter carries the room's disconnect).
  const stopListening = ctx.sessions.onEnded((idHashes) => {
    if (closing) return;
    io.in(idHashes.map(sessionRoom)).disconnectSockets(true);
  });
  // Expiry and suspension end a session without an event: each node re-checks its own sockets.
  const recheck = setInterval(() => {
    const local = [...io.of("/").sockets.values()];
    const ids = [...new Set(local.map((s) => s.data.sessionId))];
    if (ids.length === 0 || closing) return;
    ctx.sessions
      .aliveAmong(ids)
      .then((alive) => {
        for (const s of local) if (!alive.has(s.data.sessionId)) s.disconnect(true);
      })
      .catch((e: unknown) => app.log.warn(e));
  }, SESSION_RECHECK_MS);
  recheck.unref();

  io.on("connection", (socket: VicinitySocket) => {
    const me = socket.data.user;
    void socket.join([userRoom(me.id), sessionRoom(socket.data.sessionId), MEMBERS_ROOM]);
    void ctx.presence.heartbeat(me.id).catch((e: unknown) => app.log.warn(e));
    ctx.activity.open(me.id);

    const guards: HandlerGuards = {
      log: app.log,
      sessionAlive: () => ctx.sessions.isAlive(socket.data.sessionId),
      onSessionEnded: () => void socket.disconnect(true),
      enter,
    };

    onEvent(socket, "auth", z.unknown(), guards, (payload) => {
      const parsed = socketAuthSchema.safeParse(payload);
      if (!parsed.success || parsed.data.userId !== me.id || parsed.data.username !== me.username) {
        socket.emit("authError", { message: "The socket's auth does not match your session" });
        // The refusal is answered before the socket closes.
        setImmediate(() => socket.disconnect(true));
        return fail("The socket's auth does not match your session");
      }
      return { ok: true };
    });

    onEvent(socket, "updateLocation", updateLocationEventSchema, guards, async (position) => {
      if (!(await locationLimiter.take(me.id)).allowed) return fail("Location updated too often. Try again in a few seconds.");
      const { before, snapped } = await saveLocation(ctx.db, me, position);
      ctx.mapChanges.memberChanged(me.id, before);
      if (socket.data.sessionId) await ctx.sessions.placeSeen(socket.data.sessionId, snapped);
      return { ok: true };
    });

    const membership = (join: boolean) => async (conversationId: string) => {
      if (!(await ctx.participants.of(conversationId)).includes(me.id)) return fail("You are not in this conversation");
      if (join) await socket.join(conversationRoom(conversationId));
      else await socket.leave(conversationRoom(conversationId));
      return { ok: true } as const;
    };
    // The live map (issue 10): the tiles this socket looks at; their changes come as `mapTiles`.
    let mapTiles = new Set<string>();
    let stopMap: (() => void) | null = null;
    let mapSubscriber: MapSubscriber | null = null;
    onEvent(socket, "mapSubscribe", mapSubscribeSchema, guards, async ({ tiles }) => {
      if (!(await mapSubscribeLimiter.take(me.id)).allowed) return { ok: false, message: "The map is asking too often. Wait a moment.", retry: true, rateLimited: true };
      if (tiles.length > 0) checkTileSpan(tiles);
      if (tiles.length > 0 && new Set(tiles.map((t) => t.split("/")[0])).size > 1) return fail("all tiles must be of one level");
      mapTiles = new Set(tiles);
      if (tiles.length === 0) {
        stopMap?.();
        stopMap = null;
        mapSubscriber = null;
      } else {
        if (!mapSubscriber) {
          const subscriber = {
            get tiles() {
              return mapTiles;
            },
            load: async (changed: string[]) => mapArea(ctx.db, await mapViewerOf(ctx.db, socket.data.viewer), changed),
            send: (area: MapArea) => void socket.emit("mapTiles", area),
          };
          mapSubscriber = subscriber;
          stopMap = ctx.mapChanges.subscribe(subscriber);
        }
        // What the client fetched as it subscribed: later pushes carry only what differs from it.
        await ctx.mapChanges.baseline(mapSubscriber, tiles);
      }
      return { ok: true };
    });

    // Events on open pages (issue 11): the socket watches their rooms; nothing about them is sent
    // but "it changed" (the page refetches what this member may see). Only events he may see
    // (policy/events.ts): the others are left out, as if they did not exist.
    let watched: string[] = [];
    onEvent(socket, "watchEvents", watchEventsSchema, guards, async ({ eventIds }) => {
      const next = await visibleEventIds(ctx.db, socket.data.viewer, [...new Set(eventIds)]);
      for (const id of watched) if (!next.includes(id)) await socket.leave(eventRoom(id));
      await socket.join(next.map(eventRoom));
      watched = next;
      return { ok: true };
    });

    onEvent(socket, "joinConversation", conversationIdSchema, guards, membership(true));
    onEvent(socket, "leaveConversation", conversationIdSchema, guards, membership(false));

    // decisions.md 5: stored before it is acknowledged; the same tempId again answers the same message.
    onEvent<typeof sendMessageSchema, Message>(socket, "sendMessage", sendMessageSchema, guards, async (payload) => {
      const arrived = performance.now();
      try {
        // (Inside: a limit that cannot reach Redis answers "try again", as the database does.)
        const { allowed } = await messageLimiter.take(me.id);
        if (!allowed) return { ok: false, message: "You are sending messages too fast. Wait a moment and try again.", retry: true, rateLimited: true };
        const { message, created, recipients, group } = await storeMessage(ctx.db, ctx.participants, me.id, payload);
        if (created) ctx.activity.record(group ? "groupMessage" : "directMessage", me.id, message.conversationId);
        // Every open socket of both members, on every node (his other tabs and devices too).
        if (created) {
          ctx.notify.toUsers([...recipients, me.id], "newMessage", message);
          ctx.metrics.messageDelivered(group ? "group" : "direct", (performance.now() - arrived) / 1000);
        } else if (!message.removed) {
          // A retry of a stored send: its first push may never have left (the node that stored it
          // was killed, or closed, before it published), so it is pushed again. Clients keep each
          // message once; a block made since then is respected (storeMessage leaves such members out).
          ctx.notify.toUsers([...recipients, me.id], "newMessage", message);
        }
        return { ok: true, data: message };
      } catch (error) {
        if (error instanceof HttpError && error.statusCode < 500) return fail(error.message);
        app.log.error(error);
        // A fault on our side (the database away): the outbox may try again later.
        return { ok: false, message: "Your message could not be sent. It will be retried.", retry: true };
      }
    });

    onEvent(socket, "typing", typingSchema, guards, async (payload) => {
      if (!(await typingLimiter.take(me.id)).allowed) return;
      // Not his conversation: othersOf refuses, and nobody is told anything.
      const others = await ctx.participants.othersOf(payload.conversationId, me.id);
      // A block hides typing either way (issue 18, item 4).
      const told = await withoutBlocked(ctx.db, me.id, others);
      ctx.notify.toUsers(told, "typing", { conversationId: payload.conversationId, userId: me.id, isTyping: payload.isTyping });
    });

    socket.on("disconnect", () => {
      stopMap?.();
      void (async () => {
        // A node shutting down leaves presence to the others (and its Redis link is going).
        if (closing) return;
        // Offline only when his last socket, on any node, is gone.
        const remaining = await io.in(userRoom(me.id)).fetchSockets().catch(() => []);
        if (remaining.length === 0 && !closing) await ctx.presence.markOffline(me.id);
      })().catch((e: unknown) => app.log.warn(e));
    });
  });

  const unsubscribe = ctx.presence.onChange(async ({ userId, status, lastSeen }) => {
    // His marker's online ring, for those who look at his tile.
    ctx.mapChanges.memberChanged(userId);
    try {
      // Only about a member who is shown (policy/members.ts), and never to those in a block with him.
      if (!(await pushesAbout(ctx.db, userId))) return;
      const hidden = await blockedPeersOf(ctx.db, userId);
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
    settled: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),
    async close() {
      closing = true;
      clearInterval(recheck);
      stopListening();
      // New events are answered "try again"; those in flight finish first, pushes and answers
      // included (a message this node stores now still reaches members on other nodes).
      if (inFlight > 0) await beforeDeadline(new Promise<void>((resolve) => (drained = resolve)), DRAIN_LIMIT_MS);
      // This node's sockets only: they reconnect, through the load balancer, to another node.
      // (Without `local` the adapter would carry the disconnect to every node of the cluster.)
      // Their last packets (answers, pushes) are written before the connections close: io.close()
      // below would drop what is still buffered.
      const connections = [...io.of("/").sockets.values()].map((s) => s.conn);
      io.local.disconnectSockets(true);
      await beforeDeadline(
        Promise.all(connections.map((conn) => (conn.readyState === "closed" ? null : new Promise<void>((resolve) => conn.once("close", () => resolve()))))),
        FLUSH_LIMIT_MS,
      );
      // Nothing more is published through the Redis link that closes below.
      ctx.notify = { toUsers: () => undefined, disconnectUser: () => undefined, toEventWatchers: () => undefined };
      ctx.participants.announce = () => undefined;
      ctx.mapChanges.broadcast = () => undefined;
      unsubscribe();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await closeAdapter();
    },
  };
}
