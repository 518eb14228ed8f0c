import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ServerConfig } from "./config";
import { openDatabase, type Database } from "./db/database";
import { SessionStore } from "./auth/sessions";
import type { AppContext, NodeState } from "./http/context";
import { mountModules, startModules } from "./http/module";
import { servePages } from "./http/pages";
import { createHttpApp } from "./http/server-app";
import type { RouteEntry } from "./http/route-groups";
import { Limits, type LimitsRedis } from "./http/limits";
import { DirectoryMediaStore } from "./media/store";
import { Participants } from "./messages/service";
import { MapChanges } from "./map/live";
import { MAP_TILES_CHANGED } from "./map/sockets";
import { PARTICIPANTS_CHANGED } from "./messages/sockets";
import { ActivityRecorder } from "./analytics/recorder";
import { createMailer } from "./mail/mailer";
import { Metrics } from "./ops/metrics";
import { closeRedis } from "./ops/redis-link";
import { listenForMetrics } from "./ops/routes";
import { Presence } from "./presence/presence";
import { createRealtimeCore, type RealtimeCore } from "./realtime/socket";
import { notifierOf } from "./realtime/notifier";
import { viewerOfRequest, memberAsViewer } from "./policy/viewer";
import { MODULES } from "./modules";
import { markWrites } from "./http/reads";

/** The channel on which a node tells the others that a write narrowed who may see whom. */
const READ_FENCE = "readFence";

export { DATABASE_UNAVAILABLE_MESSAGE } from "./http/server-app";
export { isAllowedOrigin } from "./http/origin";
export type { RouteEntry } from "./http/route-groups";

/** How long a node shutting down lets the answers in flight finish before it cuts their connections. */
const CLOSE_GRACE_MS = 5000;

export interface BuiltServer {
  app: FastifyInstance;
  /** Every route this server registered, with its group (HEAD routes Fastify adds for GET left out). */
  readonly routes: RouteEntry[];
  context: AppContext;
  realtime: Pick<RealtimeCore, "io" | "settled">;
  /** Where /metrics listens on a port of its own (METRICS_PORT), when it does. */
  metricsAddress: { host: string; port: number } | null;
  close(): Promise<void>;
}

async function connectRedis(url: string) {
  const { createClient } = await import("redis");
  const client = createClient({ url });
  client.on("error", (e: unknown) => console.warn(`Redis (limits): ${e instanceof Error ? e.message : String(e)}`));
  await client.connect();
  return client;
}

interface ContextParts {
  config: ServerConfig;
  database: Database;
  sessions: SessionStore;
  core: RealtimeCore;
  node: NodeState;
  mail: AppContext["mail"];
  metrics: Metrics;
}

/** Every service a domain may use, made once per node; the socket core carries what the nodes tell each other. */
function createContext({ config, database, sessions, core, node, mail, metrics }: ContextParts): AppContext {
  const db = database.db;
  return {
    config,
    database,
    db,
    node,
    sessions,
    presence: new Presence(db),
    mediaStore: new DirectoryMediaStore(config.mediaDir),
    notify: notifierOf(core),
    participants: new Participants(db, (conversationId) => core.tellNodes(PARTICIPANTS_CHANGED, conversationId)),
    limits: new Limits(node.redis as unknown as LimitsRedis | null, config.redisPrefix),
    mapChanges: new MapChanges({
      db,
      read: (since, work) => database.reads.read(since, work),
      onError: (e) => console.warn("map updates:", e),
      broadcast: (tiles) => core.tellNodes(MAP_TILES_CHANGED, tiles),
      sendChangesTo: (socketIds, changes) => void core.io.local.to(socketIds).emit("mapChanges", changes),
      onDelivered: (stats) => metrics.mapDelivered(stats),
    }),
    activity: new ActivityRecorder(db, (e) => console.warn("analytics:", e)),
    mail,
    metrics,
  };
}

function metricsAddressOf(server: Awaited<ReturnType<typeof listenForMetrics>> | null) {
  const address = server?.address();
  return address && typeof address === "object" ? { host: address.address, port: address.port } : null;
}

/**
 * Builds a node: the API under /api, the socket on the same port, every domain of MODULES and,
 * when it has been built, the web app with a fallback to index.html for the client's routes.
 */
export async function buildServer(config: ServerConfig, options: { database?: Database } = {}): Promise<BuiltServer> {
  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: config.pgliteDir,
      poolSize: config.databasePoolSize,
      replicaUrls: config.databaseReplicaUrls,
      replicaMaxLagMs: config.databaseReplicaMaxLagMs,
      onReplicaError: (message) => console.warn(`read replicas: ${message}`),
    }));
  const sessions = new SessionStore(database.db, config.sessionSecret);
  // One Redis link for the shared limits (the socket adapter keeps its own pair).
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : null;
  const mail = await createMailer(config, (line) => (config.logLevel === "silent" ? undefined : console.info(line)));
  let shuttingDown = false;
  const node: NodeState = { closing: () => shuttingDown, redis };
  let core: RealtimeCore | null = null;
  const metrics = new Metrics({ sockets: () => core?.io.engine.clientsCount ?? 0, database });
  const { app, routes } = await createHttpApp({ config, sessions, metrics, closing: node.closing });
  core = await createRealtimeCore(app, { config, sessions, viewerOf: (user) => memberAsViewer(database.db, user) });
  const context = createContext({ config, database, sessions, core, node, mail, metrics });
  // A write that narrowed who may see whom, here or on another node: reads wait for it (db/replicas.ts).
  core.onNodes(READ_FENCE, () => database.reads.fence());
  markWrites(app, context, () => {
    database.reads.fence();
    core.tellNodes(READ_FENCE, 1);
  });
  const resolveViewer = (request: FastifyRequest) => viewerOfRequest(database.db, config.sessionSecret, request);
  const active = MODULES.filter((m) => m.enabled?.(config) ?? true);
  await mountModules(app, core, context, active, { resolveViewer, operatorToken: config.metricsToken });
  await servePages(app, { config, sessions, db: database.db });
  const metricsServer =
    config.metricsPort === undefined ? null : await listenForMetrics(metrics, config.metricsPort, config.metricsHost);
  const stopJobs = await startModules(context, active, app.log);
  const realtime = core;
  let closed: Promise<void> | undefined;
  const close = async () => {
    shuttingDown = true;
    stopJobs();
    // Connections still open after a grace period (a client that holds one) are cut.
    const cut = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
    cut.unref();
    // Each step timed: a node slow to stop holds a deploy up (bench/soak), and the log says where.
    const took: Record<string, number> = {};
    const step = async (name: string, work: () => Promise<unknown>) => {
      const started = performance.now();
      await work();
      took[name] = Math.round(performance.now() - started);
    };
    await step("map", () => context.mapChanges.close());
    await step("sockets", () => realtime.close());
    await step("http", () => app.close());
    clearTimeout(cut);
    await step("activity", () => context.activity.close());
    await step("mail", () => mail.close());
    if (metricsServer)
      await step("metrics", () => new Promise<void>((resolve) => metricsServer.close(() => resolve())));
    if (redis) await step("redis", () => closeRedis(redis));
    if (!options.database) await step("database", () => database.close());
    app.log.info({ ms: took }, "closed");
  };
  return {
    app,
    get routes() {
      return routes();
    },
    context,
    realtime,
    metricsAddress: metricsAddressOf(metricsServer),
    // Once: a signal and a failing health check may both ask.
    close: () => (closed ??= close()),
  };
}
