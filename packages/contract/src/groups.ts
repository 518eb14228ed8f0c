import * as z from "zod/mini";
import { nameText, plainText } from "./text";
import { REPORT_REASONS } from "./users";

/**
 * Groups (decisions.md, "Groups"): named groups with a description, rules and a cover;
 * members join (open), ask (by request) or are invited (by invitation); each group has its own
 * group conversation. Roles: owner, moderators, members. Membership is private by default: a
 * member is listed on the group's page only if he chooses so for that group.
 */
export const GROUP_NAME_MIN_LENGTH = 3;
export const GROUP_NAME_MAX_LENGTH = 60;
export const GROUP_DESCRIPTION_MAX_LENGTH = 2000;
export const GROUP_RULES_MAX_LENGTH = 2000;
export const GROUP_MAX_INTERESTS = 10;
export const GROUPS_CREATED_PER_DAY = 3;
export const GROUPS_PAGE_SIZE = 20;

export const GROUP_JOIN_POLICIES = ["open", "request", "invite"] as const;
export type GroupJoinPolicy = (typeof GROUP_JOIN_POLICIES)[number];
export const GROUP_JOIN_POLICY_LABELS: Record<GroupJoinPolicy, string> = {
  open: "Anyone can join",
  request: "Members ask to join; moderators approve",
  invite: "By invitation only",
};
export const GROUP_ROLES = ["owner", "moderator", "member"] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

/**
 * Who sees a group's members (decisions.md, "Visibility modes on every surface"): an open group
 * shows its owner and the members who chose to be listed to everyone; a group by request or by
 * invitation shows them only to its members. Moderators see everyone (with roles). The server's
 * policy and the group page ask the same question.
 */
export function seesGroupMembers(joinPolicy: GroupJoinPolicy, myRole: GroupRole | null): boolean {
  return joinPolicy === "open" || myRole !== null;
}
export const seesEveryGroupMember = (myRole: GroupRole | null): boolean => myRole === "owner" || myRole === "moderator";
/** Only the owner renames the group or changes how members join; moderators edit the rest. */
export const mayChangeGroupIdentity = (myRole: GroupRole | null): boolean => myRole === "owner";
export const GROUP_MEMBERS_PRIVATE = "Only the group's members see who is in it";
export const GROUP_IDENTITY_OWNER_ONLY = "Only the group's owner may change its name or how members join";

export const GROUP_NAME_TAKEN = "A group with this name already exists";
export const GROUP_NAME_REFUSED = "Choose another name: this one is not allowed";

/** POST /api/groups and PUT /api/groups/:id. */
export const groupInputSchema = z.strictObject({
  name: nameText("Name").check(
    z.trim(),
    z.minLength(GROUP_NAME_MIN_LENGTH, `Name must be at least ${GROUP_NAME_MIN_LENGTH} characters`),
    z.maxLength(GROUP_NAME_MAX_LENGTH, `Name can be at most ${GROUP_NAME_MAX_LENGTH} characters`),
  ),
  description: plainText("Description").check(
    z.maxLength(GROUP_DESCRIPTION_MAX_LENGTH, `Description can be at most ${GROUP_DESCRIPTION_MAX_LENGTH} characters`),
  ),
  rules: plainText("Rules").check(
    z.maxLength(GROUP_RULES_MAX_LENGTH, `Rules can be at most ${GROUP_RULES_MAX_LENGTH} characters`),
  ),
  interests: z
    .array(
      plainText("Interests").check(
        z.trim(),
        z.minLength(1, "An interest cannot be empty"),
        z.maxLength(30, "An interest can be at most 30 characters"),
      ),
      { error: "interests must be a list" },
    )
    .check(z.maxLength(GROUP_MAX_INTERESTS, `At most ${GROUP_MAX_INTERESTS} interests`)),
  joinPolicy: z.enum(GROUP_JOIN_POLICIES, { error: `joinPolicy must be one of: ${GROUP_JOIN_POLICIES.join(", ")}` }),
  /** The group's home area (a point; shown and searched by its privacy-snapped position), or none. */
  home: z.nullable(
    z.strictObject({
      latitude: z.number().check(z.gte(-90), z.lte(90)),
      longitude: z.number().check(z.gte(-180), z.lte(180)),
    }),
  ),
  coverMediaId: z.nullable(z.uuid("coverMediaId is not a picture id")),
});
export type GroupInput = z.infer<typeof groupInputSchema>;

/** GET /api/groups: a search (name or interest), near a point, or the popular ones; the member's own first. */
export const groupsQuerySchema = z.strictObject({
  q: z.optional(plainText("Search").check(z.trim(), z.maxLength(60, "Search for at most 60 characters"))),
  latitude: z.optional(z.coerce.number().check(z.gte(-90), z.lte(90))),
  longitude: z.optional(z.coerce.number().check(z.gte(-180), z.lte(180))),
  cursor: z.optional(z.string().check(z.maxLength(500))),
});

export const groupSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  coverUrl: z.nullable(z.string()),
  interests: z.array(z.string()),
  joinPolicy: z.enum(GROUP_JOIN_POLICIES),
  memberCount: z.int(),
  /** km from the point searched from to the group's snapped home, one decimal; null without either. */
  distance: z.nullable(z.number()),
  /** The viewer's role, or null when he is not a member. */
  myRole: z.nullable(z.enum(GROUP_ROLES)),
  /** A request he sent, or an invitation he received, still open. */
  pending: z.nullable(z.enum(["request", "invitation"])),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;
export const groupListSchema = z.object({ groups: z.array(groupSummarySchema), nextCursor: z.nullable(z.string()) });

export const groupSchema = z.extend(groupSummarySchema, {
  rules: z.string(),
  home: z.nullable(z.object({ latitude: z.number(), longitude: z.number() })),
  owner: z.object({ id: z.string(), username: z.string(), displayName: z.nullable(z.string()) }),
  /** The group chat: for members only. */
  conversationId: z.nullable(z.string()),
  /** The viewer's own settings in this group (members). */
  listed: z.boolean(),
  muted: z.boolean(),
  pendingRequests: z.int(),
  createdAt: z.string(),
});
export type Group = z.infer<typeof groupSchema>;

export const groupMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.nullable(z.string()),
  profileImageUrl: z.nullable(z.string()),
  role: z.enum(GROUP_ROLES),
  joinedAt: z.string(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupRequestSchema = z.object({
  user: z.object({
    id: z.string(),
    username: z.string(),
    displayName: z.nullable(z.string()),
    profileImageUrl: z.nullable(z.string()),
  }),
  kind: z.enum(["request", "invitation"]),
  createdAt: z.string(),
});
export type GroupRequest = z.infer<typeof groupRequestSchema>;

export const GROUP_LOG_ACTIONS = [
  "created",
  "joined",
  "left",
  "requested",
  "approved",
  "refused",
  "invited",
  "declined",
  "removed",
  "promoted",
  "demoted",
  "owner_changed",
  "settings_changed",
  "message_removed",
] as const;
export const groupLogEntrySchema = z.object({
  id: z.int(),
  action: z.enum(GROUP_LOG_ACTIONS),
  actor: z.nullable(z.object({ id: z.string(), username: z.string() })),
  subject: z.nullable(z.object({ id: z.string(), username: z.string() })),
  createdAt: z.string(),
});
export type GroupLogEntry = z.infer<typeof groupLogEntrySchema>;

/** PUT /api/groups/:id/me: listed among the members, mute the group chat. */
export const groupSettingsSchema = z.strictObject({ listed: z.optional(z.boolean()), muted: z.optional(z.boolean()) });
/** POST /api/groups/:id/invitations: a member by his id, or by his username as moderators type it. */
export const groupInviteSchema = z.union(
  [
    z.strictObject({ userId: z.uuid("userId is not a member id") }),
    z.strictObject({
      username: z
        .string()
        .check(z.trim(), z.minLength(1, "Type a username"), z.maxLength(64, "No member has a username this long")),
    }),
  ],
  { error: "Give a userId or a username" },
);
export type GroupInvite = z.infer<typeof groupInviteSchema>;
export const groupRoleSchema = z.strictObject({
  role: z.enum(["moderator", "member"], { error: "role must be moderator or member" }),
});
export const groupOwnerSchema = z.strictObject({ userId: z.uuid("userId is not a member id") });
export const groupReportSchema = z.strictObject({
  reason: z.enum(REPORT_REASONS, { error: `reason must be one of: ${REPORT_REASONS.join(", ")}` }),
  details: z._default(plainText("Details").check(z.maxLength(1000, "Details can be at most 1000 characters")), ""),
  /** A message of the group chat, when the report is about it. */
  messageId: z.optional(z.int().check(z.positive())),
});

export const GROUP_PATHS = {
  groups: "/api/groups",
  group: (id: string) => `/api/groups/${encodeURIComponent(id)}`,
  join: (id: string) => `/api/groups/${encodeURIComponent(id)}/join`,
  leave: (id: string) => `/api/groups/${encodeURIComponent(id)}/leave`,
  members: (id: string) => `/api/groups/${encodeURIComponent(id)}/members`,
  me: (id: string) => `/api/groups/${encodeURIComponent(id)}/me`,
  requests: (id: string) => `/api/groups/${encodeURIComponent(id)}/requests`,
  log: (id: string) => `/api/groups/${encodeURIComponent(id)}/log`,
  events: (id: string) => `/api/groups/${encodeURIComponent(id)}/events`,
  report: (id: string) => `/api/groups/${encodeURIComponent(id)}/report`,
} as const;
