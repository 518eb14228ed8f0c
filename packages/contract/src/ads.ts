import * as z from "zod/mini";
import { nameText, plainText, withThousands } from "./text";
import { timeZoneSchema } from "./events";

/**
 * Ads (issue 14; decisions.md, "Ad delivery"): campaigns made in the admin area, delivered by the
 * server at most one per screenful of the grid, counted honestly: an impression only when the ad
 * was at least half on screen for a second, once per view; clicks through a signed, short-lived,
 * single-use redirect; caps enforced by the server per member and never exceeded.
 */
export const AD_HEADLINE_MAX = 40;
export const AD_BODY_MAX = 90;
export const AD_ADVERTISER_MAX = 60;
export const AD_CTA_MAX = 20;
export const AD_RADII_KM = [1, 2, 5, 10, 25, 50, 100, 250] as const;
export const AD_WEIGHT_MAX = 100;
export const AD_FREQUENCY_CAP_MAX = 20;
/** How long a served ad's click link works. */
export const AD_CLICK_TTL_MS = 60 * 60_000;
/** The grid shows an ad after this many cards (one per screenful). */
export const AD_GRID_EVERY = 12;
/** Viewable: at least this share of the ad on screen ... */
export const AD_VIEWABLE_SHARE = 0.5;
/** ... for at least this long. */
export const AD_VIEWABLE_MS = 1000;

export const AD_STATUSES = ["draft", "scheduled", "active", "paused", "ended"] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

const count = (label: string, max = 100_000_000) =>
  z
    .number({ error: `${label} must be a number` })
    .check(z.int(`${label} must be a whole number`), z.gte(1, `${label} must be at least 1`), z.lte(max, `${label} can be at most ${withThousands(max)}`));

/** POST /api/admin/ads and PUT /api/admin/ads/:id: the creator's form. */
export const adInputSchema = z
  .strictObject({
    advertiser: nameText("Advertiser").check(z.trim(), z.minLength(1, "Advertiser is required"), z.maxLength(AD_ADVERTISER_MAX, `Advertiser can be at most ${AD_ADVERTISER_MAX} characters`)),
    headline: nameText("Headline").check(z.trim(), z.minLength(1, "Headline is required"), z.maxLength(AD_HEADLINE_MAX, `Headline can be at most ${AD_HEADLINE_MAX} characters`)),
    body: plainText("Text").check(z.trim(), z.minLength(1, "Text is required"), z.maxLength(AD_BODY_MAX, `Text can be at most ${AD_BODY_MAX} characters`)),
    callToAction: nameText("Call to action").check(z.trim(), z.minLength(1, "Call to action is required"), z.maxLength(AD_CTA_MAX, `Call to action can be at most ${AD_CTA_MAX} characters`)),
    destinationUrl: z.string({ error: "Destination must be a link" }).check(
      z.maxLength(2000, "Destination can be at most 2000 characters"),
      z.refine(
        (value) => {
          try {
            return new URL(value).protocol === "https:";
          } catch {
            return false;
          }
        },
        { error: "Destination must be an https:// link" },
      ),
    ),
    mediaId: z.nullable(z.uuid("mediaId is not a picture id")),
    /** Targeting: a centre and a radius (both or neither), an age range, interests (any of them). */
    area: z.nullable(
      z.strictObject({
        latitude: z.number("latitude must be a number").check(z.gte(-90, "latitude must be between -90 and 90"), z.lte(90, "latitude must be between -90 and 90")),
        longitude: z.number("longitude must be a number").check(z.gte(-180, "longitude must be between -180 and 180"), z.lte(180, "longitude must be between -180 and 180")),
        radiusKm: z.number().check(z.refine((r) => (AD_RADII_KM as readonly number[]).includes(r), { error: `radiusKm must be one of ${AD_RADII_KM.join(", ")}` })),
      }),
    ),
    // (Messages of their own: the web app's zod carries no English defaults.)
    ageMin: z.nullable(z.int("Ages must be whole numbers").check(z.gte(18, "Ages start at 18"), z.lte(99, "Ages end at 99"))),
    ageMax: z.nullable(z.int("Ages must be whole numbers").check(z.gte(18, "Ages start at 18"), z.lte(99, "Ages end at 99"))),
    interests: z.array(plainText("Interests").check(z.trim(), z.minLength(1, "An interest cannot be empty"), z.maxLength(30, "An interest can be at most 30 characters"))).check(z.maxLength(10, "At most 10 interests")),
    startsAt: z.iso.datetime({ offset: true, error: "startsAt must be a date and time (ISO 8601)" }),
    endsAt: z.iso.datetime({ offset: true, error: "endsAt must be a date and time (ISO 8601)" }),
    timeZone: timeZoneSchema,
    weight: count("Weight", AD_WEIGHT_MAX),
    totalCap: z.nullable(count("Total cap")),
    dailyCap: z.nullable(count("Daily cap")),
    frequencyCap: count("Frequency cap", AD_FREQUENCY_CAP_MAX),
  })
  .check(
    z.refine((a) => Date.parse(a.endsAt) > Date.parse(a.startsAt), { error: "The end must be after the start", path: ["endsAt"] }),
    z.refine((a) => a.ageMin === null || a.ageMax === null || a.ageMin <= a.ageMax, { error: "The youngest age must not be above the oldest", path: ["ageMax"] }),
    z.refine((a) => a.totalCap === null || a.dailyCap === null || a.dailyCap <= a.totalCap, { error: "The daily cap must not be above the total cap", path: ["dailyCap"] }),
  );
export type AdInput = z.infer<typeof adInputSchema>;

/** POST /api/admin/ads/:id/status */
export const adStatusSchema = z.strictObject({ status: z.enum(["active", "paused", "ended"], { error: "status must be active, paused or ended" }) });

export const adFiguresSchema = z.object({ impressions: z.int(), reach: z.int(), clicks: z.int(), ctr: z.number() });
export const adCampaignSchema = z.object({
  id: z.string(),
  input: z.looseObject({}),
  status: z.enum(AD_STATUSES),
  today: adFiguresSchema,
  total: adFiguresSchema,
  createdAt: z.string(),
});
export type AdCampaign = z.infer<typeof adCampaignSchema>;

/** What a member's grid gets: the ad, and where its view and click go. */
export const servedAdSchema = z.object({
  viewToken: z.string(),
  campaignId: z.string(),
  advertiser: z.string(),
  headline: z.string(),
  body: z.string(),
  callToAction: z.string(),
  imageUrl: z.nullable(z.string()),
  /** The signed, single-use redirect to the destination (no member data in it). */
  clickUrl: z.string(),
  /** "Why am I seeing this?" */
  why: z.array(z.string()),
});
export type ServedAd = z.infer<typeof servedAdSchema>;

export const adImpressionSchema = z.strictObject({ viewToken: z.string().check(z.minLength(10), z.maxLength(200)) });

export const AD_PATHS = {
  next: "/api/ads/next",
  impressions: "/api/ads/impressions",
  hide: (campaignId: string) => `/api/ads/${encodeURIComponent(campaignId)}/hide`,
} as const;

/** One day of a campaign's figures (GET /api/admin/ads/:id), in the server's day. */
export const adDaySchema = z.extend(adFiguresSchema, { day: z.string() });
export type AdDay = z.infer<typeof adDaySchema>;
/** GET /api/admin/ads/:id: the campaign, and its figures per day for the chart. */
export const adCampaignDetailSchema = z.extend(adCampaignSchema, { days: z.array(adDaySchema) });
export type AdCampaignDetail = z.infer<typeof adCampaignDetailSchema>;

export const AD_ADMIN_PATHS = {
  campaigns: "/api/admin/ads",
  campaign: (id: string) => `/api/admin/ads/${encodeURIComponent(id)}`,
  status: (id: string) => `/api/admin/ads/${encodeURIComponent(id)}/status`,
  duplicate: (id: string) => `/api/admin/ads/${encodeURIComponent(id)}/duplicate`,
} as const;

/** The label of each status, as the campaigns list shows it. */
export const AD_STATUS_LABELS: Record<AdStatus, string> = { draft: "Draft", scheduled: "Scheduled", active: "Active", paused: "Paused", ended: "Ended" };
