import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  ADMIN_PATHS,
  adminMembersQuerySchema,
  adminPicturesQuerySchema,
  adminReportsQuerySchema,
  adminRoleSchema,
  auditQuerySchema,
  pictureRemoveSchema,
  picturesReviewedSchema,
  reportActionSchema,
  reportAssignSchema,
  reportNoteSchema,
  restoreSchema,
  suspendSchema,
  warnSchema,
} from "@vicinity/contract";
import type { AppContext } from "../http/context";
import { isUuid, notFound, parseOr400 } from "../http/errors";
import {
  adminOverview,
  listAuditEntries,
  listMembers,
  listPictures,
  listReports,
  memberDetail,
  reportDetail,
} from "./queries";
import {
  actOnReports,
  addReportNote,
  assignReport,
  markPicturesReviewed,
  removePicture,
  restoreMember,
  setAdminRole,
  suspendMember,
  warnMember,
  type Actor,
} from "./service";

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

function actorOf(request: FastifyRequest): Actor {
  const me = request.member;
  return { id: me.id, username: me.username };
}

function idOf(request: IdRequest, what: string): string {
  if (!isUuid(request.params.id)) throw notFound(`${what} not found`);
  return request.params.id;
}

/** The admin area's calls: registered in the admin group, so every one answers 403 to anyone but an admin. */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get("/api/admin/overview", async () => adminOverview(db));

  app.get("/api/admin/members", async (request) => {
    const query = parseOr400(adminMembersQuerySchema, request.query);
    return listMembers(db, query);
  });

  app.get<{ Params: { id: string } }>("/api/admin/members/:id", async (request) =>
    memberDetail(db, idOf(request, "Member")),
  );

  app.post<{ Params: { id: string } }>("/api/admin/members/:id/warn", async (request) => {
    const { reason } = parseOr400(warnSchema, request.body);
    await warnMember(ctx, actorOf(request), idOf(request, "Member"), reason);
    return { ok: true };
  });
  app.post<{ Params: { id: string } }>("/api/admin/members/:id/suspend", async (request) => {
    const { reason, days } = parseOr400(suspendSchema, request.body);
    await suspendMember(ctx, actorOf(request), idOf(request, "Member"), reason, days);
    return { ok: true };
  });
  app.post<{ Params: { id: string } }>("/api/admin/members/:id/restore", async (request) => {
    const { reason } = parseOr400(restoreSchema, request.body);
    await restoreMember(ctx, actorOf(request), idOf(request, "Member"), reason);
    return { ok: true };
  });
  app.post<{ Params: { id: string } }>("/api/admin/members/:id/admin", async (request) => {
    const { admin, reason } = parseOr400(adminRoleSchema, request.body);
    await setAdminRole(ctx, actorOf(request), idOf(request, "Member"), admin, reason);
    return { ok: true };
  });

  app.get("/api/admin/reports", async (request) => {
    const query = parseOr400(adminReportsQuerySchema, request.query);
    return listReports(db, query, actorOf(request).id);
  });

  app.get<{ Params: { id: string } }>("/api/admin/reports/:id", async (request) =>
    reportDetail(db, idOf(request, "Report")),
  );

  app.post("/api/admin/reports/actions", async (request) => {
    const body = parseOr400(reportActionSchema, request.body);
    return actOnReports(ctx, actorOf(request), body.ids, body.actions, body.reason, body.days);
  });

  app.post<{ Params: { id: string } }>("/api/admin/reports/:id/assign", async (request) => {
    const id = idOf(request, "Report");
    const { mine } = parseOr400(reportAssignSchema, request.body);
    const me = actorOf(request);
    await assignReport(db, id, mine ? me.id : null);
    return { ok: true };
  });

  app.post<{ Params: { id: string } }>("/api/admin/reports/:id/notes", async (request, reply) => {
    const id = idOf(request, "Report");
    const { text } = parseOr400(reportNoteSchema, request.body);
    await addReportNote(db, id, actorOf(request).id, text);
    return reply.status(201).send({ ok: true });
  });

  app.get("/api/admin/pictures", async (request) => {
    const { page, show } = parseOr400(adminPicturesQuerySchema, request.query);
    return listPictures(db, { page, show });
  });

  // Pictures looked at and kept: they leave the queue, each with its audit entry.
  app.post(ADMIN_PATHS.picturesReviewed, async (request) => {
    const { ids } = parseOr400(picturesReviewedSchema, request.body);
    const reviewed = await markPicturesReviewed(db, actorOf(request), ids);
    return { ok: true, reviewed };
  });

  app.post<{ Params: { id: string } }>("/api/admin/pictures/:id/remove", async (request) => {
    const { reason } = parseOr400(pictureRemoveSchema, request.body);
    await removePicture(ctx, actorOf(request), idOf(request, "Picture"), reason);
    return { ok: true };
  });

  app.get("/api/admin/audit", async (request) => {
    const query = parseOr400(auditQuerySchema, request.query);
    return listAuditEntries(db, query);
  });
}
