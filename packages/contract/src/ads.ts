import * as z from "zod/mini";
import { nameText, plainText, withThousands } from "./text";
import { timeZoneSchema } from "./events";

/**
 * Ads (decisions.md, "Ad delivery"): campaigns made in the admin area, delivered by the
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
/**
 * The most views a member can be served whose impression was not counted, within a click link's
 * life (AD_CLICK_TTL_MS): each served view is a click link, so GET /api/ads/next cannot mint them
 * without end. A counted view no longer holds him back; at the limit he is served no ad (204).
 */
export const AD_UNCOUNTED_VIEWS_MAX = 30;
/** A campaign's start and end fall within these years (UTC), both included. */
export const AD_DATE_YEAR_MIN = 2000;
export const AD_DATE_YEAR_MAX = 2100;
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
    .check(
      z.int(`${label} must be a whole number`),
      z.gte(1, `${label} must be at least 1`),
      z.lte(max, `${label} can be at most ${withThousands(max)}`),
    );

const AD_DESTINATION_MAX = 2000;
/** Control characters (C0, DEL and C1): `new URL` drops some (CR, LF, tab) and a header cannot hold them. */
// eslint-disable-next-line no-control-regex
const URL_CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * An ad's destination as it will be stored and redirected to: the parsed link's `href` (what a
 * browser follows), or null when it is no https link or holds a control character or a backslash
 * (which URL parsers read differently: `https://evil\@good/` is the host `evil` to one, `good` to
 * another). The click redirect checks a stored destination with it again.
 */
export function adDestinationHref(value: string): string | null {
  if (URL_CONTROL_CHARACTER.test(value) || value.includes("\\")) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

const adDestinationSchema = z.string({ error: "Destination must be a link" }).check(
  z.maxLength(AD_DESTINATION_MAX, {
    error: `Destination can be at most ${AD_DESTINATION_MAX} characters`,
    abort: true,
  }),
  z.refine((value) => !URL_CONTROL_CHARACTER.test(value), {
    error: "Destination can't contain control characters (a line break or a tab included)",
    abort: true,
  }),
  z.refine((value) => !value.includes("\\"), {
    error: "Destination can't contain a backslash (\\): write / instead",
    abort: true,
  }),
  z.refine((value) => adDestinationHref(value) !== null, {
    error: "Destination must be an https:// link",
    abort: true,
  }),
  z.refine((value) => (adDestinationHref(value) ?? "").length <= AD_DESTINATION_MAX, {
    error: `Destination can be at most ${AD_DESTINATION_MAX} characters once encoded`,
    abort: true,
  }),
  // Stored as the browser will follow it (host in lower case, dot segments resolved, spaces encoded).
  z.overwrite((value) => adDestinationHref(value) ?? value),
);

const yearsMessage = (label: string) =>
  `${label} must be a date and time between ${AD_DATE_YEAR_MIN} and ${AD_DATE_YEAR_MAX} (UTC)`;
/** A campaign's start or end: ISO 8601 with an offset, within the years a campaign can run (the database and `Date` both hold it). */
const adDate = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO 8601)` }).check(
    z.refine(
      (value) => {
        const at = Date.parse(value);
        return (
          Number.isFinite(at) && at >= Date.UTC(AD_DATE_YEAR_MIN, 0, 1) && at < Date.UTC(AD_DATE_YEAR_MAX + 1, 0, 1)
        );
      },
      { error: yearsMessage(label) },
    ),
  );

/** POST /api/admin/ads and PUT /api/admin/ads/:id: the creator's form. */
export const adInputSchema = z
  .strictObject({
    advertiser: nameText("Advertiser").check(
      z.trim(),
      z.minLength(1, "Advertiser is required"),
      z.maxLength(AD_ADVERTISER_MAX, `Advertiser can be at most ${AD_ADVERTISER_MAX} characters`),
    ),
    headline: nameText("Headline").check(
      z.trim(),
      z.minLength(1, "Headline is required"),
      z.maxLength(AD_HEADLINE_MAX, `Headline can be at most ${AD_HEADLINE_MAX} characters`),
    ),
    body: plainText("Text").check(
      z.trim(),
      z.minLength(1, "Text is required"),
      z.maxLength(AD_BODY_MAX, `Text can be at most ${AD_BODY_MAX} characters`),
    ),
    callToAction: nameText("Call to action").check(
      z.trim(),
      z.minLength(1, "Call to action is required"),
      z.maxLength(AD_CTA_MAX, `Call to action can be at most ${AD_CTA_MAX} characters`),
    ),
    destinationUrl: adDestinationSchema,
    mediaId: z.nullable(z.uuid("mediaId is not a picture id")),
    /** Targeting: a centre and a radius (both or neither), an age range, interests (any of them). */
    area: z.nullable(
      z.strictObject({
        latitude: z
          .number("latitude must be a number")
          .check(z.gte(-90, "latitude must be between -90 and 90"), z.lte(90, "latitude must be between -90 and 90")),
        longitude: z
          .number("longitude must be a number")
          .check(
            z.gte(-180, "longitude must be between -180 and 180"),
            z.lte(180, "longitude must be between -180 and 180"),
          ),
        radiusKm: z.number().check(
          z.refine((r) => (AD_RADII_KM as readonly number[]).includes(r), {
            error: `radiusKm must be one of ${AD_RADII_KM.join(", ")}`,
          }),
        ),
      }),
    ),
    // (Messages of their own: the web app's zod carries no English defaults.)
    ageMin: z.nullable(
      z.int("Ages must be whole numbers").check(z.gte(18, "Ages start at 18"), z.lte(99, "Ages end at 99")),
    ),
    ageMax: z.nullable(
      z.int("Ages must be whole numbers").check(z.gte(18, "Ages start at 18"), z.lte(99, "Ages end at 99")),
    ),
    interests: z
      .array(
        plainText("Interests").check(
          z.trim(),
          z.minLength(1, "An interest cannot be empty"),
          z.maxLength(30, "An interest can be at most 30 characters"),
        ),
      )
      .check(z.maxLength(10, "At most 10 interests")),
    startsAt: adDate("startsAt"),
    endsAt: adDate("endsAt"),
    timeZone: timeZoneSchema,
    weight: count("Weight", AD_WEIGHT_MAX),
    totalCap: z.nullable(count("Total cap")),
    dailyCap: z.nullable(count("Daily cap")),
    frequencyCap: count("Frequency cap", AD_FREQUENCY_CAP_MAX),
  })
  .check(
    z.refine((a) => Date.parse(a.endsAt) > Date.parse(a.startsAt), {
      error: "The end must be after the start",
      path: ["endsAt"],
    }),
    z.refine((a) => a.ageMin === null || a.ageMax === null || a.ageMin <= a.ageMax, {
      error: "The youngest age must not be above the oldest",
      path: ["ageMax"],
    }),
    z.refine((a) => a.totalCap === null || a.dailyCap === null || a.dailyCap <= a.totalCap, {
      error: "The daily cap must not be above the total cap",
      path: ["dailyCap"],
    }),
  );
export type AdInput = z.infer<typeof adInputSchema>;

/** POST /api/admin/ads/:id/status */
export const adStatusSchema = z.strictObject({
  status: z.enum(["active", "paused", "ended"], { error: "status must be active, paused or ended" }),
});

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
export const AD_STATUS_LABELS: Record<AdStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  active: "Active",
  paused: "Paused",
  ended: "Ended",
};
