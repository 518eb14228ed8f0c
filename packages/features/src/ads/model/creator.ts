import type { AD_RADII_KM } from "@vicinity/contract";
import { adInputSchema, MAP_DEFAULT_CENTER, type AdInput } from "@vicinity/contract";
import { fromLocalInput, toLocalInput } from "@vicinity/features/shared";

/** What the ad creator's form holds: text as typed, numbers as typed, times as datetime-local gives them. */
export interface AdFormValues {
  advertiser: string;
  headline: string;
  body: string;
  callToAction: string;
  destinationUrl: string;
  mediaId: string | null;
  imageUrl: string | null;
  /** Target an area (a centre and a radius), or everyone wherever he is. */
  targetArea: boolean;
  latitude: number;
  longitude: number;
  radiusKm: number;
  ageMin: string;
  ageMax: string;
  interests: string[];
  startsLocal: string;
  endsLocal: string;
  timeZone: string;
  weight: string;
  totalCap: string;
  dailyCap: string;
  frequencyCap: string;
}

export type AdFormField = Exclude<keyof AdInput, "area"> | "area";
export type AdFormErrors = Partial<Record<AdFormField, string>>;

const DAY_MS = 86_400_000;
export const DEFAULT_AD_RADIUS_KM: (typeof AD_RADII_KM)[number] = 10;
export const DEFAULT_FREQUENCY_CAP = 3;
export const DEFAULT_CAMPAIGN_DAYS = 30;

/** A new campaign: from the next whole hour for 30 days, around the default centre, 3 a day per member. */
export function emptyAdForm(timeZone: string, now: number = Date.now()): AdFormValues {
  const start = Math.ceil(now / 3_600_000) * 3_600_000;
  return {
    advertiser: "",
    headline: "",
    body: "",
    callToAction: "Learn more",
    destinationUrl: "https://",
    mediaId: null,
    imageUrl: null,
    targetArea: true,
    latitude: MAP_DEFAULT_CENTER.latitude,
    longitude: MAP_DEFAULT_CENTER.longitude,
    radiusKm: DEFAULT_AD_RADIUS_KM,
    ageMin: "",
    ageMax: "",
    interests: [],
    startsLocal: toLocalInput(new Date(start).toISOString(), timeZone),
    endsLocal: toLocalInput(new Date(start + DEFAULT_CAMPAIGN_DAYS * DAY_MS).toISOString(), timeZone),
    timeZone,
    weight: "1",
    totalCap: "",
    dailyCap: "",
    frequencyCap: String(DEFAULT_FREQUENCY_CAP),
  };
}

const text = (n: number | null) => (n === null ? "" : String(n));

/** The form of a saved campaign (its times in its own zone). */
export function adFormOf(input: AdInput): AdFormValues {
  return {
    advertiser: input.advertiser,
    headline: input.headline,
    body: input.body,
    callToAction: input.callToAction,
    destinationUrl: input.destinationUrl,
    mediaId: input.mediaId,
    imageUrl: input.mediaId ? `/media/${input.mediaId}` : null,
    targetArea: input.area !== null,
    latitude: input.area?.latitude ?? MAP_DEFAULT_CENTER.latitude,
    longitude: input.area?.longitude ?? MAP_DEFAULT_CENTER.longitude,
    radiusKm: input.area?.radiusKm ?? DEFAULT_AD_RADIUS_KM,
    ageMin: text(input.ageMin),
    ageMax: text(input.ageMax),
    interests: input.interests,
    startsLocal: toLocalInput(input.startsAt, input.timeZone),
    endsLocal: toLocalInput(input.endsAt, input.timeZone),
    timeZone: input.timeZone,
    weight: String(input.weight),
    totalCap: text(input.totalCap),
    dailyCap: text(input.dailyCap),
    frequencyCap: String(input.frequencyCap),
  };
}

/** A number field: empty is null (no limit), anything else must read as a number (NaN is refused by the schema). */
const numberOrNull = (value: string) => (value.trim() === "" ? null : Number(value));
const numberOf = (value: string) => (value.trim() === "" ? Number.NaN : Number(value));
const instant = (local: string, timeZone: string) => {
  if (!local) return "";
  try {
    return fromLocalInput(local, timeZone);
  } catch {
    return "";
  }
};

/** What would be sent: the form read as the server's input. */
export function adInputOf(values: AdFormValues): Record<keyof AdInput, unknown> {
  return {
    advertiser: values.advertiser,
    headline: values.headline,
    body: values.body,
    callToAction: values.callToAction,
    destinationUrl: values.destinationUrl.trim(),
    mediaId: values.mediaId,
    area: values.targetArea
      ? { latitude: values.latitude, longitude: values.longitude, radiusKm: values.radiusKm }
      : null,
    ageMin: numberOrNull(values.ageMin),
    ageMax: numberOrNull(values.ageMax),
    interests: values.interests,
    startsAt: instant(values.startsLocal, values.timeZone),
    endsAt: instant(values.endsLocal, values.timeZone),
    timeZone: values.timeZone,
    weight: numberOf(values.weight),
    totalCap: numberOrNull(values.totalCap),
    dailyCap: numberOrNull(values.dailyCap),
    frequencyCap: numberOf(values.frequencyCap),
  };
}

/** Validated by the contract the server uses: the first message per field, or the input to send. */
export function validateAdForm(values: AdFormValues): { input?: AdInput; errors?: AdFormErrors } {
  const raw = adInputOf(values);
  const errors: AdFormErrors = {};
  if (!raw.startsAt) errors.startsAt = "Choose when it starts";
  if (!raw.endsAt) errors.endsAt = "Choose when it ends";
  const parsed = adInputSchema.safeParse(raw);
  if (parsed.success && Object.keys(errors).length === 0) return { input: parsed.data };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "") as AdFormField;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  return { errors };
}
