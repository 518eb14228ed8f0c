import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { forbidden, unauthorized } from "./errors";
import type { Viewer } from "../policy/viewer";

/**
 * Who may call a route, decided by the group it is registered in: a route gets
 * its guard from its group, so a new route cannot forget it.
 * - open: anyone (visitors too); the handler decides what each one sees.
 * - session: any session, a guest's too.
 * - member: a signed-in member (a guest is asked to sign up).
 * - admin: an admin.
 * - operator: whoever holds the operator's token (`Authorization: Bearer …`), not a session:
 *   /metrics.
 */
export const ACCESS = ["open", "session", "member", "admin", "operator"] as const;
export type Access = (typeof ACCESS)[number];

/** A route as registered: the server's own table, for the generated tests (authorization, fuzz). */
export interface RouteEntry {
  method: string;
  url: string;
  /** Its group; "none" for a route registered outside every group (static files). */
  access: Access | "none";
}

export interface GroupOptions {
  /** The operator group's token; without one the group refuses everyone. */
  operatorToken?: string | undefined;
  /** Who is asking (policy/viewer.ts): resolved once, after the guard, and handed to the handlers as request.viewer. */
  resolveViewer?: ((request: FastifyRequest) => Viewer) | undefined;
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** The same token (compared in constant time, whatever their lengths). */
function sameToken(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

const GUARDS: Record<Access, ((request: FastifyRequest, options: GroupOptions) => void) | null> = {
  open: null,
  session: (request) => {
    if (!request.session) throw unauthorized();
  },
  member: (request) => {
    if (!request.session) throw unauthorized();
    if (request.session.kind !== "member") throw forbidden("Sign up for full access to do this");
  },
  admin: (request) => {
    if (!request.session) throw unauthorized();
    if (request.session.kind !== "member") throw forbidden("Sign up for full access to do this");
    if (request.session.user.accountRole !== "admin") throw forbidden("Only admins may do this");
  },
  operator: (request, { operatorToken }) => {
    const given = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!operatorToken || !given || !sameToken(given, operatorToken))
      throw unauthorized("This needs the operator's token: Authorization: Bearer METRICS_TOKEN");
  },
};

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** Collects every route the app registers (call before any route is registered). */
export function collectRoutes(app: FastifyInstance): () => RouteEntry[] {
  const seen: RouteOptions[] = [];
  app.addHook("onRoute", (route) => void seen.push(route));
  // Read when asked: a group's own hook tags its routes after this one has seen them.
  return () =>
    seen.flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => method !== "HEAD")
        .map((method) => ({ method, url: route.url, access: route.config?.access ?? "none" })),
    );
}

/**
 * Registers routes in a group: every one of them is tagged with the group and guarded before its
 * body is read (an onRequest hook of the group's own encapsulated context, after the app's, which
 * reads the session).
 */
export async function routeGroup(
  app: FastifyInstance,
  access: Access,
  register: (group: FastifyInstance) => void | Promise<void>,
  options: GroupOptions = {},
): Promise<void> {
  await app.register(async (group) => {
    group.addHook("onRoute", (route) => {
      route.config = { ...route.config, access };
    });
    const guard = GUARDS[access];
    const { resolveViewer } = options;
    if (guard || resolveViewer) {
      group.addHook("onRequest", async (request) => {
        guard?.(request, options);
        if (resolveViewer) request.viewer = resolveViewer(request);
      });
    }
    await register(group);
  });
}
