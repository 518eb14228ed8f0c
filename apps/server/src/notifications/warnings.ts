import { and, asc, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { SessionUser } from "@vicinity/contract";
import type { Db } from "../db/database";
import { memberWarnings } from "../db/schema";
import { isUuid, notFound } from "../http/errors";
import { requireMember, sendOk } from "../http/context";

/** The oldest warning he has not acknowledged (issue 13: he sees it at his next visit), or null. */
export async function pendingWarning(db: Db, userId: string): Promise<SessionUser["warning"]> {
  const [row] = await db
    .select()
    .from(memberWarnings)
    .where(and(eq(memberWarnings.userId, userId), isNull(memberWarnings.acknowledgedAt)))
    .orderBy(asc(memberWarnings.createdAt))
    .limit(1);
  return row ? { id: row.id, reason: row.reason, at: row.createdAt.toISOString() } : null;
}

/** POST /api/warnings/:id/acknowledge: his own warning only (anyone else's is "not found"); twice is fine. */
export function registerWarningRoutes(app: FastifyInstance, db: Db): void {
  app.post<{ Params: { id: string } }>("/api/warnings/:id/acknowledge", async (request, reply) => {
    const me = requireMember(request);
    const id = request.params.id;
    if (!isUuid(id)) throw notFound("Warning not found");
    const [row] = await db
      .select({ acknowledgedAt: memberWarnings.acknowledgedAt })
      .from(memberWarnings)
      .where(and(eq(memberWarnings.id, id), eq(memberWarnings.userId, me.id)))
      .limit(1);
    if (!row) throw notFound("Warning not found");
    if (!row.acknowledgedAt) await db.update(memberWarnings).set({ acknowledgedAt: new Date() }).where(eq(memberWarnings.id, id));
    return sendOk(reply);
  });
}
