import type { FastifyInstance } from "fastify";
import { API_PATHS, reportRequestSchema, type MemberProfile } from "@vicinity/contract";
import type { AppContext } from "../http/context";
import { readFor } from "../http/reads";
import type { Db } from "../db/database";
import { sendOk } from "../http/context";
import { badRequest, isUuid, notFound, parseOr400 } from "../http/errors";
import { checkMemberReport, fileReport } from "../reports/service";
import { profileSignals, recordProfileView } from "../signals/service";
import { toNearbyUser } from "./nearby";
import { listPhotos } from "./photos";
import { blockMember, findProfileRow, listBlocked, unblockMember, type ProfileRow } from "./members";

/** The member profile, block and report (decisions.md, "Messages": block hides each from the other). */
export function registerMemberRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  /** The member, unless he does not exist, is suspended, or blocked the viewer: all three read "not found". */
  async function findTarget(viewerId: string, id: string, on: Db = db): Promise<ProfileRow> {
    if (!isUuid(id)) throw notFound("Member not found");
    const row = await findProfileRow(on, viewerId, id);
    if (!row || row.blocked_me) throw notFound("Member not found");
    return row;
  }

  app.get(API_PATHS.blocked, async (request) => {
    const me = request.member;
    return listBlocked(db, me.id);
  });

  app.get<{ Params: { id: string } }>("/api/users/:id", async (request) => {
    const me = request.member;
    const profile = await readFor(ctx, request, async (on): Promise<MemberProfile> => {
      const r = await findTarget(me.id, request.params.id, on);
      const isSelf = r.id === me.id;
      return {
        // Himself: no distance to himself, no score with himself.
        ...toNearbyUser(
          { ...r, meters: isSelf ? null : r.meters },
          isSelf ? null : { age: me.age, interests: me.interests },
          Date.now(),
        ),
        photos: await listPhotos(on, r.id),
        isBlocked: Boolean(r.i_blocked),
        signals: await profileSignals(on, me.id, r.id),
      };
    });
    // His visit shows in the other's "viewed me" (not his own, not in private mode, not turned off).
    if (!profile.isBlocked) await recordProfileView(db, me, profile.id);
    return profile;
  });

  app.post<{ Params: { id: string } }>("/api/users/:id/block", async (request, reply) => {
    const me = request.member;
    if (request.params.id === me.id) throw badRequest("You cannot block yourself");
    const target = await findTarget(me.id, request.params.id);
    if (await blockMember(db, me.id, target.id)) ctx.activity.record("block", me.id);
    // Each disappears from the other's live map.
    ctx.mapChanges.memberChanged(me.id);
    ctx.mapChanges.memberChanged(target.id);
    return sendOk(reply);
  });

  app.delete<{ Params: { id: string } }>("/api/users/:id/block", async (request, reply) => {
    const me = request.member;
    if (!isUuid(request.params.id)) throw notFound("Member not found");
    await unblockMember(db, me.id, request.params.id);
    ctx.mapChanges.memberChanged(me.id);
    ctx.mapChanges.memberChanged(request.params.id);
    return sendOk(reply);
  });

  app.post<{ Params: { id: string } }>("/api/users/:id/report", async (request, reply) => {
    const me = request.member;
    const body = parseOr400(reportRequestSchema, request.body);
    if (request.params.id === me.id) throw badRequest("You cannot report yourself");
    if (!isUuid(request.params.id)) throw notFound("Member not found");
    // Looked up without the blocks: a member who blocked the reporter can still be reported.
    const reportedId = await checkMemberReport(db, me.id, request.params.id, body);
    await fileReport(
      ctx,
      me.id,
      { kind: "member", reportedId, messageId: body.messageId, mediaId: body.mediaId },
      body,
    );
    return reply.status(201).send({ ok: true });
  });
}
