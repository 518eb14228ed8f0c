import * as z from "zod/mini";

/** The taps' kinds and what a member profile says of the signals between two members (users.ts imports them; signals.ts holds the rest). */

/** The three taps, each with the word on its button. */
export const TAP_KINDS = ["hi", "hot", "looking"] as const;
export type TapKind = (typeof TAP_KINDS)[number];
export const TAP_LABELS: Record<TapKind, string> = { hi: "Hi", hot: "Hot", looking: "Looking" };
export const tapKindSchema = z.enum(TAP_KINDS, { error: `kind must be one of ${TAP_KINDS.join(", ")}` });

/** What a member profile adds about the signals between us (GET /api/users/:id). */
export const profileSignalsSchema = z.object({
  isFavorite: z.boolean(),
  /** The kinds I tapped him today: each only once a day. */
  tapsSentToday: z.array(tapKindSchema),
  /** He tapped me and I him (within TAPS_KEPT_DAYS). */
  match: z.boolean(),
});
export type ProfileSignals = z.infer<typeof profileSignalsSchema>;
export const NO_PROFILE_SIGNALS: ProfileSignals = { isFavorite: false, tapsSentToday: [], match: false };

/** How a tap reads in a list or a notification: "Hi", "Hot and Looking". */
export function tapKindsText(kinds: readonly TapKind[]): string {
  const words = TAP_KINDS.filter((k) => kinds.includes(k)).map((k) => TAP_LABELS[k]);
  if (words.length <= 1) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}
