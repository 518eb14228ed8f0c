import * as z from "zod/mini";
import { nameText, plainText, withThousands } from "./text";
import { REPORT_REASONS } from "./users";

/**
 * Events (decisions.md, "Events"): members host events with a venue on the map; others
 * RSVP "going" (up to capacity, then a waitlist) or "interested". The venue's pin is privacy-snapped
 * like a member's position; its exact address may be kept for those who are going.
 */
export const EVENT_CATEGORIES = [
  "social",
  "party",
  "drinks",
  "outdoors",
  "sports",
  "arts",
  "wellness",
  "dating",
  "other",
] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];
export const EVENT_CATEGORY_LABELS: Record<EventCategory, string> = {
  social: "Social",
  party: "Party",
  drinks: "Drinks",
  outdoors: "Outdoors",
  sports: "Sports",
  arts: "Arts & culture",
  wellness: "Wellness",
  dating: "Dating",
  other: "Other",
};

export const EVENT_TITLE_MAX_LENGTH = 100;
export const EVENT_DESCRIPTION_MAX_LENGTH = 4000;
export const EVENT_VENUE_MAX_LENGTH = 120;
export const EVENT_ADDRESS_MAX_LENGTH = 200;
export const EVENT_CANCEL_REASON_MAX_LENGTH = 500;
export const EVENT_CAPACITY_MIN = 1;
export const EVENT_CAPACITY_MAX = 10_000;
/** An event lasts at most this long. */
export const EVENT_MAX_HOURS = 7 * 24;
/** Events are listed within these radii (km), like nearby. */
export const EVENT_RADII_KM = [5, 10, 25, 50, 100] as const;
export const EVENT_DEFAULT_RADIUS_KM = 50;
export const EVENTS_PAGE_SIZE = 20;
/** Going members get a reminder this long before the start. */
export const EVENT_REMINDER_MINUTES = 60;

/** A time zone the runtime knows (IANA name). */
export const timeZoneSchema = z.string().check(
  z.refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat("en-US", { timeZone: zone });
        return zone.length <= 64;
      } catch {
        return false;
      }
    },
    { error: "timeZone must be a time zone name such as America/New_York" },
  ),
);

/**
 * Line breaks: line feed, carriage return, and the line and paragraph separators (U+2028, U+2029).
 * A one-line field (a title, a venue's name) takes none: the form has no room for them, and where
 * the text goes on (a notification, an .ics line, a mail) they would start a line of their own.
 * Other breaks (VT, FF, NEL) are control characters, refused with those.
 */
const LINE_BREAK = /[\n\r\u2028\u2029]/;
const singleLine = (field: string) =>
  z.refine<string>((value) => !LINE_BREAK.test(value), {
    error: `${field} must be on one line: it can't contain line breaks`,
    abort: true,
  });

const isoDate = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time (ISO 8601)` });

/** POST /api/events and PUT /api/events/:id (the whole event, as the host's form sends it). */
export const eventInputSchema = z
  .strictObject({
    title: nameText("Title").check(
      singleLine("Title"),
      z.minLength(3, "Title must be at least 3 characters"),
      z.maxLength(EVENT_TITLE_MAX_LENGTH, `Title can be at most ${EVENT_TITLE_MAX_LENGTH} characters`),
    ),
    description: plainText("Description").check(
      z.maxLength(
        EVENT_DESCRIPTION_MAX_LENGTH,
        `Description can be at most ${EVENT_DESCRIPTION_MAX_LENGTH} characters`,
      ),
    ),
    category: z.enum(EVENT_CATEGORIES, { error: `category must be one of: ${EVENT_CATEGORIES.join(", ")}` }),
    startsAt: isoDate("startsAt"),
    endsAt: isoDate("endsAt"),
    timeZone: timeZoneSchema,
    venueName: nameText("Venue").check(
      singleLine("Venue"),
      z.minLength(1, "Venue is required"),
      z.maxLength(EVENT_VENUE_MAX_LENGTH, `Venue can be at most ${EVENT_VENUE_MAX_LENGTH} characters`),
    ),
    address: plainText("Address").check(
      z.maxLength(EVENT_ADDRESS_MAX_LENGTH, `Address can be at most ${EVENT_ADDRESS_MAX_LENGTH} characters`),
    ),
    /** Who sees the exact address: everyone who sees the event, or only those going. */
    addressFor: z.enum(["everyone", "going"], { error: "addressFor must be everyone or going" }),
    latitude: z
      .number({ error: "latitude must be a number" })
      .check(z.gte(-90, "latitude must be between -90 and 90"), z.lte(90, "latitude must be between -90 and 90")),
    longitude: z
      .number({ error: "longitude must be a number" })
      .check(
        z.gte(-180, "longitude must be between -180 and 180"),
        z.lte(180, "longitude must be between -180 and 180"),
      ),
    capacity: z
      .number({ error: "capacity must be a number" })
      .check(
        z.int("capacity must be a whole number"),
        z.gte(
          EVENT_CAPACITY_MIN,
          `capacity must be from ${EVENT_CAPACITY_MIN} to ${withThousands(EVENT_CAPACITY_MAX)}`,
        ),
        z.lte(
          EVENT_CAPACITY_MAX,
          `capacity must be from ${EVENT_CAPACITY_MIN} to ${withThousands(EVENT_CAPACITY_MAX)}`,
        ),
      ),
    coverMediaId: z.nullable(z.uuid("coverMediaId is not a picture id")),
    /** A group's event: only the group's members see it. The host must be a member. */
    groupId: z.optional(z.nullable(z.uuid("groupId is not a group id"))),
  })
  .check(
    z.refine((e) => Date.parse(e.endsAt) > Date.parse(e.startsAt), {
      error: "The end must be after the start",
      path: ["endsAt"],
    }),
    z.refine((e) => Date.parse(e.endsAt) - Date.parse(e.startsAt) <= EVENT_MAX_HOURS * 3_600_000, {
      error: `An event can last at most ${EVENT_MAX_HOURS / 24} days`,
      path: ["endsAt"],
    }),
  );
export type EventInput = z.infer<typeof eventInputSchema>;

export const EVENT_FILTERS = ["all", "today", "weekend", "going", "hosting"] as const;
export type EventFilter = (typeof EVENT_FILTERS)[number];
export const EVENT_SORTS = ["soonest", "nearest"] as const;

/** GET /api/events */
export const eventsQuerySchema = z.strictObject({
  latitude: z.coerce.number({ error: "latitude must be a number" }).check(z.gte(-90), z.lte(90)),
  longitude: z.coerce.number({ error: "longitude must be a number" }).check(z.gte(-180), z.lte(180)),
  radius: z._default(
    z.coerce.number().check(
      z.refine((r) => (EVENT_RADII_KM as readonly number[]).includes(r), {
        error: `radius must be one of ${EVENT_RADII_KM.join(", ")}`,
      }),
    ),
    EVENT_DEFAULT_RADIUS_KM,
  ),
  filter: z._default(z.enum(EVENT_FILTERS, { error: `filter must be one of: ${EVENT_FILTERS.join(", ")}` }), "all"),
  sort: z._default(z.enum(EVENT_SORTS, { error: `sort must be one of: ${EVENT_SORTS.join(", ")}` }), "soonest"),
  /** The viewer's time zone, for "today" and "this weekend". */
  timeZone: z._default(timeZoneSchema, "UTC"),
  cursor: z.optional(z.string().check(z.maxLength(500))),
});
export type EventsQuery = z.infer<typeof eventsQuerySchema>;

export const RSVP_STATUSES = ["going", "interested", "waitlisted"] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];
/** PUT /api/events/:id/rsvp: "going" joins the waitlist when the event is full. */
export const rsvpRequestSchema = z.strictObject({
  status: z.enum(["going", "interested"], { error: "status must be going or interested" }),
  /** Whether he is listed among those going (the count includes everyone). */
  listed: z._default(z.boolean(), true),
});

export const eventCancelSchema = z.strictObject({
  reason: plainText("Reason").check(
    z.minLength(1, "Say why the event is cancelled"),
    z.maxLength(EVENT_CANCEL_REASON_MAX_LENGTH, `Reason can be at most ${EVENT_CANCEL_REASON_MAX_LENGTH} characters`),
  ),
});

export const eventReportSchema = z.strictObject({
  reason: z.enum(REPORT_REASONS, { error: `reason must be one of: ${REPORT_REASONS.join(", ")}` }),
  details: z._default(plainText("Details").check(z.maxLength(1000, "Details can be at most 1000 characters")), ""),
});

export const eventPersonSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.nullable(z.string()),
  profileImageUrl: z.nullable(z.string()),
});
export type EventPerson = z.infer<typeof eventPersonSchema>;

/** An event as a viewer sees it (list and page). */
export const eventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(EVENT_CATEGORIES),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  venueName: z.string(),
  /** Null when the host keeps it for those going and the viewer is not going. */
  address: z.nullable(z.string()),
  addressFor: z.enum(["everyone", "going"]),
  /** The venue's privacy-snapped position. */
  latitude: z.number(),
  longitude: z.number(),
  /** km from the viewer's query point, one decimal; null without one. */
  distance: z.nullable(z.number()),
  capacity: z.int(),
  goingCount: z.int(),
  interestedCount: z.int(),
  waitlistCount: z.int(),
  placesLeft: z.int(),
  coverUrl: z.nullable(z.string()),
  host: eventPersonSchema,
  /** The viewer's own answer. */
  myRsvp: z.nullable(z.enum(RSVP_STATUSES)),
  isHost: z.boolean(),
  cancelledAt: z.nullable(z.string()),
  cancelReason: z.nullable(z.string()),
  isPast: z.boolean(),
  updatedAt: z.string(),
  /** The group whose members alone see it, or null (or absent) for a public event. */
  groupId: z.optional(z.nullable(z.string())),
});
export type VicinityEvent = z.infer<typeof eventSchema>;

export const eventListSchema = z.object({ events: z.array(eventSchema), nextCursor: z.nullable(z.string()) });
export type EventList = z.infer<typeof eventListSchema>;

/** GET /api/events/:id/attendees: the count of everyone going, and those who chose to be listed. */
export const eventAttendeesSchema = z.object({ goingCount: z.int(), listed: z.array(eventPersonSchema) });

/** The socket's `watchEvents`: the events the open pages show (replaces the socket's list); `eventChanged` follows. */
export const EVENT_WATCH_MAX = 50;
export const watchEventsSchema = z.strictObject({
  eventIds: z
    .array(z.uuid("not an event id"))
    .check(z.maxLength(EVENT_WATCH_MAX, `watch at most ${EVENT_WATCH_MAX} events`)),
});

/** GET /api/users/calendar: the member's private feed (a secret URL; POST resets it). */
export const calendarFeedSchema = z.object({ url: z.string() });

export const EVENT_PATHS = {
  events: "/api/events",
  event: (id: string) => `/api/events/${encodeURIComponent(id)}`,
  rsvp: (id: string) => `/api/events/${encodeURIComponent(id)}/rsvp`,
  cancel: (id: string) => `/api/events/${encodeURIComponent(id)}/cancel`,
  attendees: (id: string) => `/api/events/${encodeURIComponent(id)}/attendees`,
  ics: (id: string) => `/api/events/${encodeURIComponent(id)}/calendar.ics`,
  report: (id: string) => `/api/events/${encodeURIComponent(id)}/report`,
  calendar: "/api/users/calendar",
} as const;
