/** Campaigns as the ads admin manages them (every change audited), and a member hiding one. */

import { desc, eq, sql } from "drizzle-orm";
import type { AdCampaign, AdInput } from "@vicinity/contract";
import { queryRows, type Db } from "../db/database";
import { adCampaigns, adHidden } from "../db/schema";
import { badRequest, notFound } from "../http/errors";
import { audit, type Actor } from "../admin/service";
import { assertEditable, checkAdPicture, columnsOf, dayOf, inputOf, statusOf } from "./service";

type CampaignRow = typeof adCampaigns.$inferSelect;

/** A member hides a campaign: he is not shown it again. */
export async function hideCampaign(db: Db, userId: string, campaignId: string): Promise<void> {
  const [campaign] = await db
    .select({ id: adCampaigns.id })
    .from(adCampaigns)
    .where(eq(adCampaigns.id, campaignId))
    .limit(1);
  if (!campaign) throw notFound("Campaign not found");
  await db.insert(adHidden).values({ campaignId, userId }).onConflictDoNothing();
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
  return {
    impressions,
    reach: Number(f?.reach ?? 0),
    clicks,
    ctr: impressions > 0 ? Math.round((clicks / impressions) * 10_000) / 100 : 0,
  };
};

/** Campaigns with their figures, today's and over the whole campaign. */
async function present(db: Db, rows: CampaignRow[]): Promise<AdCampaign[]> {
  if (rows.length === 0) return [];
  const ids = sql.join(
    rows.map((r) => sql`${r.id}::uuid`),
    sql`, `,
  );
  const today = await queryRows<Figures>(
    db,
    sql`SELECT campaign_id, impressions, reach, clicks FROM ad_daily WHERE day = ${dayOf()} AND campaign_id IN (${ids})`,
  );
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
}

async function one(db: Db, id: string): Promise<CampaignRow> {
  const [row] = await db.select().from(adCampaigns).where(eq(adCampaigns.id, id)).limit(1);
  if (!row) throw notFound("Campaign not found");
  return row;
}

/** The newest campaigns (500 at most) with their figures. */
export async function listCampaigns(db: Db): Promise<AdCampaign[]> {
  return present(db, await db.select().from(adCampaigns).orderBy(desc(adCampaigns.createdAt)).limit(500));
}

/** One campaign with its figures and its figures day by day. */
export async function campaignDetail(db: Db, id: string) {
  const [campaign] = await present(db, [await one(db, id)]);
  const days = await queryRows<{ day: string; impressions: number; reach: number; clicks: number }>(
    db,
    sql`SELECT day, impressions, reach, clicks FROM ad_daily WHERE campaign_id = ${campaign!.id}::uuid ORDER BY day`,
  );
  return { ...campaign, days: days.map((d) => ({ day: d.day, ...figures({ campaign_id: campaign!.id, ...d }) })) };
}

/** A new campaign: a draft until it is made active. */
export async function createCampaign(db: Db, who: Actor, input: AdInput): Promise<AdCampaign | undefined> {
  await checkAdPicture(db, input.mediaId);
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(adCampaigns)
      .values({ ...columnsOf(input), status: "draft", createdById: who.id })
      .returning();
    await audit(tx as unknown as typeof db, who, "create_ad", "ad", row!.id, "", { headline: input.headline });
    return row!;
  });
  return (await present(db, [created]))[0];
}

/** Changes a campaign (not one that has ended). */
export async function updateCampaign(db: Db, who: Actor, id: string, input: AdInput): Promise<AdCampaign | undefined> {
  assertEditable(await one(db, id));
  await checkAdPicture(db, input.mediaId);
  await db.transaction(async (tx) => {
    await tx
      .update(adCampaigns)
      .set({ ...columnsOf(input), updatedAt: new Date() })
      .where(eq(adCampaigns.id, id));
    await audit(tx as unknown as typeof db, who, "edit_ad", "ad", id, "");
  });
  return (await present(db, [await one(db, id)]))[0];
}

/** Starts, pauses or ends a campaign; one whose end has passed cannot start. */
export async function setCampaignStatus(
  db: Db,
  who: Actor,
  id: string,
  status: "active" | "paused" | "ended",
): Promise<AdCampaign | undefined> {
  const campaign = await one(db, id);
  assertEditable(campaign);
  if (status === "active" && campaign.endsAt.getTime() <= Date.now())
    throw badRequest("The campaign's end has passed: change its schedule first");
  await db.transaction(async (tx) => {
    await tx.update(adCampaigns).set({ status, updatedAt: new Date() }).where(eq(adCampaigns.id, id));
    await audit(tx as unknown as typeof db, who, `ad_${status}`, "ad", id, "");
  });
  return (await present(db, [await one(db, id)]))[0];
}

/** A copy of a campaign, as a new draft. */
export async function duplicateCampaign(db: Db, who: Actor, id: string): Promise<AdCampaign | undefined> {
  const campaign = await one(db, id);
  const copy = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(adCampaigns)
      .values({ ...columnsOf(inputOf(campaign)), status: "draft", createdById: who.id })
      .returning();
    await audit(tx as unknown as typeof db, who, "duplicate_ad", "ad", row!.id, "", { from: campaign.id });
    return row!;
  });
  return (await present(db, [copy]))[0];
}
