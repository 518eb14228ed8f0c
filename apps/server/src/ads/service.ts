import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import {
  AD_CLICK_TTL_MS,
  AD_UNCOUNTED_VIEWS_MAX,
  adDestinationHref,
  type AdInput,
  type AdStatus,
  type ServedAd,
} from "@vicinity/contract";
import { queryRows, type Db } from "../db/database";
import { adCampaigns, adViews, media } from "../db/schema";
import { badRequest, conflict, notFound } from "../http/errors";

type CampaignRow = typeof adCampaigns.$inferSelect;

/** The UTC day an impression counts in (caps and roll-ups). */
export const dayOf = (date = new Date()) => date.toISOString().slice(0, 10);

export function statusOf(c: Pick<CampaignRow, "status" | "startsAt" | "endsAt">, now = Date.now()): AdStatus {
  if (c.status === "active" && c.endsAt.getTime() <= now) return "ended";
  if (c.status === "active" && c.startsAt.getTime() > now) return "scheduled";
  return c.status;
}

export function columnsOf(input: AdInput) {
  return {
    advertiser: input.advertiser,
    headline: input.headline,
    body: input.body,
    callToAction: input.callToAction,
    destinationUrl: input.destinationUrl,
    mediaId: input.mediaId,
    centerLatitude: input.area?.latitude ?? null,
    centerLongitude: input.area?.longitude ?? null,
    radiusKm: input.area?.radiusKm ?? null,
    ageMin: input.ageMin,
    ageMax: input.ageMax,
    interests: input.interests,
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    timeZone: input.timeZone,
    weight: input.weight,
    totalCap: input.totalCap,
    dailyCap: input.dailyCap,
    frequencyCap: input.frequencyCap,
  };
}

export function inputOf(c: CampaignRow): AdInput {
  return {
    advertiser: c.advertiser,
    headline: c.headline,
    body: c.body,
    callToAction: c.callToAction,
    destinationUrl: c.destinationUrl,
    mediaId: c.mediaId,
    area:
      c.centerLatitude !== null && c.centerLongitude !== null && c.radiusKm !== null
        ? { latitude: c.centerLatitude, longitude: c.centerLongitude, radiusKm: c.radiusKm }
        : null,
    ageMin: c.ageMin,
    ageMax: c.ageMax,
    interests: c.interests,
    startsAt: c.startsAt.toISOString(),
    endsAt: c.endsAt.toISOString(),
    timeZone: c.timeZone,
    weight: c.weight,
    totalCap: c.totalCap,
    dailyCap: c.dailyCap,
    frequencyCap: c.frequencyCap,
  };
}

export async function checkAdPicture(db: Db, mediaId: string | null): Promise<void> {
  if (!mediaId) return;
  const [picture] = await db.select({ kind: media.kind }).from(media).where(eq(media.id, mediaId)).limit(1);
  if (!picture) throw badRequest("Picture not found: upload it first");
  if (picture.kind !== "ad") throw badRequest("Upload the picture as an ad picture (kind=ad)");
}

/** The signature of a click link: the view's token and its expiry, under the server's secret. */
function clickMac(secret: string, token: string, expires: number): string {
  return createHmac("sha256", secret).update(`ad-click:${token}.${expires}`).digest("base64url");
}

export function clickPath(secret: string, token: string, now = Date.now()): string {
  const expires = now + AD_CLICK_TTL_MS;
  return `/api/ads/click/${token}.${expires}.${clickMac(secret, token, expires)}`;
}

/** The view a click link names, or null (made up, changed or expired). */
export function openClick(secret: string, value: string, now = Date.now()): string | null {
  const m = /^([A-Za-z0-9_-]{20,60})\.(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!m) return null;
  const [, token, expires, mac] = m as unknown as [string, string, string, string];
  if (Number(expires) < now) return null;
  const expected = Buffer.from(clickMac(secret, token, Number(expires)));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? token : null;
}

interface Viewer {
  id: string;
  age: number | null;
  interests: readonly string[];
}

interface Eligible extends Record<string, unknown> {
  id: string;
  weight: number;
  advertiser: string;
  headline: string;
  body: string;
  call_to_action: string;
  media_id: string | null;
  radius_km: number | null;
  age_min: number | null;
  age_max: number | null;
  interests: string[] | string;
}

const toArray = (value: string[] | string) =>
  Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, "")
        .split(",")
        .filter(Boolean)
        .map((s) => s.replace(/^"|"$/g, ""));

/**
 * The ad for a member now, or null: among running campaigns that target him
 * (his area by his own stored position, which never leaves the server; his age; any of his
 * interests), that he did not hide, under their caps (his frequency cap today, the daily and total
 * caps), and on pace (today's impressions no more than the daily cap times the share of the day
 * gone, so a campaign is not spent by breakfast). Chosen at random by weight.
 */
export async function pickAd(
  db: Db,
  secret: string,
  viewer: Viewer,
  random: () => number = Math.random,
): Promise<ServedAd | null> {
  const today = dayOf();
  const dayShare = (Date.now() - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
  const mine =
    viewer.interests.length > 0
      ? sql`ARRAY[${sql.join(
          viewer.interests.map((i) => sql`${i.toLowerCase()}`),
          sql`, `,
        )}]::text[]`
      : sql`ARRAY[]::text[]`;
  const rows = await queryRows<Eligible>(
    db,
    sql`
      SELECT c.id, c.weight, c.advertiser, c.headline, c.body, c.call_to_action, c.media_id, c.radius_km, c.age_min, c.age_max, c.interests
      FROM ad_campaigns c
      LEFT JOIN locations l ON l.user_id = ${viewer.id}::uuid
      LEFT JOIN ad_member_days md ON md.campaign_id = c.id AND md.user_id = ${viewer.id}::uuid AND md.day = ${today}
      LEFT JOIN ad_daily d ON d.campaign_id = c.id AND d.day = ${today}
      WHERE c.status = 'active' AND c.starts_at <= now() AND c.ends_at > now()
        AND (c.radius_km IS NULL OR (l.user_id IS NOT NULL AND earth_distance(ll_to_earth(l.latitude, l.longitude), ll_to_earth(c.center_latitude, c.center_longitude)) <= c.radius_km * 1000))
        AND (c.age_min IS NULL OR ${viewer.age}::int >= c.age_min) AND (c.age_max IS NULL OR ${viewer.age}::int <= c.age_max)
        AND (cardinality(c.interests) = 0 OR EXISTS (SELECT 1 FROM unnest(c.interests) i WHERE lower(i) = ANY (${mine})))
        AND NOT EXISTS (SELECT 1 FROM ad_hidden h WHERE h.campaign_id = c.id AND h.user_id = ${viewer.id}::uuid)
        AND coalesce(md.impressions, 0) < c.frequency_cap
        AND (c.total_cap IS NULL OR c.impressions < c.total_cap)
        AND (c.daily_cap IS NULL OR coalesce(d.impressions, 0) < least(c.daily_cap, greatest(1, ceil(c.daily_cap * ${dayShare}::float8 * 1.1))))`,
  );
  if (rows.length === 0) return null;
  const total = rows.reduce((n, r) => n + Number(r.weight), 0);
  let roll = random() * total;
  const chosen = rows.find((r) => (roll -= Number(r.weight)) < 0) ?? rows[rows.length - 1]!;
  const token = randomBytes(24).toString("base64url");
  if (!(await serveView(db, viewer.id, chosen.id, token))) return null;
  const why: string[] = [];
  if (chosen.radius_km !== null) why.push(`You are within ${Number(chosen.radius_km)} km of the area it is shown in`);
  if (chosen.age_min !== null || chosen.age_max !== null)
    why.push(`It is shown to members aged ${chosen.age_min ?? 18} to ${chosen.age_max ?? 99}`);
  const interests = toArray(chosen.interests);
  if (interests.length > 0) why.push(`It is shown to members interested in ${interests.join(", ")}`);
  if (why.length === 0) why.push("It is shown to every member");
  why.push("The advertiser never learns who you are or where you are");
  return {
    viewToken: token,
    campaignId: chosen.id,
    advertiser: chosen.advertiser,
    headline: chosen.headline,
    body: chosen.body,
    callToAction: chosen.call_to_action,
    imageUrl: chosen.media_id ? `/media/${chosen.media_id}` : null,
    clickUrl: clickPath(secret, token),
    why,
  };
}

/** Two-key advisory locks of the ads (the one-key ones, such as the roll-up's, are another key space). */
const AD_LOCKS = 14;

/**
 * Records a served view (its token is an impression token and a click link), unless the member
 * already holds AD_UNCOUNTED_VIEWS_MAX views whose impression was not counted, served within a
 * click link's life: then none (false). His views are taken in turns (a lock on him for the
 * transaction), so simultaneous asks cannot go over.
 */
async function serveView(db: Db, userId: string, campaignId: string, token: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(sql`SELECT pg_advisory_xact_lock(${AD_LOCKS}::int, hashtext(${userId}))`);
    // Through his uncounted views' index (user_id, created_at WHERE counted_at IS NULL).
    const [held] = await queryRows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM ad_views v
          WHERE v.user_id = ${userId}::uuid AND v.counted_at IS NULL
            AND v.created_at > now() - ${AD_CLICK_TTL_MS}::int * interval '1 millisecond'
            AND v.campaign_id IN (SELECT id FROM ad_campaigns WHERE status = 'active')`,
    );
    if (Number(held?.n ?? 0) >= AD_UNCOUNTED_VIEWS_MAX) return false;
    await t.insert(adViews).values({ token, campaignId, userId });
    return true;
  });
}

/**
 * A viewable impression: counted once per view, and only under the caps. The
 * campaign's row is locked for the transaction, so simultaneous impressions at a cap's edge take
 * turns and none goes over.
 */
export async function countImpression(db: Db, userId: string, token: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [view] = await t.select().from(adViews).where(eq(adViews.token, token)).limit(1);
    if (!view || view.userId !== userId) throw notFound("Ad view not found");
    const [campaign] = await queryRows<{
      id: string;
      frequency_cap: number;
      daily_cap: number | null;
      total_cap: number | null;
      impressions: number;
    }>(
      t,
      sql`SELECT id, frequency_cap, daily_cap, total_cap, impressions FROM ad_campaigns WHERE id = ${view.campaignId}::uuid FOR UPDATE`,
    );
    if (!campaign || view.countedAt) return false;
    const today = dayOf();
    const [mine] = await queryRows<{ impressions: number }>(
      t,
      sql`SELECT impressions FROM ad_member_days WHERE campaign_id = ${campaign.id}::uuid AND user_id = ${userId}::uuid AND day = ${today}`,
    );
    const [daily] = await queryRows<{ impressions: number }>(
      t,
      sql`SELECT impressions FROM ad_daily WHERE campaign_id = ${campaign.id}::uuid AND day = ${today}`,
    );
    if (Number(mine?.impressions ?? 0) >= Number(campaign.frequency_cap)) return false;
    if (campaign.daily_cap !== null && Number(daily?.impressions ?? 0) >= Number(campaign.daily_cap)) return false;
    if (campaign.total_cap !== null && Number(campaign.impressions) >= Number(campaign.total_cap)) return false;
    await t.update(adViews).set({ countedAt: new Date() }).where(eq(adViews.token, token));
    await t.execute(sql`INSERT INTO ad_member_days (campaign_id, user_id, day, impressions) VALUES (${campaign.id}::uuid, ${userId}::uuid, ${today}, 1)
      ON CONFLICT (campaign_id, user_id, day) DO UPDATE SET impressions = ad_member_days.impressions + 1`);
    const firstToday = !mine;
    await t.execute(sql`INSERT INTO ad_daily (campaign_id, day, impressions, reach, clicks) VALUES (${campaign.id}::uuid, ${today}, 1, 1, 0)
      ON CONFLICT (campaign_id, day) DO UPDATE SET impressions = ad_daily.impressions + 1, reach = ad_daily.reach + ${firstToday ? 1 : 0}`);
    await t
      .update(adCampaigns)
      .set({ impressions: sql`${adCampaigns.impressions} + 1` })
      .where(eq(adCampaigns.id, campaign.id));
    return true;
  });
}

/**
 * A click: counted only for a view whose impression was counted, and once (a replayed link, or one
 * opened before its view counted, redirects but counts nothing); answers the destination, or 404
 * when the stored one cannot be sent (stored before adDestinationHref was the rule).
 */
export async function recordClick(db: Db, token: string): Promise<{ destination: string; userId: string | null }> {
  const [view] = await queryRows<{ destination_url: string }>(
    db,
    sql`SELECT c.destination_url FROM ad_views v JOIN ad_campaigns c ON c.id = v.campaign_id WHERE v.token = ${token}`,
  );
  if (!view) throw notFound("This link has expired");
  const destination = adDestinationHref(view.destination_url);
  if (!destination) throw notFound("This ad's link is not available");
  const [hit] = await queryRows<{ campaign_id: string; user_id: string }>(
    db,
    sql`UPDATE ad_views SET clicked_at = now() WHERE token = ${token} AND counted_at IS NOT NULL AND clicked_at IS NULL RETURNING campaign_id, user_id`,
  );
  if (hit) {
    await db.execute(sql`INSERT INTO ad_daily (campaign_id, day, impressions, reach, clicks) VALUES (${hit.campaign_id}::uuid, ${dayOf()}, 0, 0, 1)
      ON CONFLICT (campaign_id, day) DO UPDATE SET clicks = ad_daily.clicks + 1`);
  }
  // The member who clicked, for the analytics: only a counted click.
  return { destination, userId: hit ? hit.user_id : null };
}

export function assertEditable(c: CampaignRow): void {
  if (c.status === "ended") throw conflict("This campaign has ended: duplicate it to run it again");
}
