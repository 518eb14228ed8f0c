import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export const accountRoleEnum = pgEnum("account_role", ["member", "admin"]);
/** The profile's `role` (decisions.md 3): a position, never the account role. */
export const positionEnum = pgEnum("position", ["top", "vers-top", "versatile", "vers-bottom", "bottom", "side"]);
export const bodyTypeEnum = pgEnum("body_type", ["slim", "average", "athletic", "muscular", "stocky", "large"]);
export const presenceStatusEnum = pgEnum("presence_status", ["online", "away", "busy", "offline"]);
export const sessionKindEnum = pgEnum("session_kind", ["member", "guest"]);
/** How a member who is not in private mode appears on the map (decisions.md 6; "hidden" is private mode). */
export const mapVisibilityEnum = pgEnum("map_visibility", ["shown", "crowd"]);

/** earthdistance's point type (cube, from the extension in migration 0000): drizzle has no builtin for it. */
const cube = customType<{ data: string }>({ dataType: () => "cube" });

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    accountRole: accountRoleEnum("account_role").notNull().default("member"),
    firstName: text("first_name"),
    displayName: text("display_name"),
    age: integer("age"),
    bio: text("bio"),
    interests: text("interests")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    bodyType: bodyTypeEnum("body_type"),
    position: positionEnum("position"),
    profileImageUrl: text("profile_image_url"),
    privateMode: boolean("private_mode").notNull().default(false),
    mapVisibility: mapVisibilityEnum("map_visibility").notNull().default("shown"),
    rightNowNote: text("right_now_note"),
    rightNowUntil: timestamp("right_now_until", { withTimezone: true }),
    /** The grid's filters he keeps (MemberFilters, checked by memberFiltersSchema on the way in); null: none. */
    nearbyFilters: jsonb("nearby_filters"),
    /** Whether opening a profile leaves his trace in its "viewed me" (signals; off: he sees nobody's either). */
    leavesTrace: boolean("leaves_trace").notNull().default(true),
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    /** When a suspension for a time ends (null: for good, or not suspended). */
    suspendedUntil: timestamp("suspended_until", { withTimezone: true }),
    /** Why, as the member is told at sign-in. */
    suspensionReason: text("suspension_reason"),
    /** When he opened the link sent to his address (null: not yet). */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** Picks this member's stable point inside his privacy cell (decisions.md 6). Never sent. */
    locationSecret: text("location_secret").notNull(),
    ...timestamps,
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_username_unique").on(sql`lower(${t.username})`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie's token: a leaked table does not hand out sessions. */
    idHash: text("id_hash").primaryKey(),
    kind: sessionKindEnum("kind").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Guests: the public id (anon_...) and the age they gave. */
    guestId: text("guest_id"),
    guestAge: integer("guest_age"),
    /** The browser that signed in ("Firefox on Android"), for the member's list of devices. */
    device: text("device"),
    /** The privacy-snapped position he last shared from this session (its nearest town is shown to him). */
    snappedLatitude: doublePrecision("snapped_latitude"),
    snappedLongitude: doublePrecision("snapped_longitude"),
    ...timestamps,
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const locations = pgTable(
  "locations",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The exact position: used for nothing another member sees. */
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    /** The privacy-snapped position: every distance, order and marker comes from it. */
    snappedLatitude: doublePrecision("snapped_latitude").notNull(),
    snappedLongitude: doublePrecision("snapped_longitude").notNull(),
    /**
     * ll_to_earth(snapped position), kept by the database: the nearby search orders by it through
     * the GiST index below without computing ll_to_earth for every row it reads (bench/nearby).
     */
    snappedEarth: cube("snapped_earth")
      .notNull()
      .generatedAlwaysAs(sql`ll_to_earth("snapped_latitude", "snapped_longitude")::cube`),
    /**
     * Whether his distance is hidden: users.private_mode or map_visibility 'crowd' (policy/appearance:
     * "as private mode" everywhere but the map), kept by triggers (migrations 0006 and 0017).
     * Members who hide their distance are found through their own small GiST index, not by reading
     * every member of the area (bench/nearby, d).
     */
    distanceHidden: boolean("distance_hidden").notNull().default(false),
    /** Since when his snapped position has been where it is (a move to another point resets it). */
    heldSince: timestamp("held_since", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("locations_snapped_earth_gist").using("gist", t.snappedEarth),
    index("locations_distance_hidden_earth_gist")
      .using("gist", t.snappedEarth)
      .where(sql`${t.distanceHidden}`),
  ],
);

export const presence = pgTable(
  "presence",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    status: presenceStatusEnum("status").notNull().default("offline"),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("presence_last_seen_idx").on(t.lastSeenAt)],
);

export const blocks = pgTable(
  "blocks",
  {
    blockerId: uuid("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: uuid("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index("blocks_blocked_idx").on(t.blockedId)],
);

/**
 * Taps (signals): one row per kind a member sent another on a (UTC) day: the primary key is the
 * "one per kind per member a day" rule. Kept TAPS_KEPT_DAYS (swept with the notifications).
 */
export const taps = pgTable(
  "taps",
  {
    senderId: uuid("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    receiverId: uuid("receiver_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["hi", "hot", "looking"] }).notNull(),
    day: date("day", { mode: "string" })
      .notNull()
      .default(sql`(now() AT TIME ZONE 'UTC')::date`),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.senderId, t.receiverId, t.kind, t.day] }),
    index("taps_receiver_idx").on(t.receiverId, t.createdAt),
  ],
);

/** Favorites (signals): the members a member starred. Nobody learns he was starred. */
export const favorites = pgTable(
  "favorites",
  {
    memberId: uuid("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    favoriteId: uuid("favorite_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.memberId, t.favoriteId] }), index("favorites_favorite_idx").on(t.favoriteId)],
);

/** Saved phrases (issue 38): short texts a member reuses from the composer; his alone. */
export const savedPhrases = pgTable(
  "saved_phrases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("saved_phrases_user_text_unique").on(t.userId, t.text)],
);

/** "Viewed me" (signals): a member's latest visit to another's profile; kept VIEWED_ME_DAYS. */
export const profileViews = pgTable(
  "profile_views",
  {
    viewerId: uuid("viewer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    viewedId: uuid("viewed_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.viewerId, t.viewedId] }),
    index("profile_views_viewed_idx").on(t.viewedId, t.viewedAt),
  ],
);

export const conversations = pgTable("conversations", {
  id: uuid("id").primaryKey().defaultRandom(),
  kind: text("kind", { enum: ["direct", "group"] })
    .notNull()
    .default("direct"),
  /** Direct conversations: "smallerId:largerId", so a pair has exactly one conversation. */
  directKey: text("direct_key").unique(),
  /** Group conversations: the name the inbox shows (direct ones show the other member). */
  title: text("title"),
  ...timestamps,
  lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
});

export const conversationParticipants = pgTable(
  "conversation_participants",
  {
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadMessageId: bigint("last_read_message_id", { mode: "number" }).notNull().default(0),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    /** A muted group chat counts no unread messages and sends no alerts. */
    muted: boolean("muted").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index("participants_user_idx").on(t.userId)],
);

export const messages = pgTable(
  "messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: uuid("sender_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull().default(""),
    /** A picture message: the uploaded picture (POST /api/media, kind "message"). */
    mediaId: uuid("media_id").references((): AnyPgColumn => media.id, { onDelete: "set null" }),
    /** The client's id for a send, so a retry returns the stored message (decisions.md 5). */
    tempId: text("temp_id"),
    /** Removed (a group moderator, or its sender took it back): its text and picture are no longer sent to anyone. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    /**
     * Its sender took it back (issue 38, within MESSAGE_UNSEND_MINUTES; removedAt is set too). Its text and picture
     * are erased, unless a report named it before: then they stay for the moderators alone.
     */
    unsent: boolean("unsent").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.id),
    uniqueIndex("messages_sender_temp_unique").on(t.senderId, t.tempId),
  ],
);

/** What a picture was uploaded for; decides who may see it (a message picture: its conversation). */
export const mediaKindEnum = pgEnum("media_kind", ["photo", "message", "event", "group", "ad", "album"]);

/**
 * An uploaded picture, re-encoded with every metadata removed (decisions.md, "Pictures"). The file
 * lives under MEDIA_DIR by its id; the database keeps what serving it needs.
 */
export const media = pgTable(
  "media",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: mediaKindEnum("kind").notNull().default("photo"),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    hasAlpha: boolean("has_alpha").notNull().default(false),
    /** SHA-256 of the file as uploaded: a removed picture's hash is banned. */
    sha256: text("sha256"),
    /** When an admin looked at it and kept it (null: awaiting review). */
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    /** A message picture sent "view once" (issue 38, decisions/0047): the member it was sent to sees it once. */
    viewOnce: boolean("view_once").notNull().default(false),
    /** When he opened it: his one showing runs from here for VIEW_ONCE_SECONDS. */
    openedAt: timestamp("opened_at", { withTimezone: true }),
    /** When its file was deleted after the showing (kept, and this stays null, while a report names its message). */
    expiredAt: timestamp("expired_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("media_owner_idx").on(t.ownerId),
    index("media_created_idx").on(t.createdAt),
    index("media_opened_idx")
      .on(t.openedAt)
      .where(sql`view_once AND expired_at IS NULL`),
  ],
);

/** Private albums (issue 38, decisions/0046): a member's albums of pictures, never on his profile. */
export const albums = pgTable(
  "albums",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [index("albums_owner_idx").on(t.ownerId, t.createdAt)],
);

/** An album's pictures (uploads of kind "album"), in the order added; a picture belongs to one album. */
export const albumPictures = pgTable(
  "album_pictures",
  {
    mediaId: uuid("media_id")
      .primaryKey()
      .references(() => media.id, { onDelete: "cascade" }),
    albumId: uuid("album_id")
      .notNull()
      .references(() => albums.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [index("album_pictures_album_idx").on(t.albumId, t.createdAt)],
);

/** Who an album is shared with, while it is: one row per album and member. */
export const albumShares = pgTable(
  "album_shares",
  {
    albumId: uuid("album_id")
      .notNull()
      .references(() => albums.id, { onDelete: "cascade" }),
    memberId: uuid("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.albumId, t.memberId] }), index("album_shares_member_idx").on(t.memberId)],
);

/** A member's profile pictures in his order; the first is the main one (users.profile_image_url). */
export const profilePhotos = pgTable(
  "profile_photos",
  {
    mediaId: uuid("media_id")
      .primaryKey()
      .references(() => media.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    ...timestamps,
  },
  (t) => [index("profile_photos_user_idx").on(t.userId, t.position)],
);

export const reportReasonEnum = pgEnum("report_reason", [
  "spam",
  "fake",
  "harassment",
  "underage",
  "inappropriate",
  "other",
]);
export const reportStatusEnum = pgEnum("report_status", ["open", "dismissed", "actioned"]);

/** A member's report of another: the admin content-audit queue reads it. */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reporterId: uuid("reporter_id").references(() => users.id, { onDelete: "set null" }),
    reportedId: uuid("reported_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Set when the report is about an event (its host is `reported_id`): the same queue. */
    eventId: uuid("event_id").references((): AnyPgColumn => events.id, { onDelete: "cascade" }),
    /** Set when the report is about a group (its owner is `reported_id`) or, with `messageId`, a message of its chat (its sender). */
    groupId: uuid("group_id").references((): AnyPgColumn => groups.id, { onDelete: "cascade" }),
    messageId: bigint("message_id", { mode: "number" }),
    /** Set when the report is about a picture (its owner is `reported_id`). */
    mediaId: uuid("media_id"),
    /** The admin who took it. */
    assignedToId: uuid("assigned_to_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    reason: reportReasonEnum("reason").notNull(),
    details: text("details").notNull().default(""),
    status: reportStatusEnum("status").notNull().default("open"),
    ...timestamps,
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedById: uuid("resolved_by_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("reports_status_idx").on(t.status, t.createdAt), index("reports_reported_idx").on(t.reportedId)],
);

export const eventCategoryEnum = pgEnum("event_category", [
  "social",
  "party",
  "drinks",
  "outdoors",
  "sports",
  "arts",
  "wellness",
  "dating",
  "other",
]);
export const addressForEnum = pgEnum("event_address_for", ["everyone", "going"]);
export const rsvpStatusEnum = pgEnum("rsvp_status", ["going", "interested", "waitlisted"]);

/**
 * An event. The venue's exact position is for the host (and the address for those
 * allowed); everyone else sees the snapped one, computed like a member's with the event's own secret.
 */
export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    hostId: uuid("host_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    category: eventCategoryEnum("category").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    timeZone: text("time_zone").notNull(),
    venueName: text("venue_name").notNull(),
    address: text("address").notNull().default(""),
    addressFor: addressForEnum("address_for").notNull().default("everyone"),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    snappedLatitude: doublePrecision("snapped_latitude").notNull(),
    snappedLongitude: doublePrecision("snapped_longitude").notNull(),
    snappedEarth: cube("snapped_earth")
      .notNull()
      .generatedAlwaysAs(sql`ll_to_earth("snapped_latitude", "snapped_longitude")::cube`),
    locationSecret: text("location_secret").notNull(),
    capacity: integer("capacity").notNull(),
    coverMediaId: uuid("cover_media_id").references(() => media.id, { onDelete: "set null" }),
    /** A group's event: only its members see it. */
    groupId: uuid("group_id").references((): AnyPgColumn => groups.id, { onDelete: "cascade" }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    ...timestamps,
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("events_snapped_earth_gist").using("gist", t.snappedEarth),
    index("events_starts_idx").on(t.startsAt),
    index("events_host_idx").on(t.hostId, t.startsAt),
  ],
);

/** A member's answer to an event; the waitlist is in order of `created_at`. */
export const eventRsvps = pgTable(
  "event_rsvps",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: rsvpStatusEnum("status").notNull(),
    /** Listed among those going (the count includes everyone). */
    listed: boolean("listed").notNull().default(true),
    ...timestamps,
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index("event_rsvps_user_idx").on(t.userId, t.status),
    index("event_rsvps_waitlist_idx").on(t.eventId, t.status, t.createdAt),
  ],
);

/**
 * A member's private calendar feed. Its secret URL is an HMAC of his id and this nonce (so the
 * database holds nothing that opens it); a reset draws a new nonce and the old URL stops working.
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  nonce: text("nonce").notNull(),
  ...timestamps,
});

export const notificationKindEnum = pgEnum("notification_kind", [
  "event_reminder",
  "event_promoted",
  "event_cancelled",
  "event_changed",
  "warning",
  "report_outcome",
  "tap",
  "match",
  "album_shared",
]);

/** decisions.md, "Notifications": a member's list (the bell), kept 90 days. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: notificationKindEnum("kind").notNull(),
    /** What the screen needs to say it (an event's id and title, a reason). */
    data: jsonb("data")
      .notNull()
      .default(sql`'{}'::jsonb`),
    ...timestamps,
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.createdAt)],
);

/**
 * A moderator's warning, shown to the member at his next visit until he acknowledges it
 * (the notification says it too, but the bell's "read" is not his acknowledgement).
 */
export const memberWarnings = pgTable(
  "member_warnings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    ...timestamps,
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }),
  },
  (t) => [index("member_warnings_user_idx").on(t.userId, t.createdAt)],
);

export const groupJoinPolicyEnum = pgEnum("group_join_policy", ["open", "request", "invite"]);
export const groupRoleEnum = pgEnum("group_role", ["owner", "moderator", "member"]);
export const groupPendingEnum = pgEnum("group_pending_kind", ["request", "invitation"]);

/** A group: its chat is a group conversation; its home, when set, is snapped like a member's position. */
export const groups = pgTable(
  "groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    rules: text("rules").notNull().default(""),
    interests: text("interests")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    joinPolicy: groupJoinPolicyEnum("join_policy").notNull().default("open"),
    coverMediaId: uuid("cover_media_id").references(() => media.id, { onDelete: "set null" }),
    homeLatitude: doublePrecision("home_latitude"),
    homeLongitude: doublePrecision("home_longitude"),
    locationSecret: text("location_secret").notNull(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id),
    ...timestamps,
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("groups_name_unique").on(sql`lower(${t.name})`),
    uniqueIndex("groups_conversation_unique").on(t.conversationId),
  ],
);

export const groupMembers = pgTable(
  "group_members",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: groupRoleEnum("role").notNull().default("member"),
    /** Membership is private by default: listed on the group's page only when he chooses. */
    listed: boolean("listed").notNull().default(false),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index("group_members_user_idx").on(t.userId)],
);

/** An open request to join (from the member) or invitation (from a moderator). */
export const groupPending = pgTable(
  "group_pending",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: groupPendingEnum("kind").notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);

/** Every change of membership, for the group's moderators. */
export const groupLog = pgTable(
  "group_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    subjectId: uuid("subject_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("group_log_group_idx").on(t.groupId, t.id)],
);

/** Internal notes of admins on a report. */
export const reportNotes = pgTable(
  "report_notes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    reportId: uuid("report_id")
      .notNull()
      .references(() => reports.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    ...timestamps,
  },
  (t) => [index("report_notes_report_idx").on(t.reportId)],
);

/** Files removed by moderators: the same bytes cannot be uploaded again. */
export const bannedMedia = pgTable("banned_media", {
  sha256: text("sha256").primaryKey(),
  ...timestamps,
});

/**
 * Every admin action: who, what, on whom or what, why, when. No foreign keys (an entry
 * outlives its admin and its target), and triggers refuse UPDATE and DELETE (migration 0010).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    adminId: uuid("admin_id").notNull(),
    adminUsername: text("admin_username").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    reason: text("reason").notNull().default(""),
    data: jsonb("data")
      .notNull()
      .default(sql`'{}'::jsonb`),
    ...timestamps,
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt), index("audit_log_target_idx").on(t.targetType, t.targetId)],
);

export const adStatusEnum = pgEnum("ad_status", ["draft", "active", "paused", "ended"]);

/** An ad campaign. "scheduled" is an active one whose start is ahead (derived). */
export const adCampaigns = pgTable("ad_campaigns", {
  id: uuid("id").primaryKey().defaultRandom(),
  advertiser: text("advertiser").notNull(),
  headline: text("headline").notNull(),
  body: text("body").notNull(),
  callToAction: text("call_to_action").notNull(),
  destinationUrl: text("destination_url").notNull(),
  mediaId: uuid("media_id").references(() => media.id, { onDelete: "set null" }),
  centerLatitude: doublePrecision("center_latitude"),
  centerLongitude: doublePrecision("center_longitude"),
  radiusKm: doublePrecision("radius_km"),
  ageMin: integer("age_min"),
  ageMax: integer("age_max"),
  interests: text("interests")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
  endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  timeZone: text("time_zone").notNull(),
  weight: integer("weight").notNull().default(1),
  totalCap: integer("total_cap"),
  dailyCap: integer("daily_cap"),
  frequencyCap: integer("frequency_cap").notNull(),
  status: adStatusEnum("status").notNull().default("draft"),
  impressions: integer("impressions").notNull().default(0),
  createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
  ...timestamps,
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** An ad served to a member: its view counts once (viewable), its click once. */
export const adViews = pgTable(
  "ad_views",
  {
    token: text("token").primaryKey(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => adCampaigns.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...timestamps,
    countedAt: timestamp("counted_at", { withTimezone: true }),
    clickedAt: timestamp("clicked_at", { withTimezone: true }),
  },
  (t) => [
    index("ad_views_campaign_idx").on(t.campaignId, t.createdAt),
    // A member's views not counted yet: what caps the click links he may hold (ads/service.ts).
    index("ad_views_uncounted_idx")
      .on(t.userId, t.createdAt)
      .where(sql`${t.countedAt} IS NULL`),
  ],
);

/** Per member per day (UTC): what the frequency cap counts. */
export const adMemberDays = pgTable(
  "ad_member_days",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => adCampaigns.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    impressions: integer("impressions").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.userId, t.day] })],
);

/** The daily roll-up the reports read: impressions, unique members reached, clicks. */
export const adDaily = pgTable(
  "ad_daily",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => adCampaigns.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    impressions: integer("impressions").notNull().default(0),
    reach: integer("reach").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day] })],
);

/** Ads a member hid. */
export const adHidden = pgTable(
  "ad_hidden",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => adCampaigns.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.userId] })],
);

/**
 * What members do, recorded as it happens (batched, no request waits on it) and rolled up
 * into the analytics tables below, after which it is deleted: a queue, not a history.
 */
export const activityEvents = pgTable("activity_events", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  /** ACTIVITY_KINDS (analytics/recorder.ts). */
  kind: smallint("kind").notNull(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  /** A message's conversation. */
  ref: uuid("ref"),
});

/** The days (UTC) on which a member was active: opened the app or sent a message. */
export const activityDays = pgTable(
  "activity_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] }), index("activity_days_user_idx").on(t.userId)],
);

/** The weeks (Mondays, UTC) in which a member was active: the retention grid counts these. */
export const activityWeeks = pgTable(
  "activity_weeks",
  {
    week: date("week", { mode: "string" }).notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.week, t.userId] }), index("activity_weeks_user_idx").on(t.userId)],
);

/** How far each member came: the funnel counts a step once, at his sign-up's hour. */
export const memberMilestones = pgTable("member_milestones", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  signupAt: timestamp("signup_at", { withTimezone: true }).notNull(),
  onboardedAt: timestamp("onboarded_at", { withTimezone: true }),
  firstMessageAt: timestamp("first_message_at", { withTimezone: true }),
  firstReplyAt: timestamp("first_reply_at", { withTimezone: true }),
});

/**
 * Who wrote first in a direct conversation, and when the other first answered (the reply rate):
 * kept ACTIVITY_DAYS_KEPT days, and not a reference (a conversation's deletion changes no count).
 */
export const conversationStarts = pgTable("conversation_starts", {
  conversationId: uuid("conversation_id").primaryKey(),
  starterId: uuid("starter_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  repliedAt: timestamp("replied_at", { withTimezone: true }),
});

const counter = (name: string) => integer(name).notNull().default(0);

/**
 * Counts per hour, so that any time zone's days add up exactly (whole-hour zones). The funnel's
 * steps (onboarded, first message, first reply) count at the member's sign-up hour.
 */
export const analyticsHourly = pgTable("analytics_hourly", {
  hour: timestamp("hour", { withTimezone: true }).primaryKey(),
  signups: counter("signups"),
  onboarded: counter("onboarded"),
  firstMessages: counter("first_messages"),
  firstReplies: counter("first_replies"),
  messages: counter("messages"),
  conversationsStarted: counter("conversations_started"),
  conversationsReplied: counter("conversations_replied"),
  eventsHosted: counter("events_hosted"),
  rsvps: counter("rsvps"),
  groupsJoined: counter("groups_joined"),
  reports: counter("reports"),
  blocks: counter("blocks"),
  adImpressions: counter("ad_impressions"),
  adClicks: counter("ad_clicks"),
});

/** Active members per UTC day: that day, the 7 and the 30 days ending on it. */
export const analyticsDaily = pgTable("analytics_daily", {
  day: date("day", { mode: "string" }).primaryKey(),
  dau: counter("dau"),
  wau: counter("wau"),
  mau: counter("mau"),
  /** When wau and mau were counted (a past day's are counted once more after it ended). */
  countedAt: timestamp("counted_at", { withTimezone: true }),
  final: boolean("final").notNull().default(false),
});

/** The retention grid: members of a sign-up week active in its nth week after. */
export const analyticsCohorts = pgTable(
  "analytics_cohorts",
  {
    week: date("week", { mode: "string" }).notNull(),
    weekIndex: integer("week_index").notNull(),
    active: counter("active"),
  },
  (t) => [primaryKey({ columns: [t.week, t.weekIndex] })],
);

/** When the roll-up last ran. */
export const analyticsState = pgTable("analytics_state", {
  id: integer("id").primaryKey(),
  rolledUpAt: timestamp("rolled_up_at", { withTimezone: true }),
});

export const emailTokenPurposeEnum = pgEnum("email_token_purpose", ["verify", "reset", "change", "undo"]);

/**
 * The single-use links of mails (verify the address, reset the password, confirm a new
 * address, undo a change). Only the token's SHA-256 is kept: a leaked table opens nothing.
 */
export const emailTokens = pgTable(
  "email_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: emailTokenPurposeEnum("purpose").notNull(),
    /** The address the link was sent to (verify, change: the new one; undo: the old one to restore). */
    email: text("email").notNull(),
    ...timestamps,
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("email_tokens_user_idx").on(t.userId, t.purpose), index("email_tokens_expires_idx").on(t.expiresAt)],
);
