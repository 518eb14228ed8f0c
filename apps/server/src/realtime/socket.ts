import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { Server, type Socket } from "socket.io";
import { z } from "zod";
import {
  socketAuthSchema,
  SOCKET_SIGN_IN_REQUIRED,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from "@vicinity/contract";
import type { ServerConfig } from "../config";
import { isAllowedOrigin } from "../http/origin";
import { SESSION_COOKIE, type SessionStore, type SessionUserRow } from "../auth/sessions";
import { beforeDeadline } from "../ops/deadline";
import { closeRedis } from "../ops/redis-link";
import type { Viewer } from "../policy/viewer";
import { onEvent, type HandlerGuards, type SocketHandler } from "./handlers";

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

/** What the nodes tell each other (io.serverSideEmit, carried by the Redis adapter): a domain's channel and its payload. */
interface ServerSideEvents {
  node: (channel: string, payload: unknown) => void;
}

export type VicinitySocket = Socket<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;
export type VicinityIo = Server<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;

export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (idHash: string) => `session:${idHash}`;

/** One member's socket as a domain sees it: who he is, and the one way to handle an event of his. */
export interface SocketScope {
  socket: VicinitySocket;
  me: SessionUserRow;
  /** Registers a handler through onEvent (realtime/handlers.ts): validated, session re-checked, errors caught. */
  on<S extends z.core.$ZodType, R = undefined>(
    event: keyof ClientToServerEvents,
    schema: S,
    handler: SocketHandler<z.output<S>, R>,
  ): void;
  onDisconnect(listener: () => void): void;
}

/** The socket server without any domain: the io, the adapter between nodes, the handshake's auth and the shutdown. */
export interface RealtimeCore {
  io: VicinityIo;
  log: FastifyBaseLogger;
  /** True once the node has begun to close: nothing more is published between nodes. */
  closing(): boolean;
  /** True once it has closed: pushes go nowhere. */
  closed(): boolean;
  /** Tells every other node (through Redis; a node alone has nobody to tell). */
  tellNodes(channel: string, payload: unknown): void;
  /** What another node tells this one on a channel (payloads come as sent: check them). */
  onNodes(channel: string, listener: (payload: unknown) => void): void;
  /** Runs for every member's socket that connects, in the order registered. */
  onConnection(setup: (scope: SocketScope) => void): void;
  /** Runs as the node closes, before the socket server does. */
  onClose(stop: () => void): void;
  /** Resolves once no socket event is being handled on this node (tests wait for it, not for a time). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface CoreOptions {
  config: ServerConfig;
  sessions: SessionStore;
  viewerOf(user: SessionUserRow): Viewer;
}

/** Counts the events in flight: the shutdown lets them finish (their pushes and answers) first. */
function inFlightCounter(isClosing: () => boolean) {
  let inFlight = 0;
  let waiters: Array<() => void> = [];
  const idle = () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)));
  const enter = () => {
    if (isClosing()) return null;
    inFlight += 1;
    return () => {
      inFlight -= 1;
      if (inFlight > 0) return;
      const done = waiters;
      waiters = [];
      for (const w of done) w();
    };
  };
  return { enter, idle, busy: () => inFlight > 0 };
}

/**
 * The Redis adapter, under the deployment's prefix (REDIS_PREFIX) as every other key: with the
 * adapter's default ("socket.io"), every app on one Redis was one cluster, and one's broadcasts
 * and disconnects reached the others' sockets.
 */
async function redisAdapter(io: VicinityIo, config: ServerConfig, log: FastifyBaseLogger, isClosing: () => boolean) {
  const { createClient } = await import("redis");
  const { createAdapter } = await import("@socket.io/redis-adapter");
  const pub = createClient({ url: config.redisUrl });
  const sub = pub.duplicate();
  pub.on("error", (e: unknown) => log.warn({ err: e }, "redis publisher error"));
  sub.on("error", (e: unknown) => log.warn({ err: e }, "redis subscriber error"));
  await Promise.all([pub.connect(), sub.connect()]);
  // The adapter answers other nodes' requests (fetchSockets) without awaiting its publish: an
  // answer that finishes while this node closes would reject with "The client is closed" and
  // nobody to catch it. A failed publish is logged here instead (while the node is open).
  const publish = pub.publish.bind(pub) as (...args: unknown[]) => Promise<number>;
  (pub as unknown as { publish: (...args: unknown[]) => Promise<number> }).publish = (...args) => {
    const failed = (error: unknown) => {
      if (!isClosing()) log.warn({ err: error }, "redis publish failed");
      return 0;
    };
    try {
      return publish(...args).catch(failed);
    } catch (error) {
      return Promise.resolve(failed(error));
    }
  };
  io.adapter(createAdapter(pub, sub, { key: `${config.redisPrefix}:socket.io` }));
  return async () => void (await Promise.all([closeRedis(pub), closeRedis(sub)]));
}

/** The handshake: the session cookie makes the socket a member's; nothing trusts a user id a client sends. */
function authenticate(io: VicinityIo, app: FastifyInstance, options: CoreOptions) {
  io.use(async (socket, next) => {
    try {
      const cookies = app.parseCookie(socket.request.headers.cookie ?? "");
      const session = await options.sessions.read(cookies[SESSION_COOKIE]);
      if (!session || session.kind !== "member") return next(new Error(SOCKET_SIGN_IN_REQUIRED));
      socket.data.sessionId = session.idHash;
      const claimed = socket.handshake.auth as Record<string, unknown> | undefined;
      if (claimed && Object.keys(claimed).length > 0) {
        const parsed = socketAuthSchema.safeParse(claimed);
        if (
          !parsed.success ||
          parsed.data.userId !== session.user.id ||
          parsed.data.username !== session.user.username
        ) {
          return next(new Error("The socket's auth does not match your session"));
        }
      }
      socket.data.user = session.user;
      socket.data.viewer = options.viewerOf(session.user);
      next();
    } catch (error) {
      next(error instanceof Error ? error : new Error("Could not authenticate the socket"));
    }
  });
}

/** A session that ends takes its sockets with it, on every node; expiry and suspension are re-checked by each node. */
function endSocketsWithSessions(
  io: VicinityIo,
  sessions: SessionStore,
  log: FastifyBaseLogger,
  isClosing: () => boolean,
) {
  const stopListening = sessions.onEnded((idHashes) => {
    if (!isClosing()) io.in(idHashes.map(sessionRoom)).disconnectSockets(true);
  });
  const recheck = setInterval(() => {
    const local = [...io.of("/").sockets.values()];
    const ids = [...new Set(local.map((s) => s.data.sessionId))];
    if (ids.length === 0 || isClosing()) return;
    sessions
      .aliveAmong(ids)
      .then((alive) => {
        for (const s of local) if (!alive.has(s.data.sessionId)) s.disconnect(true);
      })
      .catch((e: unknown) => log.warn(e));
  }, SESSION_RECHECK_MS);
  recheck.unref();
  return () => {
    clearInterval(recheck);
    stopListening();
  };
}

/** The socket's own "auth" event: a client that claims another member is refused and disconnected. */
function checkClaimedAuth(scope: SocketScope) {
  scope.on("auth", z.unknown(), (payload) => {
    const parsed = socketAuthSchema.safeParse(payload);
    if (!parsed.success || parsed.data.userId !== scope.me.id || parsed.data.username !== scope.me.username) {
      scope.socket.emit("authError", { message: "The socket's auth does not match your session" });
      // The refusal is answered before the socket closes.
      setImmediate(() => scope.socket.disconnect(true));
      return { ok: false, message: "The socket's auth does not match your session" };
    }
    return { ok: true };
  });
}

/** This node's sockets close, their last packets (answers, pushes) written first; they reconnect to another node. */
async function disconnectLocalSockets(io: VicinityIo) {
  const connections = [...io.of("/").sockets.values()].map((s) => s.conn);
  // `local`: without it the adapter would carry the disconnect to every node of the cluster.
  io.local.disconnectSockets(true);
  const closedConnections = connections.map((conn) =>
    conn.readyState === "closed" ? null : new Promise<void>((resolve) => conn.once("close", () => resolve())),
  );
  await beforeDeadline(Promise.all(closedConnections), FLUSH_LIMIT_MS);
}

/**
 * socket.io on the same HTTP server (spec section 7, root path). Members only: the session cookie
 * authenticates the handshake (decisions.md 4). The domains add their events through onConnection.
 */
export async function createRealtimeCore(app: FastifyInstance, options: CoreOptions): Promise<RealtimeCore> {
  const { config } = options;
  const io: VicinityIo = new Server(app.server, {
    path: "/socket.io",
    serveClient: false,
    cors: { origin: false },
    allowRequest: (req, callback) => {
      const ok = isAllowedOrigin(req.headers.origin, req.headers.host, config.allowedOrigins);
      callback(ok ? null : "This connection came from another site and was refused", ok);
    },
  });
  let closing = false;
  let closed = false;
  const isClosing = () => closing;
  const events = inFlightCounter(isClosing);
  const closeAdapter = config.redisUrl ? await redisAdapter(io, config, app.log, isClosing) : async () => {};
  authenticate(io, app, options);
  const stopSessions = endSocketsWithSessions(io, options.sessions, app.log, isClosing);

  const nodeListeners = new Map<string, Array<(payload: unknown) => void>>();
  io.on("node", (channel, payload) => {
    for (const listener of nodeListeners.get(channel) ?? []) listener(payload);
  });
  const setups: Array<(scope: SocketScope) => void> = [checkClaimedAuth];
  const stops: Array<() => void> = [];
  io.on("connection", (socket: VicinitySocket) => {
    const me = socket.data.user;
    void socket.join([userRoom(me.id), sessionRoom(socket.data.sessionId)]);
    const guards: HandlerGuards = {
      log: app.log,
      sessionAlive: options.sessions.liveness(socket.data.sessionId),
      onSessionEnded: () => void socket.disconnect(true),
      enter: events.enter,
    };
    const scope: SocketScope = {
      socket,
      me,
      on: (event, schema, handler) => onEvent(socket, event, schema, guards, handler),
      onDisconnect: (listener) => void socket.on("disconnect", listener),
    };
    for (const setup of setups) setup(scope);
  });

  return {
    io,
    log: app.log,
    closing: isClosing,
    closed: () => closed,
    // One node alone (no Redis adapter) has nobody to tell: the in-memory adapter refuses serverSideEmit.
    tellNodes: (channel, payload) => void (!closing && config.redisUrl && io.serverSideEmit("node", channel, payload)),
    onNodes: (channel, listener) => void nodeListeners.set(channel, [...(nodeListeners.get(channel) ?? []), listener]),
    onConnection: (setup) => void setups.push(setup),
    onClose: (stop) => void stops.push(stop),
    settled: events.idle,
    async close() {
      closing = true;
      stopSessions();
      // New events are answered "try again"; those in flight finish first, pushes and answers
      // included (a message this node stores now still reaches members on other nodes).
      if (events.busy()) await beforeDeadline(events.idle(), DRAIN_LIMIT_MS);
      await disconnectLocalSockets(io);
      // Nothing more is published through the Redis link that closes below.
      closed = true;
      for (const stop of stops) stop();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await closeAdapter();
    },
  };
}
