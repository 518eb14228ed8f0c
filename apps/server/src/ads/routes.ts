import type { FastifyInstance, FastifyRequest } from "fastify";
import { AD_PATHS, adImpressionSchema, adInputSchema, adStatusSchema } from "@vicinity/contract";
import type { AppContext } from "../http/context";
import { isUuid, notFound, parseOr400, tooManyRequests } from "../http/errors";
import {
  campaignDetail,
  createCampaign,
  duplicateCampaign,
  hideCampaign,
  listCampaigns,
  setCampaignStatus,
  updateCampaign,
} from "./campaigns";
import { countImpression, openClick, pickAd, recordClick } from "./service";

type IdRequest = FastifyRequest<{ Params: { id: string } }>;
const idOf = (request: IdRequest) => {
  if (!isUuid(request.params.id)) throw notFound("Campaign not found");
  return request.params.id;
};

/** Ads for members: the next ad of a screenful, its viewable impression, hiding it. */
export function registerAdMemberRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const asks = ctx.limits.get("ads-next", 120, 60_000);

  app.get(AD_PATHS.next, async (request, reply) => {
    const me = request.member;
    if (!(await asks.take(me.id)).allowed) throw tooManyRequests("Too many requests for ads.", 60);
    const ad = await pickAd(db, config.sessionSecret, { id: me.id, age: me.age, interests: me.interests });
    if (!ad) return reply.status(204).send();
    return ad;
  });

  app.post(AD_PATHS.impressions, async (request) => {
    const me = request.member;
    const { viewToken } = parseOr400(adImpressionSchema, request.body);
    const counted = await countImpression(db, me.id, viewToken);
    if (counted) ctx.activity.record("adImpression", me.id);
    return { counted };
  });

  app.post<{ Params: { id: string } }>("/api/ads/:id/hide", async (request) => {
    const me = request.member;
    await hideCampaign(db, me.id, idOf(request));
    return { ok: true };
  });
}

/** The click redirect: signed, short-lived, counted once; the destination gets no member data (not even a referrer). */
export function registerAdClickRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { link: string } }>("/api/ads/click/:link", async (request, reply) => {
    const token = openClick(ctx.config.sessionSecret, request.params.link);
    if (!token) throw notFound("This link has expired");
    const { destination, userId } = await recordClick(ctx.db, token);
    if (userId) ctx.activity.record("adClick", userId);
    return reply
      .header("Referrer-Policy", "no-referrer")
      .header("Cache-Control", "no-store")
      .redirect(destination, 302);
  });
}

/** The ads admin: in the admin group, every change audited. */
export function registerAdAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const actor = (request: FastifyRequest) => {
    const me = request.member;
    return { id: me.id, username: me.username };
  };

  app.get("/api/admin/ads", async () => listCampaigns(db));

  app.get<{ Params: { id: string } }>("/api/admin/ads/:id", async (request) => campaignDetail(db, idOf(request)));

  // A new campaign is a draft until it is made active.
  app.post("/api/admin/ads", async (request, reply) => {
    const input = parseOr400(adInputSchema, request.body);
    return reply.status(201).send(await createCampaign(db, actor(request), input));
  });

  app.put<{ Params: { id: string } }>("/api/admin/ads/:id", async (request) => {
    const id = idOf(request);
    const input = parseOr400(adInputSchema, request.body);
    return updateCampaign(db, actor(request), id, input);
  });

  app.post<{ Params: { id: string } }>("/api/admin/ads/:id/status", async (request) => {
    const id = idOf(request);
    const { status } = parseOr400(adStatusSchema, request.body);
    return setCampaignStatus(db, actor(request), id, status);
  });

  app.post<{ Params: { id: string } }>("/api/admin/ads/:id/duplicate", async (request, reply) => {
    const id = idOf(request);
    return reply.status(201).send(await duplicateCampaign(db, actor(request), id));
  });
}
