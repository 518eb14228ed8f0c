import { eventInputSchema, type EventCategory, type EventInput, type VicinityEvent } from "@vicinity/contract";
import { fromLocalInput, toLocalInput } from "@vicinity/features/shared";

/** What the host's form holds: text as typed, the times as the datetime-local inputs give them. */
export interface EventFormValues {
  title: string;
  description: string;
  category: EventCategory;
  startsLocal: string;
  endsLocal: string;
  timeZone: string;
  venueName: string;
  address: string;
  addressOnlyForGoing: boolean;
  latitude: number;
  longitude: number;
  capacity: string;
  coverMediaId: string | null;
  /** The cover to show (an event's, or the picture just uploaded). */
  coverUrl: string | null;
}

export type EventFormField =
  | "title"
  | "description"
  | "category"
  | "startsAt"
  | "endsAt"
  | "timeZone"
  | "venueName"
  | "address"
  | "position"
  | "capacity"
  | "coverMediaId";
export type EventFormErrors = Partial<Record<EventFormField, string>>;

export function emptyEventForm(position: { latitude: number; longitude: number }, timeZone: string): EventFormValues {
  return {
    title: "",
    description: "",
    category: "social",
    startsLocal: "",
    endsLocal: "",
    timeZone,
    venueName: "",
    address: "",
    addressOnlyForGoing: false,
    latitude: position.latitude,
    longitude: position.longitude,
    capacity: "20",
    coverMediaId: null,
    coverUrl: null,
  };
}

/** The form of an event being edited (its times shown in its own zone). */
export function eventFormOf(event: VicinityEvent): EventFormValues {
  return {
    title: event.title,
    description: event.description,
    category: event.category,
    startsLocal: toLocalInput(event.startsAt, event.timeZone),
    endsLocal: toLocalInput(event.endsAt, event.timeZone),
    timeZone: event.timeZone,
    venueName: event.venueName,
    address: event.address ?? "",
    addressOnlyForGoing: event.addressFor === "going",
    latitude: event.latitude,
    longitude: event.longitude,
    capacity: String(event.capacity),
    coverMediaId: event.coverUrl ? (event.coverUrl.split("/").pop() ?? null) : null,
    coverUrl: event.coverUrl,
  };
}

const FIELD_OF: Record<string, EventFormField> = { latitude: "position", longitude: "position" };

/**
 * The request of a filled form, or the errors to show: the contract's own messages (the server
 * says the same), and the start in the future for a new event (as the server checks).
 */
export function validateEventForm(
  values: EventFormValues,
  options: { creating: boolean; now?: number },
): { input: EventInput; errors: null } | { input: null; errors: EventFormErrors } {
  const candidate = {
    title: values.title.trim(),
    description: values.description.trim(),
    category: values.category,
    startsAt: fromLocalInput(values.startsLocal, values.timeZone),
    endsAt: fromLocalInput(values.endsLocal, values.timeZone),
    timeZone: values.timeZone,
    venueName: values.venueName.trim(),
    address: values.address.trim(),
    addressFor: values.addressOnlyForGoing ? "going" : "everyone",
    latitude: values.latitude,
    longitude: values.longitude,
    capacity: values.capacity.trim() === "" ? Number.NaN : Number(values.capacity),
    coverMediaId: values.coverMediaId,
  };
  const errors: EventFormErrors = {};
  const parsed = eventInputSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "");
      const field = FIELD_OF[key] ?? (key as EventFormField);
      errors[field] ??= issue.message;
    }
  }
  if (
    options.creating &&
    candidate.startsAt &&
    !errors.startsAt &&
    Date.parse(candidate.startsAt) <= (options.now ?? Date.now())
  ) {
    errors.startsAt = START_IN_FUTURE;
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { input: null, errors };
  return { input: parsed.data, errors: null };
}

/** The server's words for a start in the past (apps/server/src/events/service.ts). */
export const START_IN_FUTURE = "The start must be in the future";
