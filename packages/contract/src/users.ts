import * as z from "zod/mini";
import { API_PATHS } from "./api-paths";
import { MAX_AGE, MIN_AGE, requiredOr } from "./auth";
import { profileSignalsSchema } from "./tap-kinds";
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
 * The radii a search may use, whole kilometres: a short list, so that bisecting
 * the radius cannot measure anyone's distance.
 */
export const NEARBY_RADII_KM = [1, 2, 5, 10, 25, 50, 100] as const;
export const NEARBY_DEFAULT_LIMIT = 50;

/**
 * The meta element of a member's page at "/" (docs/decisions/0029): the place his home's first
 * search starts from ("latitude,longitude", his last shared position, snapped; empty when he has
 * none). Its presence tells the app that this page is his home.
 */
export const MEMBER_HOME_META = "vicinity-member-home";

/** What a nearby search asks (GET /api/users/nearby); sort "nearest" and no filter are the server's defaults. */
export interface NearbySearch {
  latitude: number;
  longitude: number;
  radius: number;
  sort?: NearbySort;
  /** Who to show (issue 37): none given, everyone. */
  filters?: Partial<MemberFilters>;
  cursor?: string | null;
}

/**
 * The address of a nearby search, written in one place: the grid asks it, and a member's page
 * names his first one for the browser to fetch early (docs/decisions/0029), so both must be the
 * very same request.
 */
export function nearbySearchPath({ latitude, longitude, radius, sort, filters, cursor }: NearbySearch): string {
  const query = new URLSearchParams({
    latitude: String(latitude),
    longitude: String(longitude),
    radius: String(radius),
  });
  if (sort && sort !== "nearest") query.set("sort", sort);
  writeMemberFilters(query, filters);
  if (cursor) query.set("cursor", cursor);
  return `${API_PATHS.nearby}?${query}`;
}

/**
 * The grid's filters (issue 37; docs/decisions/0041): an age range, positions, body types, online now, with a
 * photo, Right Now, his favorites (issue 38). An empty list, or the open age range, filters nothing. The same names in the nearby call's
 * query, the browser's address and the member's saved filters.
 */
// A type, not an interface: a session user carries it as a plain JSON object.
export type MemberFilters = {
  ageMin: number;
  ageMax: number;
  positions: Position[];
  bodyTypes: BodyType[];
  online: boolean;
  photos: boolean;
  rightNow: boolean;
  /** Only the members he starred (issue 38): a member's own list, never told to anyone. */
  favorites: boolean;
};
export type Position = (typeof POSITIONS)[number];
export type BodyType = (typeof BODY_TYPES)[number];

export const NO_MEMBER_FILTERS: MemberFilters = Object.freeze({
  ageMin: MIN_AGE,
  ageMax: MAX_AGE,
  positions: [],
  bodyTypes: [],
  online: false,
  photos: false,
  rightNow: false,
  favorites: false,
}) as MemberFilters;

/** Every filter, its defaults filled in. */
export const memberFiltersOf = (filters: Partial<MemberFilters> | null | undefined): MemberFilters => ({
  ...NO_MEMBER_FILTERS,
  ...filters,
});

/** The filters in one form: defaults filled in, lists in the profile's order (the same filters are the same search). */
export function canonicalMemberFilters(given: Partial<MemberFilters> | null | undefined): MemberFilters {
  const f = memberFiltersOf(given);
  return {
    ...f,
    positions: POSITIONS.filter((p) => f.positions.includes(p)),
    bodyTypes: BODY_TYPES.filter((b) => f.bodyTypes.includes(b)),
  };
}

/** How many filters narrow the search (the age range counts once): 0 shows everyone. */
export function activeFilterCount(given: Partial<MemberFilters> | null | undefined): number {
  const f = memberFiltersOf(given);
  return (
    Number(f.ageMin > MIN_AGE || f.ageMax < MAX_AGE) +
    Number(f.positions.length > 0) +
    Number(f.bodyTypes.length > 0) +
    Number(f.online) +
    Number(f.photos) +
    Number(f.rightNow) +
    Number(f.favorites)
  );
}

/** The query parameters of the filters, as every address writes them. */
export const MEMBER_FILTER_PARAMS = [
  "ageMin",
  "ageMax",
  "position",
  "bodyType",
  "online",
  "photos",
  "rightNow",
  "favorites",
] as const;

/** Writes the filters that narrow anything into `query` (and removes the others), in a fixed order. */
export function writeMemberFilters(query: URLSearchParams, given: Partial<MemberFilters> | null | undefined): void {
  for (const name of MEMBER_FILTER_PARAMS) query.delete(name);
  const f = memberFiltersOf(given);
  if (f.ageMin > MIN_AGE) query.set("ageMin", String(f.ageMin));
  if (f.ageMax < MAX_AGE) query.set("ageMax", String(f.ageMax));
  if (f.positions.length > 0) query.set("position", POSITIONS.filter((p) => f.positions.includes(p)).join(","));
  if (f.bodyTypes.length > 0) query.set("bodyType", BODY_TYPES.filter((b) => f.bodyTypes.includes(b)).join(","));
  if (f.online) query.set("online", "true");
  if (f.photos) query.set("photos", "true");
  if (f.rightNow) query.set("rightNow", "true");
  if (f.favorites) query.set("favorites", "true");
}

/**
 * The filters an address names, leniently (a link typed or cut short): what is not valid is left out. Null when it
 * names none (then a member's saved filters apply). The API is strict instead (nearbyQuerySchema).
 */
export function readMemberFilters(query: URLSearchParams): MemberFilters | null {
  if (!MEMBER_FILTER_PARAMS.some((name) => query.has(name))) return null;
  const age = (name: string, open: number) => {
    const n = Number(query.get(name));
    return query.has(name) && Number.isInteger(n) && n >= MIN_AGE && n <= MAX_AGE ? n : open;
  };
  const list = <T extends string>(name: string, all: readonly T[]): T[] => {
    const named = new Set((query.get(name) ?? "").split(","));
    return all.filter((value) => named.has(value));
  };
  const ageMin = age("ageMin", MIN_AGE);
  const ageMax = age("ageMax", MAX_AGE);
  return {
    ageMin: Math.min(ageMin, ageMax),
    ageMax: Math.max(ageMin, ageMax),
    positions: list("position", POSITIONS),
    bodyTypes: list("bodyType", BODY_TYPES),
    online: query.get("online") === "true",
    photos: query.get("photos") === "true",
    rightNow: query.get("rightNow") === "true",
    favorites: query.get("favorites") === "true",
  };
}

/** Whether a member passes the filters: the rules memberFiltersSql applies on the server, for members already loaded (the stories' mock server). */
export function passesMemberFilters(
  member: {
    age: number | null;
    role?: string | null;
    bodyType?: string | null;
    profileImageUrl?: string | null;
    isOnline: boolean;
    rightNow: unknown;
    isFavorite?: boolean;
  },
  given: Partial<MemberFilters>,
): boolean {
  const f = memberFiltersOf(given);
  if (
    (f.ageMin > MIN_AGE || f.ageMax < MAX_AGE) &&
    (member.age === null || member.age < f.ageMin || member.age > f.ageMax)
  )
    return false;
  if (f.positions.length > 0 && !(f.positions as readonly string[]).includes(member.role ?? "")) return false;
  if (f.bodyTypes.length > 0 && !(f.bodyTypes as readonly string[]).includes(member.bodyType ?? "")) return false;
  if (f.online && !member.isOnline) return false;
  if (f.photos && !member.profileImageUrl) return false;
  if (f.rightNow && !member.rightNow) return false;
  if (f.favorites && !member.isFavorite) return false;
  return true;
}

export const NEARBY_MAX_LIMIT = 100;

export const positionSchema = z.enum(POSITIONS, {
  error: `role is the profile's position and must be one of: ${POSITIONS.join(", ")}`,
});
export const bodyTypeSchema = z.enum(BODY_TYPES, { error: `bodyType must be one of: ${BODY_TYPES.join(", ")}` });
export const presenceStatusSchema = z.enum(PRESENCE_STATUSES);
export type PresenceStatus = z.infer<typeof presenceStatusSchema>;

/** Interests: trimmed, empty ones dropped, duplicates (ignoring case) dropped; at most 10 of at most 30 characters; no control characters. */
export const interestsSchema = z.pipe(
  z.pipe(
    z.array(plainText("Interests", { error: "Each interest must be text" }), { error: "interests must be a list" }),
    z.transform((list) => {
      const seen = new Set<string>();
      const out: string[] = [];
      for (const raw of list) {
        const item = raw.trim();
        if (!item || seen.has(item.toLowerCase())) continue;
        seen.add(item.toLowerCase());
        out.push(item);
      }
      return out;
    }),
  ),
  z
    .array(
      z
        .string()
        .check(z.maxLength(INTEREST_MAX_LENGTH, `Each interest can be at most ${INTEREST_MAX_LENGTH} characters`)),
    )
    .check(z.maxLength(MAX_INTERESTS, `At most ${MAX_INTERESTS} interests`)),
);

/**
 * PUT /api/users/profile (spec section 7). Any subset of the fields; unknown fields are refused.
 * No control characters anywhere; the names also no invisible or direction-changing ones.
 */
export const profileUpdateSchema = z
  .partial(
    z.strictObject({
      firstName: nameText("First name").check(
        z.minLength(1, "First name cannot be empty"),
        z.maxLength(FIRST_NAME_MAX_LENGTH, `First name can be at most ${FIRST_NAME_MAX_LENGTH} characters`),
      ),
      age: z
        .number({ error: "Age must be a number" })
        .check(
          z.int("Age must be a whole number"),
          z.gte(MIN_AGE, "You must be 18 or older"),
          z.lte(MAX_AGE, "Age must be at most 99"),
        ),
      bio: plainText("Bio").check(z.maxLength(BIO_MAX_LENGTH, `Bio can be at most ${BIO_MAX_LENGTH} characters`)),
      interests: interestsSchema,
      bodyType: z.nullable(bodyTypeSchema),
      role: z.nullable(positionSchema),
      displayName: z.nullable(
        nameText("Display name").check(
          z.maxLength(DISPLAY_NAME_MAX_LENGTH, `Display name can be at most ${DISPLAY_NAME_MAX_LENGTH} characters`),
        ),
      ),
      privateMode: z.boolean({ error: "privateMode must be true or false" }),
    }),
  )
  .check(z.refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" }));
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const locationSchema = z.strictObject({
  latitude: z
    .number(requiredOr("latitude is required", "latitude must be a number"))
    .check(z.gte(-90, "latitude must be between -90 and 90"), z.lte(90, "latitude must be between -90 and 90")),
  longitude: z
    .number(requiredOr("longitude is required", "longitude must be a number"))
    .check(z.gte(-180, "longitude must be between -180 and 180"), z.lte(180, "longitude must be between -180 and 180")),
});
export type Location = z.infer<typeof locationSchema>;

const queryNumber = (name: string) =>
  z.pipe(
    z
      .string({
        error: (issue: { input?: unknown }) =>
          Array.isArray(issue.input) ? `${name} must be given once` : `${name} is required`,
      })
      .check(z.trim(), z.minLength(1, `${name} is required`), z.regex(/^-?\d+(\.\d+)?$/, `${name} must be a number`)),
    z.transform(Number),
  );

/** An age in a query ("ageMin=25"): a whole number from MIN_AGE to MAX_AGE. */
const queryAge = (name: string) =>
  z.pipe(
    queryNumber(name),
    z
      .number()
      .check(
        z.int(`${name} must be a whole number`),
        z.gte(MIN_AGE, `${name} must be between ${MIN_AGE} and ${MAX_AGE}`),
        z.lte(MAX_AGE, `${name} must be between ${MIN_AGE} and ${MAX_AGE}`),
      ),
  );

/** A list in a query ("position=top,versatile"): values of `all`, each once, comma-separated. */
const queryList = <T extends string>(name: string, all: readonly [T, ...T[]]) =>
  z.pipe(
    z.string({ error: `${name} must be given once` }).check(z.maxLength(200, `${name} is too long`)),
    z.pipe(
      z.transform((text: string) => text.split(",").map((part) => part.trim())),
      z
        .array(z.enum(all, { error: `${name} must be among: ${all.join(", ")}` }))
        .check(z.refine((list) => new Set(list).size === list.length, { message: `${name} names a value twice` })),
    ),
  );

/** "true" or "false" in a query; absent is false. */
const queryFlag = (name: string) =>
  z.pipe(
    z.optional(z.enum(["true", "false"], { error: `${name} must be true or false` })),
    z.transform((v) => v === "true"),
  );

/**
 * The filters (MemberFilters) in a query, strictly: a wrong value is a 400, never ignored. The nearby call's and the
 * map area's (`...memberFilterQueryFields` in a strictObject, checked with memberFilterQueryCheck).
 */
export const memberFilterQueryFields = {
  ageMin: z.optional(queryAge("ageMin")),
  ageMax: z.optional(queryAge("ageMax")),
  position: z.optional(queryList("position", POSITIONS)),
  bodyType: z.optional(queryList("bodyType", BODY_TYPES)),
  online: queryFlag("online"),
  photos: queryFlag("photos"),
  /** "true": only members who are Right Now. */
  rightNow: queryFlag("rightNow"),
  /** "true": only the members he starred. */
  favorites: queryFlag("favorites"),
};
export type MemberFilterQuery = z.infer<ReturnType<typeof z.object<typeof memberFilterQueryFields>>>;
export const memberFilterQueryCheck = z.refine<Pick<MemberFilterQuery, "ageMin" | "ageMax">>(
  (q) => q.ageMin === undefined || q.ageMax === undefined || q.ageMin <= q.ageMax,
  { message: "ageMin can be at most ageMax" },
);

export const NEARBY_SORTS = ["nearest", "best"] as const;
export type NearbySort = (typeof NEARBY_SORTS)[number];

/** GET /api/users/nearby?latitude=&longitude=&radius=25&cursor=&limit= */
export const nearbyQuerySchema = z
  .strictObject({
    latitude: z.pipe(
      queryNumber("latitude"),
      z
        .number()
        .check(z.gte(-90, "latitude must be between -90 and 90"), z.lte(90, "latitude must be between -90 and 90")),
    ),
    longitude: z.pipe(
      queryNumber("longitude"),
      z
        .number()
        .check(
          z.gte(-180, "longitude must be between -180 and 180"),
          z.lte(180, "longitude must be between -180 and 180"),
        ),
    ),
    radius: z._default(
      z.optional(
        z.pipe(
          queryNumber("radius"),
          z.number().check(
            z.gt(0, "radius must be more than 0"),
            z.lte(NEARBY_MAX_RADIUS_KM, `radius can be at most ${NEARBY_MAX_RADIUS_KM} km`),
            z.refine(
              (r) => (NEARBY_RADII_KM as readonly number[]).includes(r),
              `radius must be one of ${NEARBY_RADII_KM.join(", ")} (km)`,
            ),
          ),
        ),
      ),
      NEARBY_DEFAULT_RADIUS_KM,
    ),
    limit: z._default(
      z.optional(
        z.pipe(
          queryNumber("limit"),
          z
            .number()
            .check(
              z.int("limit must be a whole number"),
              z.gte(1, "limit must be at least 1"),
              z.lte(NEARBY_MAX_LIMIT, `limit can be at most ${NEARBY_MAX_LIMIT}`),
            ),
        ),
      ),
      NEARBY_DEFAULT_LIMIT,
    ),
    cursor: z.optional(z.string().check(z.maxLength(200, "cursor is not valid"))),
    /** decisions.md: "Nearest" (the default) or "Best match", both ordered by the server. */
    sort: z._default(
      z.optional(z.enum(NEARBY_SORTS, { error: `sort must be one of: ${NEARBY_SORTS.join(", ")}` })),
      "nearest",
    ),
    ...memberFilterQueryFields,
  })
  .check(memberFilterQueryCheck);
export type NearbyQuery = z.infer<typeof nearbyQuerySchema>;

/** The filters a query names (the nearby call's, the map area's), their defaults filled in. */
export function filtersOfQuery(query: MemberFilterQuery): MemberFilters {
  return {
    ageMin: query.ageMin ?? MIN_AGE,
    ageMax: query.ageMax ?? MAX_AGE,
    positions: query.position ?? [],
    bodyTypes: query.bodyType ?? [],
    online: query.online,
    photos: query.photos,
    rightNow: query.rightNow,
    favorites: query.favorites,
  };
}

/** PUT /api/users/filters: the filters a member keeps for his grid (every field; those that filter nothing at their defaults). */
export const memberFiltersSchema = z
  .strictObject({
    ageMin: z
      .int({ error: "ageMin must be a whole number" })
      .check(
        z.gte(MIN_AGE, `ageMin must be between ${MIN_AGE} and ${MAX_AGE}`),
        z.lte(MAX_AGE, `ageMin must be between ${MIN_AGE} and ${MAX_AGE}`),
      ),
    ageMax: z
      .int({ error: "ageMax must be a whole number" })
      .check(
        z.gte(MIN_AGE, `ageMax must be between ${MIN_AGE} and ${MAX_AGE}`),
        z.lte(MAX_AGE, `ageMax must be between ${MIN_AGE} and ${MAX_AGE}`),
      ),
    positions: z
      .array(z.enum(POSITIONS, { error: `positions must be among: ${POSITIONS.join(", ")}` }), {
        error: "positions must be a list",
      })
      .check(z.maxLength(POSITIONS.length, "positions names a position twice")),
    bodyTypes: z
      .array(z.enum(BODY_TYPES, { error: `bodyTypes must be among: ${BODY_TYPES.join(", ")}` }), {
        error: "bodyTypes must be a list",
      })
      .check(z.maxLength(BODY_TYPES.length, "bodyTypes names a body type twice")),
    online: z.boolean({ error: "online must be true or false" }),
    photos: z.boolean({ error: "photos must be true or false" }),
    rightNow: z.boolean({ error: "rightNow must be true or false" }),
    // Absent in filters saved before it existed: they still read (false).
    favorites: z._default(z.optional(z.boolean({ error: "favorites must be true or false" })), false),
  })
  .check(
    z.refine((f) => f.ageMin <= f.ageMax, { message: "ageMin can be at most ageMax" }),
    z.refine((f) => new Set(f.positions).size === f.positions.length, { message: "positions names a position twice" }),
    z.refine((f) => new Set(f.bodyTypes).size === f.bodyTypes.length, { message: "bodyTypes names a body type twice" }),
  );

/** What is kept of filters a member saves: their one form, or null when none narrows anything (he keeps none). */
export function filtersToKeep(filters: Partial<MemberFilters>): MemberFilters | null {
  return activeFilterCount(filters) === 0 ? null : canonicalMemberFilters(filters);
}

/** The filters a member keeps, as stored (users.nearby_filters) or as his session user carries them: null when none, or not valid (an older shape). */
export function parseSavedFilters(value: unknown): MemberFilters | null {
  const parsed = memberFiltersSchema.safeParse(value ?? undefined);
  return parsed.success ? filtersToKeep(parsed.data) : null;
}

export const rightNowSchema = z.object({ note: z.string(), until: z.string() });
export type RightNow = z.infer<typeof rightNowSchema>;

/**
 * The compatibility score (decisions.md, "AI-assisted matching"): 0-100, the sum of its parts, each
 * part explained. Deterministic: the same two profiles always give the same score.
 */
export const compatibilitySchema = z.object({
  score: z.int().check(z.gte(0), z.lte(100)),
  sharedInterests: z.array(z.string()),
  /** Points out of each part's maximum, so the screen can explain the figure. */
  parts: z.object({ interests: z.number(), age: z.number(), distance: z.number() }),
});
export type Compatibility = z.infer<typeof compatibilitySchema>;

/** A member as others see him (spec section 3, User): never his coordinates nor his email. */
export const nearbyUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.nullable(z.string()),
  firstName: z.nullable(z.string()),
  age: z.nullable(z.int()),
  bio: z.nullable(z.string()),
  interests: z.array(z.string()),
  bodyType: z.nullable(z.string()),
  role: z.nullable(z.string()),
  profileImageUrl: z.nullable(z.string()),
  isOnline: z.boolean(),
  /** km from the privacy-snapped position, one decimal; null when hidden (private mode) or unknown. */
  distance: z.nullable(z.number()),
  distanceHidden: z.boolean(),
  rightNow: z.nullable(rightNowSchema),
  /** decisions.md: the explainable match score; null for visitors and guests (nothing to compare with). */
  compatibility: z.nullable(compatibilitySchema),
  /** He is among the viewer's favorites (issue 38): the grid's star. Absent where nobody asked (visitors, the map). */
  isFavorite: z.optional(z.boolean()),
});
export type NearbyUser = z.infer<typeof nearbyUserSchema>;

/**
 * The name a member goes by wherever he is named (cards, toasts, notifications, calendar feeds, the server's
 * messages): his display name, else his username. Written once, for the client and the server.
 */
export function shownNameOf(member: { displayName: string | null | undefined; username: string }): string {
  return member.displayName || member.username;
}

/** The cursor of the next page travels in this response header; the body stays the spec's array. */
export const NEXT_CURSOR_HEADER = "x-next-cursor";

export const countSchema = z.int().check(z.gte(0));

/** A picture of a member's profile; the first is the main one. */
export const profilePhotoSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.int(),
  height: z.int(),
});
export type ProfilePhoto = z.infer<typeof profilePhotoSchema>;
export const MAX_PROFILE_PHOTOS = 6;

/** GET /api/users/:id: the member profile (what the card shows, and his pictures). */
export const memberProfileSchema = z.extend(nearbyUserSchema, {
  photos: z.array(profilePhotoSchema),
  isBlocked: z.boolean(),
  /** Taps, favorite and match between us (signals.ts). */
  signals: profileSignalsSchema,
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

/** POST /api/users/photos */
export const addPhotoRequestSchema = z.strictObject({
  mediaId: z.uuid({ error: "mediaId must be the id of a picture you uploaded" }),
});
/** PUT /api/users/photos/order: every one of his picture ids, the main one first. */
export const photoOrderRequestSchema = z.strictObject({
  ids: z
    .array(z.uuid({ error: "ids must be picture ids" }), { error: "ids must be a list of picture ids" })
    .check(
      z.minLength(1, "ids must list your pictures"),
      z.maxLength(MAX_PROFILE_PHOTOS, `At most ${MAX_PROFILE_PHOTOS} pictures`),
    ),
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
    .check(
      z.trim(),
      ...noControlCharacters("The note"),
      z.minLength(1, "Say what you are up for"),
      z.maxLength(RIGHT_NOW_NOTE_MAX_LENGTH, `The note can be at most ${RIGHT_NOW_NOTE_MAX_LENGTH} characters`),
    ),
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
  details: z._default(
    z.optional(
      z
        .string({ error: "details must be text" })
        .check(
          z.trim(),
          ...noControlCharacters("Details"),
          z.maxLength(REPORT_DETAILS_MAX_LENGTH, `Details can be at most ${REPORT_DETAILS_MAX_LENGTH} characters`),
        ),
    ),
    "",
  ),
  /** A message he sent me (a conversation we share), when the report is about it. */
  messageId: z.optional(z.number({ error: "messageId must be a message id" }).check(z.int(), z.positive())),
  /** One of his pictures (profile or one he sent me), when the report is about it. */
  mediaId: z.optional(z.uuid("mediaId is not a picture id")),
});
export type ReportRequest = z.input<typeof reportRequestSchema>;

/** GET /api/users/blocked */
export const blockedMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.nullable(z.string()),
  profileImageUrl: z.nullable(z.string()),
  blockedAt: z.string(),
});
export type BlockedMember = z.infer<typeof blockedMemberSchema>;
