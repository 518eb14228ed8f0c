import { z } from "zod";
import { MAX_AGE, MIN_AGE, requiredOr } from "./auth";
import { nameText, noControlCharacters, plainText } from "./text";

export const POSITIONS = ["top", "vers-top", "versatile", "vers-bottom", "bottom", "side"] as const;
export const BODY_TYPES = ["slim", "average", "athletic", "muscular", "stocky", "large"] as const;
export const PRESENCE_STATUSES = ["online", "away", "busy", "offline"] as const;

export const BIO_MAX_LENGTH = 500;
export const FIRST_NAME_MAX_LENGTH = 50;
export const MAX_INTERESTS = 10;
export const INTEREST_MAX_LENGTH = 30;
export const DISPLAY_NAME_MAX_LENGTH = 50;

/** Spec section 9: nearby radius 25 (km); the server allows at most 100. */
export const NEARBY_DEFAULT_RADIUS_KM = 25;
export const NEARBY_MAX_RADIUS_KM = 100;
/**
 * The radii a search may use, whole kilometres (issue 18, item 3): a short list, so that bisecting
 * the radius cannot measure anyone's distance.
 */
export const NEARBY_RADII_KM = [1, 2, 5, 10, 25, 50, 100] as const;
export const NEARBY_DEFAULT_LIMIT = 50;
export const NEARBY_MAX_LIMIT = 100;

export const positionSchema = z.enum(POSITIONS, {
  error: `role is the profile's position and must be one of: ${POSITIONS.join(", ")}`,
});
export const bodyTypeSchema = z.enum(BODY_TYPES, { error: `bodyType must be one of: ${BODY_TYPES.join(", ")}` });
export const presenceStatusSchema = z.enum(PRESENCE_STATUSES);
export type PresenceStatus = z.infer<typeof presenceStatusSchema>;

/** Interests: trimmed, empty ones dropped, duplicates (ignoring case) dropped; at most 10 of at most 30 characters; no control characters. */
export const interestsSchema = z
  .array(plainText("Interests", { error: "Each interest must be text" }), { error: "interests must be a list" })
  .transform((list) => {
    const seen = new Set<string>();
    const out: string[] = [];
    for (const raw of list) {
      const item = raw.trim();
      if (!item || seen.has(item.toLowerCase())) continue;
      seen.add(item.toLowerCase());
      out.push(item);
    }
    return out;
  })
  .pipe(
    z
      .array(z.string().max(INTEREST_MAX_LENGTH, `Each interest can be at most ${INTEREST_MAX_LENGTH} characters`))
      .max(MAX_INTERESTS, `At most ${MAX_INTERESTS} interests`),
  );

/**
 * PUT /api/users/profile (spec section 7). Any subset of the fields; unknown fields are refused.
 * No control characters anywhere; the names also no invisible or direction-changing ones.
 */
export const profileUpdateSchema = z
  .strictObject({
    firstName: nameText("First name").min(1, "First name cannot be empty").max(FIRST_NAME_MAX_LENGTH, `First name can be at most ${FIRST_NAME_MAX_LENGTH} characters`),
    age: z
      .number({ error: "Age must be a number" })
      .int("Age must be a whole number")
      .min(MIN_AGE, "You must be 18 or older")
      .max(MAX_AGE, "Age must be at most 99"),
    bio: plainText("Bio").max(BIO_MAX_LENGTH, `Bio can be at most ${BIO_MAX_LENGTH} characters`),
    interests: interestsSchema,
    bodyType: bodyTypeSchema.nullable(),
    role: positionSchema.nullable(),
    displayName: nameText("Display name").max(DISPLAY_NAME_MAX_LENGTH, `Display name can be at most ${DISPLAY_NAME_MAX_LENGTH} characters`).nullable(),
    privateMode: z.boolean({ error: "privateMode must be true or false" }),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const locationSchema = z.strictObject({
  latitude: z.number(requiredOr("latitude is required", "latitude must be a number")).min(-90, "latitude must be between -90 and 90").max(90, "latitude must be between -90 and 90"),
  longitude: z.number(requiredOr("longitude is required", "longitude must be a number")).min(-180, "longitude must be between -180 and 180").max(180, "longitude must be between -180 and 180"),
});
export type Location = z.infer<typeof locationSchema>;

const queryNumber = (name: string) =>
  z
    .string({
      error: (issue: { input?: unknown }) =>
        Array.isArray(issue.input) ? `${name} must be given once` : `${name} is required`,
    })
    .trim()
    .min(1, `${name} is required`)
    .regex(/^-?\d+(\.\d+)?$/, `${name} must be a number`)
    .transform(Number);

export const NEARBY_SORTS = ["nearest", "best"] as const;
export type NearbySort = (typeof NEARBY_SORTS)[number];

/** GET /api/users/nearby?latitude=&longitude=&radius=25&cursor=&limit= */
export const nearbyQuerySchema = z.strictObject({
  latitude: queryNumber("latitude").pipe(z.number().min(-90, "latitude must be between -90 and 90").max(90, "latitude must be between -90 and 90")),
  longitude: queryNumber("longitude").pipe(z.number().min(-180, "longitude must be between -180 and 180").max(180, "longitude must be between -180 and 180")),
  radius: queryNumber("radius")
    .pipe(
      z
        .number()
        .gt(0, "radius must be more than 0")
        .max(NEARBY_MAX_RADIUS_KM, `radius can be at most ${NEARBY_MAX_RADIUS_KM} km`)
        .refine((r) => (NEARBY_RADII_KM as readonly number[]).includes(r), `radius must be one of ${NEARBY_RADII_KM.join(", ")} (km)`),
    )
    .optional()
    .default(NEARBY_DEFAULT_RADIUS_KM),
  limit: queryNumber("limit")
    .pipe(z.number().int("limit must be a whole number").min(1, "limit must be at least 1").max(NEARBY_MAX_LIMIT, `limit can be at most ${NEARBY_MAX_LIMIT}`))
    .optional()
    .default(NEARBY_DEFAULT_LIMIT),
  cursor: z.string().max(200, "cursor is not valid").optional(),
  /** decisions.md: "Nearest" (the default) or "Best match", both ordered by the server. */
  sort: z.enum(NEARBY_SORTS, { error: `sort must be one of: ${NEARBY_SORTS.join(", ")}` }).optional().default("nearest"),
  /** "true": only members who are Right Now. */
  rightNow: z.enum(["true", "false"], { error: "rightNow must be true or false" }).optional().transform((v) => v === "true"),
});
export type NearbyQuery = z.infer<typeof nearbyQuerySchema>;

export const rightNowSchema = z.object({ note: z.string(), until: z.string() });
export type RightNow = z.infer<typeof rightNowSchema>;

/**
 * The compatibility score (decisions.md, "AI-assisted matching"): 0-100, the sum of its parts, each
 * part explained. Deterministic: the same two profiles always give the same score.
 */
export const compatibilitySchema = z.object({
  score: z.number().int().min(0).max(100),
  sharedInterests: z.array(z.string()),
  /** Points out of each part's maximum, so the screen can explain the figure. */
  parts: z.object({ interests: z.number(), age: z.number(), distance: z.number() }),
});
export type Compatibility = z.infer<typeof compatibilitySchema>;

/** A member as others see him (spec section 3, User): never his coordinates nor his email. */
export const nearbyUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string().nullable(),
  firstName: z.string().nullable(),
  age: z.number().int().nullable(),
  bio: z.string().nullable(),
  interests: z.array(z.string()),
  bodyType: z.string().nullable(),
  role: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isOnline: z.boolean(),
  /** km from the privacy-snapped position, one decimal; null when hidden (private mode) or unknown. */
  distance: z.number().nullable(),
  distanceHidden: z.boolean(),
  rightNow: rightNowSchema.nullable(),
  /** decisions.md: the explainable match score; null for visitors and guests (nothing to compare with). */
  compatibility: compatibilitySchema.nullable(),
});
export type NearbyUser = z.infer<typeof nearbyUserSchema>;

/** The cursor of the next page travels in this response header; the body stays the spec's array. */
export const NEXT_CURSOR_HEADER = "x-next-cursor";

export const countSchema = z.number().int().min(0);

/** A picture of a member's profile; the first is the main one. */
export const profilePhotoSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ProfilePhoto = z.infer<typeof profilePhotoSchema>;
export const MAX_PROFILE_PHOTOS = 6;

/** GET /api/users/:id: the member profile (what the card shows, and his pictures). */
export const memberProfileSchema = nearbyUserSchema.extend({
  photos: z.array(profilePhotoSchema),
  isBlocked: z.boolean(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

/** POST /api/users/photos */
export const addPhotoRequestSchema = z.strictObject({
  mediaId: z.uuid({ error: "mediaId must be the id of a picture you uploaded" }),
});
/** PUT /api/users/photos/order: every one of his picture ids, the main one first. */
export const photoOrderRequestSchema = z.strictObject({
  ids: z.array(z.uuid({ error: "ids must be picture ids" }), { error: "ids must be a list of picture ids" }).min(1, "ids must list your pictures").max(MAX_PROFILE_PHOTOS, `At most ${MAX_PROFILE_PHOTOS} pictures`),
});

export const RIGHT_NOW_MINUTES = 60;

/** Whole minutes left of a Right Now (rounded up, so "1 more minute" until the end), 0 once past. */
export function rightNowMinutesLeft(until: string, now: number = Date.now()): number {
  const end = Date.parse(until);
  if (!Number.isFinite(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 60_000));
}
export const RIGHT_NOW_NOTE_MAX_LENGTH = 80;
/** PUT /api/users/right-now */
export const rightNowRequestSchema = z.strictObject({
  note: z
    .string(requiredOr("note is required", "note must be text"))
    .trim()
    .check(...noControlCharacters("The note"))
    .min(1, "Say what you are up for")
    .max(RIGHT_NOW_NOTE_MAX_LENGTH, `The note can be at most ${RIGHT_NOW_NOTE_MAX_LENGTH} characters`),
});

export const REPORT_REASONS = ["spam", "fake", "harassment", "underage", "inappropriate", "other"] as const;
export const REPORT_REASON_LABELS: Record<(typeof REPORT_REASONS)[number], string> = {
  spam: "Spam or scam",
  fake: "Fake profile",
  harassment: "Harassment or threats",
  underage: "Appears under 18",
  inappropriate: "Inappropriate pictures",
  other: "Something else",
};
export const REPORT_DETAILS_MAX_LENGTH = 1000;
/** POST /api/users/:id/report */
export const reportRequestSchema = z.strictObject({
  reason: z.enum(REPORT_REASONS, { error: `reason must be one of: ${REPORT_REASONS.join(", ")}` }),
  details: z.string({ error: "details must be text" }).trim().check(...noControlCharacters("Details")).max(REPORT_DETAILS_MAX_LENGTH, `Details can be at most ${REPORT_DETAILS_MAX_LENGTH} characters`).optional().default(""),
  /** A message he sent me (a conversation we share), when the report is about it (issue 13). */
  messageId: z.number({ error: "messageId must be a message id" }).int().positive().optional(),
  /** One of his pictures (profile or one he sent me), when the report is about it. */
  mediaId: z.uuid("mediaId is not a picture id").optional(),
});
export type ReportRequest = z.input<typeof reportRequestSchema>;

/** GET /api/users/blocked */
export const blockedMemberSchema = z.object({ id: z.string(), username: z.string(), displayName: z.string().nullable(), profileImageUrl: z.string().nullable(), blockedAt: z.string() });
export type BlockedMember = z.infer<typeof blockedMemberSchema>;
