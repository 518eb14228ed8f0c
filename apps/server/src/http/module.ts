import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import type { ServerConfig } from "../config";
import type { RealtimeCore, SocketScope } from "../realtime/socket";
import type { AppContext } from "./context";
import type { Viewer } from "../policy/viewer";
import { ACCESS, routeGroup, type Access } from "./route-groups";

/** Registers a domain's routes of one group (the group guards them: open, session, member, admin, operator). */
export type RouteRegistrar = (group: FastifyInstance, ctx: AppContext) => void | Promise<void>;

/** Work a node does on a timer (each node runs its own; the work itself is safe to run on several at once). */
export interface Job {
  name: string;
  everyMs: number;
  /** Whether it runs on this node (always unless it says). */
  when?(ctx: AppContext): boolean;
  run(ctx: AppContext): Promise<unknown>;
}

/**
 * One domain as the server sees it: its routes by group, its socket events and its jobs. The app
 * lists the modules (apps/server/src/modules.ts); nothing outside a domain names its routes or events.
 */
export interface DomainModule {
  name: string;
  /** Whether this node runs it at all (all of them unless it says). */
  enabled?(config: ServerConfig): boolean;
  routes?: Partial<Record<Access, RouteRegistrar>>;
  /** Called once per node: answers what to do with each member's socket that connects. */
  sockets?(ctx: AppContext, core: RealtimeCore): (scope: SocketScope) => void;
  jobs?: readonly Job[];
  /** Work before the node serves (demo data). */
  start?(ctx: AppContext): Promise<void>;
}

export interface MountOptions {
  resolveViewer(request: FastifyRequest): Viewer;
  /** The operator group's token: without one, no operator route is registered. */
  operatorToken: string | undefined;
}

/** Each group's routes of every module, guarded by the group (http/route-groups.ts), and every module's socket events. */
export async function mountModules(
  app: FastifyInstance,
  core: RealtimeCore,
  ctx: AppContext,
  modules: readonly DomainModule[],
  options: MountOptions,
) {
  for (const access of ACCESS) {
    if (access === "operator" && !options.operatorToken) continue;
    const registrars = modules.flatMap((m) => m.routes?.[access] ?? []);
    const groupOptions =
      access === "operator" ? { operatorToken: options.operatorToken } : { resolveViewer: options.resolveViewer };
    await routeGroup(
      app,
      access,
      async (group) => {
        for (const register of registrars) await register(group, ctx);
      },
      groupOptions,
    );
  }
  for (const m of modules) if (m.sockets) core.onConnection(m.sockets(ctx, core));
}

/** Runs each module's start, then its jobs on their timers; answers the function that stops them. */
export async function startModules(
  ctx: AppContext,
  modules: readonly DomainModule[],
  log: FastifyBaseLogger,
): Promise<() => void> {
  for (const m of modules) await m.start?.(ctx);
  const timers = modules
    .flatMap((m) => m.jobs ?? [])
    .filter((job) => job.when?.(ctx) ?? true)
    .map((job) =>
      setInterval(
        () => void job.run(ctx).catch((e: unknown) => log.warn({ err: e, job: job.name }, "job failed")),
        job.everyMs,
      ),
    );
  for (const timer of timers) timer.unref();
  return () => timers.forEach(clearInterval);
}
