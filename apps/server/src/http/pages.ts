import { existsSync, readFileSync } from "node:fs";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { isAppPage, type ErrorBody, readMemberFilters } from "@vicinity/contract";
import type { ServerConfig } from "../config";
import { SESSION_COOKIE, type SessionStore } from "../auth/sessions";
import type { Db } from "../db/database";
import { memberHomeHtml, memberHomeOf } from "./member-home-page";
import { isServerPath } from "./server-paths";

/** The built web app's files: hashed assets cached for good, the pages always revalidated. */
async function serveBuild(app: FastifyInstance, webDist: string) {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    // "/" is decided by the fallback (the landing page or the app), not served as index.html.
    index: false,
    cacheControl: false,
    // The build writes .br and .gz beside each text asset (apps/web/scripts/precompress.mjs).
    preCompressed: true,
    // @fastify/static 10 hands over the reply, not the raw response.
    setHeaders(reply: { header(name: string, value: string): unknown }, filePath: string) {
      reply.header("Cache-Control", filePath.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
}

/** Who a request at "/" comes from: a visitor (no live session), a guest or a member (a failed look-up counts as a guest: the app then asks). */
async function sessionAt(
  app: FastifyInstance,
  sessions: SessionStore,
  token: string | undefined,
): Promise<{ kind: "visitor" | "guest" } | { kind: "member"; userId: string }> {
  if (!token) return { kind: "visitor" };
  try {
    const session = await sessions.read(token);
    if (session === null) return { kind: "visitor" };
    return session.kind === "member" ? { kind: "member", userId: session.user.id } : { kind: "guest" };
  } catch (e) {
    app.log.warn(e);
    return { kind: "guest" };
  }
}

/**
 * The web app, when it has been built, with a fallback to index.html for the client's routes; every
 * other unknown path is a 404 `{ message }`. "/" for a visitor is the landing page with its own small
 * script (docs/decisions/0019); a member's page names his home's chunks and his last position (0028, 0029).
 */
export async function servePages(
  app: FastifyInstance,
  { config, sessions, db }: { config: ServerConfig; sessions: SessionStore; db: Db },
) {
  const hasWebBuild = existsSync(`${config.webDist}/index.html`);
  const hasLandingPage = hasWebBuild && existsSync(`${config.webDist}/landing.html`);
  if (hasWebBuild) await serveBuild(app, config.webDist);
  // Read once, completed per member.
  const homePage =
    hasWebBuild && existsSync(`${config.webDist}/home.html`)
      ? readFileSync(`${config.webDist}/home.html`, "utf8")
      : null;

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split("?")[0] ?? "";
    // The API's, the operator's and the developer's paths are never the app's page (http/server-paths.ts).
    if (isServerPath(request.url) || !hasWebBuild || request.method !== "GET") {
      return reply.status(404).send({ message: `No such endpoint: ${request.method} ${url}` } satisfies ErrorBody);
    }
    if (url === "/" && hasLandingPage) {
      void reply.header("Cache-Control", "no-cache").header("Vary", "Cookie");
      const session = await sessionAt(app, sessions, request.cookies[SESSION_COOKIE]);
      if (session.kind === "visitor") return reply.sendFile("landing.html");
      if (session.kind === "member" && homePage !== null) {
        // His page names his last position: it is his alone, and no cache between keeps it.
        const unknown = (e: unknown) => (app.log.warn(e), null);
        // The filters its grid will use: its own address's when it names any, else his saved ones.
        const inAddress = readMemberFilters(new URLSearchParams(request.url.split("?")[1] ?? ""));
        const home = await memberHomeOf(db, session.userId).catch(unknown);
        return reply
          .header("Cache-Control", "private, no-cache")
          .type("text/html; charset=utf-8")
          .send(memberHomeHtml(homePage, home?.position ?? null, inAddress ?? home?.savedFilters ?? null));
      }
    }
    // The app's pages; any other path gets the app too (it shows its "Page not found"), with a 404,
    // so a link checker, a crawler or a prober is told the truth (APP_PAGE_PATTERNS).
    return reply
      .status(isAppPage(url) ? 200 : 404)
      .header("Cache-Control", "no-cache")
      .sendFile("index.html");
  });
}
