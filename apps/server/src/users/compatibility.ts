import {
  COMPATIBILITY_DISTANCE_MAX,
  DISTANCE_ZERO_AT_KM,
  distancePart,
  NEUTRAL_PART,
  type Compatibility,
} from "@vicinity/contract";

export { DISTANCE_ZERO_AT_KM, distancePart, NEUTRAL_PART };

/**
 * The compatibility score (decisions.md, "AI-assisted matching"): explainable and deterministic.
 * Three parts, each with a maximum, summed to 0-100:
 * - interests: about 17 points for each shared interest (ignoring case), full at 3 or more;
 * - age: full when the ages are within 2 years, falling to 0 at 20 years apart;
 * - distance: full at 0 km, falling to 0 at 50 km.
 * An unknown age or a hidden distance counts as a neutral part (a little under half), so hiding
 * one's distance neither wins nor loses much.
 */
export const COMPATIBILITY_MAX = { interests: 50, age: 25, distance: COMPATIBILITY_DISTANCE_MAX } as const;
export const FULL_INTERESTS_AT = 3;
export const AGE_FULL_WITHIN_YEARS = 2;
export const AGE_ZERO_AT_YEARS = 20;

export interface MatchProfile {
  age: number | null;
  interests: readonly string[];
}

export function sharedInterests(mine: readonly string[], theirs: readonly string[]): string[] {
  const own = new Set(mine.map((i) => i.trim().toLowerCase()));
  return theirs.filter((i) => own.has(i.trim().toLowerCase()));
}

export function compatibility(viewer: MatchProfile, member: MatchProfile, distanceKm: number | null): Compatibility {
  const shared = sharedInterests(viewer.interests, member.interests);
  const interests = Math.round(COMPATIBILITY_MAX.interests * Math.min(1, shared.length / FULL_INTERESTS_AT));

  let age = NEUTRAL_PART;
  if (viewer.age !== null && member.age !== null) {
    const gap = Math.abs(viewer.age - member.age);
    const fall = (gap - AGE_FULL_WITHIN_YEARS) / (AGE_ZERO_AT_YEARS - AGE_FULL_WITHIN_YEARS);
    age = Math.round(COMPATIBILITY_MAX.age * Math.min(1, Math.max(0, 1 - fall)));
  }

  const distance = distancePart(distanceKm);

  return { score: interests + age + distance, sharedInterests: shared, parts: { interests, age, distance } };
}
