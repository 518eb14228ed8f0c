import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
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
    interests: text("interests").array().notNull().default(sql`'{}'::text[]`),
    bodyType: bodyTypeEnum("body_type"),
    position: positionEnum("position"),
    profileImageUrl: text("profile_image_url"),
    privateMode: boolean("private_mode").notNull().default(false),
    mapVisibility: mapVisibilityEnum("map_visibility").notNull().default("shown"),
    rightNowNote: text("right_now_note"),
    rightNowUntil: timestamp("right_now_until", { withTimezone: true }),
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
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
     * users.private_mode, mirrored by triggers (migration 0006): members in private mode are found
     * through their own small GiST index, not by reading every member of the area (bench/nearby, d).
     */
    privateMode: boolean("private_mode").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("locations_snapped_earth_gist").using("gist", t.snappedEarth),
    index("locations_private_earth_gist").using("gist", t.snappedEarth).where(sql`${t.privateMode}`),
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

export const conversations = pgTable("conversations", {
  id: uuid("id").primaryKey().defaultRandom(),
  kind: text("kind", { enum: ["direct", "group"] }).notNull().default("direct"),
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
    ...timestamps,
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.id),
    uniqueIndex("messages_sender_temp_unique").on(t.senderId, t.tempId),
  ],
);

/** What a picture was uploaded for; decides who may see it (a message picture: its conversation). */
export const mediaKindEnum = pgEnum("media_kind", ["photo", "message", "event", "group", "ad"]);

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
    ...timestamps,
  },
  (t) => [index("media_owner_idx").on(t.ownerId), index("media_created_idx").on(t.createdAt)],
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

export const reportReasonEnum = pgEnum("report_reason", ["spam", "fake", "harassment", "underage", "inappropriate", "other"]);
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
    reason: reportReasonEnum("reason").notNull(),
    details: text("details").notNull().default(""),
    status: reportStatusEnum("status").notNull().default("open"),
    ...timestamps,
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedById: uuid("resolved_by_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("reports_status_idx").on(t.status, t.createdAt), index("reports_reported_idx").on(t.reportedId)],
);
