import { desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AD_PATHS, adImpressionSchema, adInputSchema, adStatusSchema, type AdCampaign } from "@vicinity/contract";
import type { AppContext } from "../http/context";
import { requireMember } from "../http/context";
import { badRequest, isUuid, notFound, parseOr400, tooManyRequests } from "../http/errors";
import { queryRows } from "../db/database";
import { adCampaigns, adHidden } from "../db/schema";
import { audit } from "../admin/service";
import { assertEditable, checkAdPicture, columnsOf, countImpression, dayOf, inputOf, openClick, pickAd, recordClick, statusOf } from "./service";

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
    const me = requireMember(request);
    if (!(await asks.take(me.id)).allowed) throw tooManyRequests("Too many requests for ads.", 60);
    const ad = await pickAd(db, config.sessionSecret, { id: me.id, age: me.age, interests: me.interests });
    if (!ad) return reply.status(204).send();
    return ad;
  });

  app.post(AD_PATHS.impressions, async (request) => {
    const me = requireMember(request);
    const { viewToken } = parseOr400(adImpressionSchema, request.body);
    const counted = await countImpression(db, me.id, viewToken);
    if (counted) ctx.activity.record("adImpression", me.id);
    return { counted };
  });

  app.post<{ Params: { id: string } }>("/api/ads/:id/hide", async (request) => {
    const me = requireMember(request);
    const id = idOf(request);
    const [campaign] = await db.select({ id: adCampaigns.id }).from(adCampaigns).where(eq(adCampaigns.id, id)).limit(1);
    if (!campaign) throw notFound("Campaign not found");
    await db.insert(adHidden).values({ campaignId: id, userId: me.id }).onConflictDoNothing();
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
    return reply.header("Referrer-Policy", "no-referrer").header("Cache-Control", "no-store").redirect(destination, 302);
  });
}

interface Figures extends Record<string, unknown> {
  campaign_id: string;
  impressions: number;
  reach: number;
  clicks: number;
}

const figures = (f: Figures | undefined) => {
  const impressions = Number(f?.impressions ?? 0);
  const clicks = Number(f?.clicks ?? 0);
  return { impressions, reach: Number(f?.reach ?? 0), clicks, ctr: impressions > 0 ? Math.round((clicks / impressions) * 10_000) / 100 : 0 };
};

/** The ads admin (issue 14, item 1): in the admin group, every change audited. */
export function registerAdAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const actor = (request: FastifyRequest) => {
    const me = requireMember(request);
    return { id: me.id, username: me.username };
  };

  const present = async (rows: Array<typeof adCampaigns.$inferSelect>): Promise<AdCampaign[]> => {
    if (rows.length === 0) return [];
    const ids = sql.join(rows.map((r) => sql`${r.id}::uuid`), sql`, `);
    const today = await queryRows<Figures>(db, sql`SELECT campaign_id, impressions, reach, clicks FROM ad_daily WHERE day = ${dayOf()} AND campaign_id IN (${ids})`);
    // Reach over the whole campaign: distinct members with a counted view.
    const total = await queryRows<Figures>(
      db,
      sql`SELECT c.id AS campaign_id, c.impressions,
                 (SELECT count(DISTINCT v.user_id)::int FROM ad_views v WHERE v.campaign_id = c.id AND v.counted_at IS NOT NULL) AS reach,
                 (SELECT count(*)::int FROM ad_views v WHERE v.campaign_id = c.id AND v.clicked_at IS NOT NULL) AS clicks
          FROM ad_campaigns c WHERE c.id IN (${ids})`,
    );
    return rows.map((c) => ({
      id: c.id,
      input: inputOf(c),
      status: statusOf(c),
      today: figures(today.find((f) => f.campaign_id === c.id)),
      total: figures(total.find((f) => f.campaign_id === c.id)),
      createdAt: c.createdAt.toISOString(),
    }));
  };
  const one = async (id: string) => {
    const [row] = await db.select().from(adCampaigns).where(eq(adCampaigns.id, id)).limit(1);
    if (!row) throw notFound("Campaign not found");
    return row;
  };

  app.get("/api/admin/ads", async () => present(await db.select().from(adCampaigns).orderBy(desc(adCampaigns.createdAt)).limit(500)));

  app.get<{ Params: { id: string } }>("/api/admin/ads/:id", async (request) => {
    const [campaign] = await present([await one(idOf(request))]);
    const days = await queryRows<{ day: string; impressions: number; reach: number; clicks: number }>(db, sql`SELECT day, impressions, reach, clicks FROM ad_daily WHERE campaign_id = ${campaign!.id}::uuid ORDER BY day`);
    return { ...campaign, days: days.map((d) => ({ day: d.day, ...figures({ campaign_id: campaign!.id, ...d }) })) };
  });

  // A new campaign is a draft until it is made active.
  app.post("/api/admin/ads", async (request, reply) => {
    const input = parseOr400(adInputSchema, request.body);
    await checkAdPicture(db, input.mediaId);
    const who = actor(request);
    const created = await db.transaction(async (tx) => {
      const [row] = await tx.insert(adCampaigns).values({ ...columnsOf(input), status: "draft", createdById: who.id }).returning();
      await audit(tx as unknown as typeof db, who, "create_ad", "ad", row!.id, "", { headline: input.headline });
      return row!;
    });
    return reply.status(201).send((await present([created]))[0]);
  });

  app.put<{ Params: { id: string } }>("/api/admin/ads/:id", async (request) => {
    const id = idOf(request);
    const input = parseOr400(adInputSchema, request.body);
    assertEditable(await one(id));
    await checkAdPicture(db, input.mediaId);
    const who = actor(request);
    await db.transaction(async (tx) => {
      await tx.update(adCampaigns).set({ ...columnsOf(input), updatedAt: new Date() }).where(eq(adCampaigns.id, id));
      await audit(tx as unknown as typeof db, who, "edit_ad", "ad", id, "");
    });
    return (await present([await one(id)]))[0];
  });

  app.post<{ Params: { id: string } }>("/api/admin/ads/:id/status", async (request) => {
    const id = idOf(request);
    const { status } = parseOr400(adStatusSchema, request.body);
    const campaign = await one(id);
    assertEditable(campaign);
    if (status === "active" && campaign.endsAt.getTime() <= Date.now()) throw badRequest("The campaign's end has passed: change its schedule first");
    const who = actor(request);
    await db.transaction(async (tx) => {
      await tx.update(adCampaigns).set({ status, updatedAt: new Date() }).where(eq(adCampaigns.id, id));
      await audit(tx as unknown as typeof db, who, `ad_${status}`, "ad", id, "");
    });
    return (await present([await one(id)]))[0];
  });

  app.post<{ Params: { id: string } }>("/api/admin/ads/:id/duplicate", async (request, reply) => {
    const campaign = await one(idOf(request));
    const who = actor(request);
    const copy = await db.transaction(async (tx) => {
      const [row] = await tx.insert(adCampaigns).values({ ...columnsOf(inputOf(campaign)), status: "draft", createdById: who.id }).returning();
      await audit(tx as unknown as typeof db, who, "duplicate_ad", "ad", row!.id, "", { from: campaign.id });
      return row!;
    });
    return reply.status(201).send((await present([copy]))[0]);
  });
}
