import { shownNameOf, type BodyType, type NearbyUser, type Position } from "@vicinity/contract";

/** Spec section 2: distance in km to one decimal, or 'Location unknown'; private mode: 'Distance hidden'. */
export function formatDistance(user: Pick<NearbyUser, "distance" | "distanceHidden">): string {
  if (user.distanceHidden) return "Distance hidden";
  if (user.distance === null || !Number.isFinite(user.distance)) return "Location unknown";
  return `${user.distance.toFixed(1)} km`;
}

/** Spec section 2: 'N years old'. */
export function formatAge(age: number | null): string | null {
  return age === null ? null : `${age} years old`;
}

export function displayNameOf(user: Pick<NearbyUser, "displayName" | "username">): string {
  return shownNameOf(user);
}

/** decisions.md: "82% match · 3 shared interests" (the count only when there are shared interests). */
export function formatCompatibility(compatibility: NearbyUser["compatibility"]): string | null {
  if (!compatibility) return null;
  const shared = compatibility.sharedInterests.length;
  const match = `${compatibility.score}% match`;
  if (shared === 0) return match;
  return `${match} · ${shared} shared interest${shared === 1 ? "" : "s"}`;
}

export { rightNowMinutesLeft } from "@vicinity/contract";

/** How a position reads everywhere (a profile, the filters). */
export const POSITION_LABELS: Record<Position, string> = {
  top: "Top",
  "vers-top": "Vers Top",
  versatile: "Versatile",
  "vers-bottom": "Vers Bottom",
  bottom: "Bottom",
  side: "Side",
};

/** How a body type reads everywhere (a profile, the filters). */
export const BODY_TYPE_LABELS: Record<BodyType, string> = {
  slim: "Slim",
  average: "Average",
  athletic: "Athletic",
  muscular: "Muscular",
  stocky: "Stocky",
  large: "Large",
};

/** A position's or body type's words; an unknown value as it is, capitalised. */
export function profileTermLabel(value: string | null): string | null {
  if (!value) return null;
  return (
    (POSITION_LABELS as Record<string, string>)[value] ??
    (BODY_TYPE_LABELS as Record<string, string>)[value] ??
    value.charAt(0).toUpperCase() + value.slice(1)
  );
}
