import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/database";
import { WROTE_COOKIE } from "../db/replicas";
import { NARROWING_WRITES } from "../policy/read-fences";
import type { AppContext } from "./context";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Whose writes a request's reads must see: its session's member or guest, else the member of this browser. */
function writerOf(request: FastifyRequest): string | null {
  const session = request.session;
  if (session) return session.kind === "member" ? session.user.id : session.guestId;
  return request.viewer?.blocksOf ?? null;
}

/**
 * Read-your-writes across replicas (db/replicas.ts): a request that changed something marks its
 * writer on this node and tells his browser when (a cookie any node reads), so his next reads go
 * where his write already is; one that narrowed who may see whom (policy/read-fences.ts) fences
 * every read on every node. Only with replicas: without them every read is on the primary.
 */
export function markWrites(app: FastifyInstance, ctx: AppContext, fenceReads: () => void): void {
  const { reads } = ctx.database;
  const { config } = ctx;
  if (!reads.hasReplicas) return;
  app.addHook("onSend", async (request, reply) => {
    if (!WRITES.has(request.method) || reply.statusCode >= 400) return;
    const at = Date.now();
    if (NARROWING_WRITES.has(`${request.method} ${request.routeOptions.url ?? ""}`)) fenceReads();
    reads.wrote(writerOf(request), at);
    void reply.setCookie(WROTE_COOKIE, String(at), {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: config.env === "production",
      maxAge: Math.ceil(config.databaseReplicaMaxLagMs / 1000) + 1,
    });
  });
}

/**
 * Runs a request's read-only query where it may go: a replica that has this member's (or this
 * browser's) own writes and every write that narrowed who may see whom, or the primary.
 */
export function readFor<T>(ctx: AppContext, request: FastifyRequest, work: (db: Db) => Promise<T>): Promise<T> {
  const reads = ctx.database.reads;
  return reads.read(reads.sinceFor(writerOf(request), request.cookies[WROTE_COOKIE]), work);
}
