import { existsSync, readFileSync } from "node:fs";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from "fastify";
import { viewerOfRequest, type Viewer } from "./policy/viewer";
import fastifyCookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import type { ErrorBody } from "@vicinity/contract";
import type { ServerConfig } from "./config";
import { openDatabase, type Database } from "./db/database";
import { upkeep, UPKEEP_MS } from "./db/upkeep";
import { SessionStore, SESSION_COOKIE } from "./auth/sessions";
import { HttpError } from "./http/errors";
import { nulInBody, nulInQuery } from "./http/nul-guard";
import { isServerPath } from "./http/server-paths";
import type { AppContext } from "./http/context";
import { registerAuthRoutes, registerSessionRoutes } from "./auth/routes";
import { registerNearbyRoutes, registerUserRoutes } from "./users/routes";
import { registerMessageRoutes } from "./messages/routes";
import { registerMediaRoutes, registerMediaUploadRoutes } from "./media/routes";
import { collectRoutes, routeGroup, type RouteEntry } from "./http/route-groups";
import { DirectoryMediaStore } from "./media/store";
import { Participants } from "./messages/service";
import { registerMemberRoutes } from "./users/member-routes";
import { registerPhotoRoutes } from "./users/photo-routes";
import { registerAccountRoutes } from "./users/account-routes";
import { ensureDemoEvents, ensureDemoGroups, keepDemoPositionsFresh, seedDemoMembersIfEmpty } from "./db/seed";
import { Presence } from "./realtime/presence";
import { attachRealtime, type Realtime } from "./realtime/socket";
import { isAllowedOrigin } from "./http/origin";
import { registerSecurityHeaders } from "./http/security-headers";
import { registerJsonCompression } from "./http/compress-json";
import { lastPositionOf, memberHomeHtml } from "./http/member-home-page";
import { registerMapTileRoutes } from "./map/tile-routes";
import { MapChanges } from "./map/live";
import { registerMapRoutes, registerOwnLocationRoutes } from "./map/routes";
import { registerEventMemberRoutes, registerEventRoutes, startEventReminders } from "./events/routes";
import { registerNotificationRoutes, sweepNotifications } from "./notifications/service";
import { registerGroupMemberRoutes, registerGroupRoutes } from "./groups/routes";
import { registerAdminRoutes } from "./admin/routes";
import { ActivityRecorder } from "./analytics/recorder";
import { seedDemoActivity } from "./analytics/demo";
import { sweepActivity } from "./analytics/rollup";
import { registerEmailLinkRoutes, registerEmailMemberRoutes } from "./auth/email-routes";
import { sweepTokens } from "./auth/email-tokens";
import { createMailer } from "./mail/mailer";
import { registerDevMailRoutes } from "./mail/dev-routes";
import { registerAnalyticsRoutes, rollUpNow } from "./analytics/routes";

/** How often each node rolls up the analytics (issue 15). */
const ANALYTICS_ROLLUP_MS = 60_000;
import { registerAdAdminRoutes, registerAdClickRoute, registerAdMemberRoutes } from "./ads/routes";
import { restoreExpiredSuspensions } from "./admin/service";
import { Limits, type LimitsRedis } from "./http/limits";
import { Metrics } from "./ops/metrics";
import { closeRedis } from "./ops/redis-link";
import { listenForMetrics, registerHealthRoutes, registerMetricsRoute } from "./ops/routes";
import { isDatabaseUnavailable } from "./db/errors";

/** What a call gets while the database cannot be reached (restarting, failing over). */
export const DATABASE_UNAVAILABLE_MESSAGE = "The service is briefly unavailable. Please try again in a moment.";

export type { RouteEntry } from "./http/route-groups";

export interface BuiltServer {
  app: FastifyInstance;
  /** Every route this server registered, with its group (HEAD routes Fastify adds for GET left out). */
  readonly routes: RouteEntry[];
  context: AppContext;
  realtime: Realtime;
  /** Where /metrics listens on a port of its own (METRICS_PORT), when it does. */
  metricsAddress: { host: string; port: number } | null;
  close(): Promise<void>;
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export { isAllowedOrigin } from "./http/origin";

async function connectRedis(url: string) {
  const { createClient } = await import("redis");
  const client = createClient({ url });
  client.on("error", (e: unknown) => console.warn(`Redis (limits): ${e instanceof Error ? e.message : String(e)}`));
  await client.connect();
  return client;
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/**
 * Builds the HTTP server: the API under /api, the socket on the same port and, when it has been
 * built, the web app with a fallback to index.html for the client's routes.
 */
/** How long a node shutting down lets the answers in flight finish before it cuts their connections. */
const CLOSE_GRACE_MS = 5000;

export async function buildServer(config: ServerConfig, options: { database?: Database } = {}): Promise<BuiltServer> {
  const database =
    options.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDir, poolSize: config.databasePoolSize }));
  const sessions = new SessionStore(database.db, config.sessionSecret);
  const presence = new Presence(database.db);
  const mediaStore = new DirectoryMediaStore(config.mediaDir);
  // One Redis link for the shared limits (the socket adapter keeps its own pair).
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : null;
  const mail = await createMailer(config, (line) => (config.logLevel === "silent" ? undefined : console.info(line)));
  // The socket server comes later; the gauge reads it when scraped.
  let openSockets = () => 0;
  const metrics = new Metrics({ sockets: () => openSockets(), database });
  const context: AppContext = {
    config,
    database,
    db: database.db,
    sessions,
    presence,
    mediaStore,
    participants: new Participants(database.db),
    limits: new Limits(redis as unknown as LimitsRedis | null, config.redisPrefix),
    mapChanges: new MapChanges({ db: database.db, onError: (e) => console.warn("map updates:", e) }),
    activity: new ActivityRecorder(database.db, (e) => console.warn("analytics:", e)),
    mail,
    metrics,
    // Replaced by attachRealtime below, before any route is registered.
    notify: { toUsers: () => undefined, disconnectUser: () => undefined, toEventWatchers: () => undefined },
  };

  if (process.env.ADMIN_EMAILS) {
    // Issue 9, item 4: nobody becomes an admin by registering an address any more.
    console.warn("ADMIN_EMAILS is no longer read: grant an admin from a shell with `npm run admin -- grant EMAIL` (README).");
  }
  let demoRefresh: NodeJS.Timeout | null = null;
  if (config.seedDemo) {
    await seedDemoMembersIfEmpty(database.db, mediaStore);
    await seedDemoActivity(database.db);
    const refresh = async () => {
      await keepDemoPositionsFresh(database.db);
      await ensureDemoEvents(database.db);
      await ensureDemoGroups(database.db);
    };
    await refresh();
    demoRefresh = setInterval(() => void refresh().catch((e: unknown) => console.warn(e)), 60 * 60_000);
    demoRefresh.unref();
  }

  // PGlite has no autovacuum: the node analyses and vacuums as it would (db/upkeep.ts).
  let upkeepTimer: NodeJS.Timeout | null = null;
  if (database.engine === "pglite") {
    await upkeep(database.db);
    upkeepTimer = setInterval(() => void upkeep(database.db).catch((e: unknown) => console.warn("upkeep:", e)), UPKEEP_MS);
    upkeepTimer.unref();
  }

  const app = Fastify({
    logger: config.logLevel === "silent" ? false : { level: config.logLevel },
    // A hop count: the address `hops` proxies back (Fastify's typings take it as a function).
    trustProxy: typeof config.trustProxy === "number" ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 64 * 1024,
  });

  const routeTable = collectRoutes(app);
  metrics.instrument(app);

  await app.register(fastifyCookie);
  await registerSecurityHeaders(app, config);
  registerJsonCompression(app);
  // JSON bodies, where an empty body (logout, heartbeat) is simply no body.
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      done(new HttpError(400, "The request body is not valid JSON"), undefined);
      return;
    }
    // A NUL anywhere in the body is refused before any handler runs (http/nul-guard.ts).
    const nul = nulInBody(parsed, text);
    if (nul) done(nul, undefined);
    else done(null, parsed);
  });
  // And in the query string, on every route (and the page fallback): after each group's guard.
  app.addHook("preValidation", async (request) => {
    const nul = nulInQuery(request.query);
    if (nul) throw nul;
  });
  app.decorateRequest("session", null);
  app.decorateRequest("sessionToken", undefined);
  app.decorateRequest("viewer", null as unknown as Viewer);
  // Who is asking, once per request, by each route group's hook (policy/viewer.ts).
  const resolveViewer = (request: FastifyRequest) => viewerOfRequest(database.db, config.sessionSecret, request);

  // A node shutting down (a deploy) ends each keep-alive connection after the answer in flight on
  // it: without "Connection: close" the connection would idle on for the keep-alive timeout
  // (72 s) and hold the shutdown up that long (socket.io's close waits for the HTTP server's).
  let shuttingDown = false;
  app.addHook("onSend", async (_request, reply) => {
    if (shuttingDown) reply.header("connection", "close");
  });

  app.addHook("onRequest", async (request) => {
    // Every state-changing request, whatever its path: a percent-encoded path (/%61pi/logout) is
    // routed to the same handler as the plain one (issue 18, item 9).
    if (STATE_CHANGING.has(request.method) && !isAllowedOrigin(request.headers.origin, request.headers.host, config.allowedOrigins)) {
      throw new HttpError(403, "This request came from another site and was refused");
    }
    // The route it matched, not the raw URL: the session belongs to the API and the pictures.
    const route = request.routeOptions.url ?? "";
    if (!route.startsWith("/api/") && !route.startsWith("/media/")) return;
    request.sessionToken = request.cookies[SESSION_COOKIE];
    request.session = await sessions.read(request.sessionToken);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      void reply.headers(error.headers).status(error.statusCode).send({ ...error.extra, message: error.message } satisfies ErrorBody);
      return;
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    let message = status >= 500 ? "Something went wrong on our side. Please try again." : error.message;
    if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError) message = "The request body is not valid JSON";
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") message = "The request body is too large";
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") message = "Send the request body as JSON (Content-Type: application/json)";
    if (error.code === "FST_ERR_CTP_EMPTY_JSON_BODY") message = "The request body is empty";
    // The database restarting or failing over: a 503 the client may retry (issue 17, item 5).
    if (status === 500 && isDatabaseUnavailable(error)) {
      void reply.status(503).header("retry-after", "2").send({ message: DATABASE_UNAVAILABLE_MESSAGE } satisfies ErrorBody);
      return;
    }
    void reply.status(status).send({ message } satisfies ErrorBody);
  });

  // The socket server and its notifier exist before any route that tells members something.
  const realtime = await attachRealtime(app, context);
  openSockets = () => realtime.io.engine.clientsCount;

  // Each route's guard comes from its group (issue 9, item 8; docs/decisions/0010).
  await routeGroup(app, "open", async (open) => {
    registerHealthRoutes(open, { database, redis, closing: () => shuttingDown });
    registerAuthRoutes(open, context);
    registerEmailLinkRoutes(open, context);
    if (config.env === "development" && mail.list) registerDevMailRoutes(open, { list: mail.list.bind(mail) });
    registerNearbyRoutes(open, context);
    registerMapTileRoutes(open, context);
    registerMapRoutes(open, context);
    registerEventRoutes(open, context);
    registerGroupRoutes(open, context);
    registerAdClickRoute(open, context);
    await registerMediaRoutes(open, context);
  }, { resolveViewer });
  await routeGroup(app, "session", (session) => registerSessionRoutes(session, context), { resolveViewer });
  await routeGroup(app, "member", async (member) => {
    registerUserRoutes(member, context);
    registerMessageRoutes(member, context);
    await registerMediaUploadRoutes(member, context);
    registerPhotoRoutes(member, context);
    registerAccountRoutes(member, context);
    registerEmailMemberRoutes(member, context);
    registerMemberRoutes(member, context);
    registerOwnLocationRoutes(member, context);
    registerEventMemberRoutes(member, context);
    registerNotificationRoutes(member, context);
    registerGroupMemberRoutes(member, context);
    registerAdMemberRoutes(member, context);
  }, { resolveViewer });
  // The admin area's routes come with the admin issue; its group is ready.
  await routeGroup(app, "admin", (admin) => {
    registerAdminRoutes(admin, context);
    registerAdAdminRoutes(admin, context);
    registerAnalyticsRoutes(admin, context);
  }, { resolveViewer });
  // /metrics on the app's port only for the operator's token (issue 17, item 2).
  if (config.metricsToken) {
    await routeGroup(app, "operator", (operator) => registerMetricsRoute(operator, metrics), { operatorToken: config.metricsToken });
  }
  const metricsServer = config.metricsPort === undefined ? null : await listenForMetrics(metrics, config.metricsPort, config.metricsHost);
  const metricsAddress = (() => {
    const address = metricsServer?.address();
    return address && typeof address === "object" ? { host: address.address, port: address.port } : null;
  })();

  const hasWebBuild = existsSync(`${config.webDist}/index.html`);
  // The landing page rendered at build time, with its own small script (docs/decisions/0019).
  const hasLandingPage = hasWebBuild && existsSync(`${config.webDist}/landing.html`);
  if (hasWebBuild) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      // "/" is decided below (the landing page or the app), not served as index.html.
      index: false,
      cacheControl: false,
      // The build writes .br and .gz beside each text asset (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      // @fastify/static 10 hands over the reply, not the raw response.
      setHeaders(reply: { header(name: string, value: string): unknown }, filePath: string) {
        // Hashed build assets never change; the page itself must always be revalidated.
        reply.header("Cache-Control", filePath.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  // The app's page for a member at "/": index.html with his home's chunks linked (docs/decisions/0028)
  // and what his home's first paint fetches (0029); read once, completed per member.
  const homePage = hasWebBuild && existsSync(`${config.webDist}/home.html`) ? readFileSync(`${config.webDist}/home.html`, "utf8") : null;

  /** Who a request at "/" comes from: a visitor (no live session), a guest or a member (a failed look-up counts as a guest: the app then asks). */
  const sessionAt = async (token: string | undefined): Promise<{ kind: "visitor" | "guest" } | { kind: "member"; userId: string }> => {
    if (!token) return { kind: "visitor" };
    try {
      const session = await sessions.read(token);
      if (session === null) return { kind: "visitor" };
      return session.kind === "member" ? { kind: "member", userId: session.user.id } : { kind: "guest" };
    } catch (e) {
      app.log.warn(e);
      return { kind: "guest" };
    }
  };

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split("?")[0] ?? "";
    // The API's, the operator's and the developer's paths are never the app's page (http/server-paths.ts).
    if (isServerPath(request.url) || !hasWebBuild || request.method !== "GET") {
      return reply.status(404).send({ message: `No such endpoint: ${request.method} ${url}` } satisfies ErrorBody);
    }
    // "/" for a visitor (no live session): the landing page with its own small script; for a
    // member or a guest, the app, which shows his home (docs/decisions/0019); a member's page
    // names his home's chunks, so that they load beside the first script (0028).
    if (url === "/" && hasLandingPage) {
      void reply.header("Cache-Control", "no-cache").header("Vary", "Cookie");
      const session = await sessionAt(request.cookies[SESSION_COOKIE]);
      if (session.kind === "visitor") return reply.sendFile("landing.html");
      if (session.kind === "member" && homePage !== null) {
        // His page names his last position: it is his alone, and no cache between keeps it.
        const position = await lastPositionOf(database.db, session.userId).catch((e: unknown) => (app.log.warn(e), null));
        return reply.header("Cache-Control", "private, no-cache").type("text/html; charset=utf-8").send(memberHomeHtml(homePage, position));
      }
    }
    // Client-side routes (including unknown ones, which show the app's 404 page).
    return reply.header("Cache-Control", "no-cache").sendFile("index.html");
  });

  const sweep = setInterval(() => {
    void sessions.sweep().catch((e: unknown) => app.log.warn(e));
    void sweepNotifications(database.db).catch((e: unknown) => app.log.warn(e));
    void restoreExpiredSuspensions(database.db).catch((e: unknown) => app.log.warn(e));
    void sweepActivity(database.db).catch((e: unknown) => app.log.warn(e));
    void sweepTokens(database.db).catch((e: unknown) => app.log.warn(e));
  }, 10 * 60 * 1000);
  // The analytics' roll-up, every minute on each node (one at a time across nodes).
  const analyticsRollUp = setInterval(() => void rollUpNow(context).catch((e: unknown) => app.log.warn(e)), ANALYTICS_ROLLUP_MS);
  analyticsRollUp.unref();
  const stopReminders = startEventReminders(context, (e) => app.log.warn(e));
  sweep.unref();
  let closed: Promise<void> | undefined;

  return {
    app,
    get routes() {
      return routeTable();
    },
    context,
    realtime,
    metricsAddress,
    close() {
      // Once: a signal and a failing health check may both ask.
      closed ??= (async () => {
        shuttingDown = true;
        clearInterval(sweep);
        clearInterval(analyticsRollUp);
        stopReminders();
        if (demoRefresh) clearInterval(demoRefresh);
        if (upkeepTimer) clearInterval(upkeepTimer);
        // Connections still open after a grace period (a client that holds one) are cut.
        const cut = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
        cut.unref();
        await context.mapChanges.close();
        await realtime.close();
        await app.close();
        clearTimeout(cut);
        await context.activity.close();
        await mail.close();
        if (metricsServer) await new Promise<void>((resolve) => metricsServer.close(() => resolve()));
        if (redis) await closeRedis(redis);
        if (!options.database) await database.close();
      })();
      return closed;
    },
  };
}
