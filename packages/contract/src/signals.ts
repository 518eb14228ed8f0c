import * as z from "zod/mini";
import { tapKindSchema } from "./tap-kinds";
import { nearbyUserSchema } from "./users";

/**
 * Signals (issue 38): the light ways members reach each other besides messages. Taps (Grindr's
 * Taps, Scruff's Woofs), favorites, and "viewed me". Who sees whom holds as everywhere: nothing
 * passes a block either way, a member in private mode leaves no trace in "viewed me", and nobody
 * learns he was starred (decisions/0043).
 */

/** Against tap spam: taps one member may send in a day, all kinds and members together (one per kind per member a day). */
export const TAPS_PER_DAY = 60;
/** Taps are kept (and listed) this long; a match is a tap each way within it. */
export const TAPS_KEPT_DAYS = 30;
/** Favorites one member may keep. */
export const FAVORITES_MAX = 500;
/** "Viewed me" looks back this far. */
export const VIEWED_ME_DAYS = 7;
/** Each list's length (newest first). */
export const SIGNALS_LIST_MAX = 100;

/** POST /api/users/:id/tap */
export const tapRequestSchema = z.strictObject({ kind: tapKindSchema });
export type TapRequest = z.infer<typeof tapRequestSchema>;

/** The answer to a tap: whether it made a match (he had tapped me too). */
export const tapResultSchema = z.object({ kind: tapKindSchema, match: z.boolean() });
export type TapResult = z.infer<typeof tapResultSchema>;

/** One member's taps to me, newest first: the kinds of his last TAPS_KEPT_DAYS, and whether we match. */
export const receivedTapSchema = z.object({
  member: nearbyUserSchema,
  kinds: z.array(tapKindSchema),
  at: z.string(),
  match: z.boolean(),
  /** The kinds I sent him today (each only once a day). */
  sentToday: z.array(tapKindSchema),
});
export type ReceivedTap = z.infer<typeof receivedTapSchema>;

/** GET /api/taps */
export const tapsListSchema = z.object({ taps: z.array(receivedTapSchema) });
export type TapsList = z.infer<typeof tapsListSchema>;

/** GET /api/favorites: the members I starred, newest first. */
export const favoriteSchema = z.object({ member: nearbyUserSchema, at: z.string() });
export type Favorite = z.infer<typeof favoriteSchema>;
export const favoritesListSchema = z.object({ favorites: z.array(favoriteSchema) });
export type FavoritesList = z.infer<typeof favoritesListSchema>;

/** GET /api/views: who opened my profile in the last VIEWED_ME_DAYS (his latest visit), unless I leave no trace. */
export const profileViewSchema = z.object({ member: nearbyUserSchema, at: z.string() });
export type ProfileView = z.infer<typeof profileViewSchema>;
export const viewedMeSchema = z.object({
  /** Whether I leave a trace on the profiles I open; without it I see nobody's (as the peers do). */
  leavesTrace: z.boolean(),
  views: z.array(profileViewSchema),
});
export type ViewedMe = z.infer<typeof viewedMeSchema>;

/** PUT /api/views/trace */
export const viewTraceRequestSchema = z.strictObject({
  leavesTrace: z.boolean({ error: "leavesTrace must be true or false" }),
});

export const SIGNAL_PATHS = {
  tap: (id: string) => `/api/users/${encodeURIComponent(id)}/tap`,
  favorite: (id: string) => `/api/users/${encodeURIComponent(id)}/favorite`,
  taps: "/api/taps",
  favorites: "/api/favorites",
  views: "/api/views",
  viewTrace: "/api/views/trace",
} as const;
