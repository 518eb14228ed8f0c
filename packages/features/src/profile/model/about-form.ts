import {
  BIO_MAX_LENGTH,
  BODY_TYPES,
  DISPLAY_NAME_MAX_LENGTH,
  FIRST_NAME_MAX_LENGTH,
  INTEREST_MAX_LENGTH,
  MAX_AGE,
  MAX_INTERESTS,
  MIN_AGE,
  POSITIONS,
  type ProfileUpdate,
  type SessionUser,
} from "@vicinity/contract";

/** The "About you" form as typed: every field a string ("" = not set), interests a list. */
export interface AboutDraft {
  firstName: string;
  displayName: string;
  age: string;
  bio: string;
  interests: string[];
  bodyType: string;
  role: string;
}

export type AboutField = keyof AboutDraft;
export type AboutErrors = Partial<Record<AboutField, string>>;

export function aboutDraftOf(user: SessionUser): AboutDraft {
  return {
    firstName: user.firstName ?? "",
    displayName: user.displayName ?? "",
    age: user.age === null || user.age === undefined ? "" : String(user.age),
    bio: user.bio ?? "",
    interests: user.interests ?? [],
    bodyType: user.bodyType ?? "",
    role: user.role ?? "",
  };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Fields the server trims: spaces around them change nothing. */
const TRIMMED: ReadonlySet<AboutField> = new Set(["firstName", "displayName", "age"]);

/** The fields that differ from what is saved, in the order of the draft. */
export function changedAboutFields(draft: AboutDraft, saved: AboutDraft): AboutField[] {
  return (Object.keys(saved) as AboutField[]).filter((key) => {
    const a = draft[key];
    const b = saved[key];
    if (Array.isArray(a) && Array.isArray(b)) return !sameList(a, b);
    return TRIMMED.has(key) ? String(a).trim() !== String(b).trim() : a !== b;
  });
}

/** The rules of profileUpdateSchema, checked before sending, for the fields that changed. */
export function validateAbout(draft: AboutDraft, saved: AboutDraft): AboutErrors {
  const changed = new Set(changedAboutFields(draft, saved));
  const errors: AboutErrors = {};
  if (changed.has("firstName")) {
    const firstName = draft.firstName.trim();
    if (!firstName) errors.firstName = "First name cannot be empty";
    else if (firstName.length > FIRST_NAME_MAX_LENGTH)
      errors.firstName = `First name can be at most ${FIRST_NAME_MAX_LENGTH} characters`;
  }
  if (changed.has("displayName") && draft.displayName.trim().length > DISPLAY_NAME_MAX_LENGTH) {
    errors.displayName = `Display name can be at most ${DISPLAY_NAME_MAX_LENGTH} characters`;
  }
  if (changed.has("age")) {
    const age = draft.age.trim();
    if (!age) errors.age = "Enter your age";
    else if (!/^\d+$/.test(age)) errors.age = "Age must be a whole number";
    else if (Number(age) < MIN_AGE) errors.age = "You must be 18 or older";
    else if (Number(age) > MAX_AGE) errors.age = "Age must be at most 99";
  }
  if (changed.has("bio") && draft.bio.length > BIO_MAX_LENGTH)
    errors.bio = `Bio can be at most ${BIO_MAX_LENGTH} characters`;
  if (changed.has("interests") && draft.interests.length > MAX_INTERESTS)
    errors.interests = `At most ${MAX_INTERESTS} interests`;
  if (changed.has("bodyType") && draft.bodyType && !(BODY_TYPES as readonly string[]).includes(draft.bodyType)) {
    errors.bodyType = "Choose a body type from the list";
  }
  if (changed.has("role") && draft.role && !(POSITIONS as readonly string[]).includes(draft.role)) {
    errors.role = "Choose a position from the list";
  }
  return errors;
}

/** The PUT /api/users/profile body: only what changed ("" clears the fields that can be empty). */
export function aboutUpdate(draft: AboutDraft, saved: AboutDraft): ProfileUpdate {
  const update: ProfileUpdate = {};
  for (const key of changedAboutFields(draft, saved)) {
    switch (key) {
      case "firstName":
        update.firstName = draft.firstName.trim();
        break;
      case "displayName":
        update.displayName = draft.displayName.trim() || null;
        break;
      case "age":
        update.age = Number(draft.age.trim());
        break;
      case "bio":
        update.bio = draft.bio;
        break;
      case "interests":
        update.interests = draft.interests;
        break;
      case "bodyType":
        update.bodyType = (draft.bodyType || null) as ProfileUpdate["bodyType"];
        break;
      case "role":
        update.role = (draft.role || null) as ProfileUpdate["role"];
        break;
    }
  }
  return update;
}

export type InterestProblem = "empty" | "duplicate" | "too-long" | "full";

/** Why `raw` cannot be added to the interests (trimmed; duplicates ignore case), or null. */
export function interestProblem(interests: readonly string[], raw: string): InterestProblem | null {
  const item = raw.trim();
  if (!item) return "empty";
  if (item.length > INTEREST_MAX_LENGTH) return "too-long";
  if (interests.some((i) => i.toLowerCase() === item.toLowerCase())) return "duplicate";
  if (interests.length >= MAX_INTERESTS) return "full";
  return null;
}

export const INTEREST_PROBLEM_TEXT: Record<Exclude<InterestProblem, "empty">, string> = {
  duplicate: "You already have that interest",
  "too-long": `Each interest can be at most ${INTEREST_MAX_LENGTH} characters`,
  full: `At most ${MAX_INTERESTS} interests`,
};

export function addInterest(interests: readonly string[], raw: string): string[] {
  return interestProblem(interests, raw) ? [...interests] : [...interests, raw.trim()];
}

export function removeInterest(interests: readonly string[], item: string): string[] {
  return interests.filter((i) => i !== item);
}

/** How the enums read in the form ("vers-top" -> "Vers top"). */
export function enumLabel(value: string): string {
  const words = value.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
