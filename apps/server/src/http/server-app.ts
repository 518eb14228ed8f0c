import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from "fastify";
import fastifyCookie from "@fastify/cookie";
import type { ErrorBody } from "@vicinity/contract";
import type { ServerConfig } from "../config";
import { SESSION_COOKIE, type SessionStore } from "../auth/sessions";
import { isDatabaseUnavailable } from "../db/errors";
import type { Metrics } from "../ops/metrics";
import type { Viewer } from "../policy/viewer";
import { registerJsonCompression } from "./compress-json";
import { decorateMember } from "./context";
import { HttpError } from "./errors";
import { nulInBody, nulInQuery } from "./nul-guard";
import { isAllowedOrigin } from "./origin";
import { collectRoutes, type RouteEntry } from "./route-groups";
import { registerSecurityHeaders } from "./security-headers";

/** What a call gets while the database cannot be reached (restarting, failing over). */
export const DATABASE_UNAVAILABLE_MESSAGE = "The service is briefly unavailable. Please try again in a moment.";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** JSON bodies, where an empty body (logout, heartbeat) is simply no body; a NUL anywhere is refused before any handler runs. */
function parseJsonBodies(app: FastifyInstance) {
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
    const nul = nulInBody(parsed, text);
    if (nul) done(nul, undefined);
    else done(null, parsed);
  });
  // And in the query string, on every route (and the page fallback): after each group's guard.
  app.addHook("preValidation", async (request) => {
    const nul = nulInQuery(request.query);
    if (nul) throw nul;
  });
}

/** Every error as `{ message }` with its status; a fault of ours says nothing of itself, and a database away is a 503 to retry. */
function answerErrors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      void reply
        .headers(error.headers)
        .status(error.statusCode)
        .send({ ...error.extra, message: error.message } satisfies ErrorBody);
      return;
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    let message = status >= 500 ? "Something went wrong on our side. Please try again." : error.message;
    if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError)
      message = "The request body is not valid JSON";
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") message = "The request body is too large";
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE")
      message = "Send the request body as JSON (Content-Type: application/json)";
    if (error.code === "FST_ERR_CTP_EMPTY_JSON_BODY") message = "The request body is empty";
    if (status === 500 && isDatabaseUnavailable(error)) {
      void reply
        .status(503)
        .header("retry-after", "2")
        .send({ message: DATABASE_UNAVAILABLE_MESSAGE } satisfies ErrorBody);
      return;
    }
    void reply.status(status).send({ message } satisfies ErrorBody);
  });
}

export interface HttpAppOptions {
  config: ServerConfig;
  sessions: SessionStore;
  metrics: Metrics;
  /** True once the node has begun to shut down. */
  closing(): boolean;
}

/**
 * The Fastify instance with what every route shares: cookies, security headers, compression, the
 * JSON parser, the cross-site refusal, the session, `request.member` and the error answers.
 */
export async function createHttpApp({
  config,
  sessions,
  metrics,
  closing,
}: HttpAppOptions): Promise<{ app: FastifyInstance; routes: () => RouteEntry[] }> {
  const app = Fastify({
    logger: config.logLevel === "silent" ? false : { level: config.logLevel },
    // A hop count: the address `hops` proxies back (Fastify's typings take it as a function).
    trustProxy: typeof config.trustProxy === "number" ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 64 * 1024,
  });
  const routes = collectRoutes(app);
  metrics.instrument(app);
  await app.register(fastifyCookie);
  await registerSecurityHeaders(app, config);
  registerJsonCompression(app);
  parseJsonBodies(app);
  app.decorateRequest("session", null);
  app.decorateRequest("sessionToken", undefined);
  app.decorateRequest("viewer", null as unknown as Viewer);
  decorateMember(app);

  // A node shutting down (a deploy) ends each keep-alive connection after the answer in flight on
  // it: without "Connection: close" the connection would idle on for the keep-alive timeout
  // (72 s) and hold the shutdown up that long (socket.io's close waits for the HTTP server's).
  app.addHook("onSend", async (_request, reply) => {
    if (closing()) reply.header("connection", "close");
  });
  app.addHook("onRequest", async (request: FastifyRequest) => {
    // Every state-changing request, whatever its path: a percent-encoded path (/%61pi/logout) is
    // routed to the same handler as the plain one.
    if (
      STATE_CHANGING.has(request.method) &&
      !isAllowedOrigin(request.headers.origin, request.headers.host, config.allowedOrigins)
    ) {
      throw new HttpError(403, "This request came from another site and was refused");
    }
    // The route it matched, not the raw URL: the session belongs to the API and the pictures.
    const route = request.routeOptions.url ?? "";
    if (!route.startsWith("/api/") && !route.startsWith("/media/")) return;
    request.sessionToken = request.cookies[SESSION_COOKIE];
    request.session = await sessions.read(request.sessionToken);
  });
  answerErrors(app);
  return { app, routes };
}
