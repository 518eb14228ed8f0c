import type { SessionUser } from "@vicinity/contract";

/** Spec section 2 and 4: four steps. */
export const ONBOARDING_STEPS = ["welcome", "profile", "location", "features"] as const;
export type OnboardingStep = 0 | 1 | 2 | 3;
export const ONBOARDING_STEP_COUNT = ONBOARDING_STEPS.length;

/** The local flag set to true on completion (spec section 3). */
export const ONBOARDING_COMPLETED_KEY = "vicinity.onboardingCompleted";

/** The progress bar shows (step+1)/4. */
export function onboardingProgress(step: OnboardingStep): number {
  return ((step + 1) / ONBOARDING_STEP_COUNT) * 100;
}

/** Spec section 4: opens by itself when the member has neither first name nor bio (and has not finished it here). */
export function shouldOpenOnboarding(
  user: Pick<SessionUser, "firstName" | "bio">,
  completedFlag: string | null,
): boolean {
  return !user.firstName && !user.bio && completedFlag !== "true";
}

/** Spec section 5: age is parsed as an integer, or empty if unparsable. */
export function parseAge(text: string): number | "" {
  const n = Number.parseInt(text.trim(), 10);
  return Number.isNaN(n) ? "" : n;
}

/** Spec section 5: interests trimmed, empty ignored, duplicates not added. */
export function addInterest(list: readonly string[], raw: string): string[] {
  const item = raw.trim();
  if (!item || list.some((i) => i.toLowerCase() === item.toLowerCase())) return [...list];
  return [...list, item];
}

export function removeInterest(list: readonly string[], item: string): string[] {
  return list.filter((i) => i !== item);
}

/** Save & Continue is enabled only with a first name and an age. */
export function canSaveProfile(firstName: string, age: number | ""): boolean {
  return firstName.trim().length > 0 && age !== "";
}
