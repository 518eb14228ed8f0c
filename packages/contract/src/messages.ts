import * as z from "zod/mini";
import { requiredOr } from "./auth";
import { plainText, withThousands } from "./text";

/** decisions.md, "Messages": text up to 2,000 characters. */
export const MESSAGE_MAX_LENGTH = 2000;
export const TEMP_ID_MAX_LENGTH = 64;
export const MESSAGES_PAGE_SIZE = 50;
export const CONVERSATIONS_PAGE_SIZE = 30;
export const MISSED_MESSAGES_LIMIT = 500;
/** Issue 38: a sender may take a message back (text or picture) for this long after sending it. */
export const MESSAGE_UNSEND_MINUTES = 15;
/** DELETE: the sender takes his message back (MESSAGE_UNSEND_MINUTES); `messageRemoved` tells the conversation. */
export const unsendMessagePath = (conversationId: string, messageId: number) =>
  `/api/conversations/${encodeURIComponent(conversationId)}/messages/${messageId}`;

/**
 * Issue 38 item 5 (decisions/0047): a picture sent "view once" is opened once by the member it was sent to, shown for
 * at most VIEW_ONCE_SECONDS, then gone for him; its sender sees "Opened".
 */
export const VIEW_ONCE_SECONDS = 10;
/** POST: the receiver opens a view-once picture (once): OpenedPicture, or 409 the second time. */
export const openPicturePath = (conversationId: string, messageId: number) =>
  `/api/conversations/${encodeURIComponent(conversationId)}/messages/${messageId}/open`;

export const messagePictureSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.int(),
  height: z.int(),
  /** A view-once picture: whether (when) the member it was sent to opened it. Its address serves him only then. */
  viewOnce: z.optional(z.object({ openedAt: z.nullable(z.string()) })),
});
export type MessagePicture = z.infer<typeof messagePictureSchema>;

/** A stored message. `id` grows with every message on the server, so "after id" means "since". */
export const messageSchema = z.object({
  id: z.int(),
  conversationId: z.string(),
  /** null: the sender deleted his account ("deleted member"). */
  senderId: z.nullable(z.string()),
  content: z.string(),
  picture: z.nullable(messagePictureSchema),
  tempId: z.nullable(z.string()),
  createdAt: z.string(),
  /** Removed (a group moderator, or its sender took it back): its text and picture are gone. */
  removed: z.optional(z.boolean()),
  /** Its sender took it back (with `removed`): "Message removed" rather than a moderator's removal. */
  unsent: z.optional(z.boolean()),
});

/**
 * Whether the screen offers to take this message back at `now`: within MESSAGE_UNSEND_MINUTES of its sending by this
 * device's clock (one as far off as the window offers nothing). The server decides by its own clock.
 */
export function canUnsend(message: Pick<Message, "createdAt" | "removed">, now: number): boolean {
  const age = now - Date.parse(message.createdAt);
  const window = MESSAGE_UNSEND_MINUTES * 60_000;
  return !message.removed && age > -window && age < window;
}
export type Message = z.infer<typeof messageSchema>;

/** The other member of a direct conversation, as the inbox shows him; null once he deleted his account. */
export const conversationPeerSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.nullable(z.string()),
  profileImageUrl: z.nullable(z.string()),
  isOnline: z.boolean(),
});
export type ConversationPeer = z.infer<typeof conversationPeerSchema>;

export const CONVERSATION_KINDS = ["direct", "group"] as const;
export const GROUP_TITLE_MAX_LENGTH = 80;

/** GET /api/conversations: one row of the inbox, direct or group (the server always sends kind). */
export const conversationSummarySchema = z.object({
  id: z.string(),
  /** Absent in older fixtures: a direct conversation. */
  kind: z.optional(z.enum(CONVERSATION_KINDS)),
  /** A group's name; null for a direct conversation. */
  title: z.optional(z.nullable(z.string())),
  /** A group's chat: the group and my role in it (moderators remove messages); null otherwise. */
  group: z.optional(z.nullable(z.object({ id: z.string(), role: z.enum(["owner", "moderator", "member"]) }))),
  /** Everyone in it, me included. */
  participantCount: z.optional(z.int().check(z.gte(1))),
  /** The other member of a direct conversation; null in a group, or once he deleted his account. */
  peer: z.nullable(conversationPeerSchema),
  lastMessage: z.nullable(messageSchema),
  unreadCount: z.int().check(z.gte(0)),
  /** The newest of my messages the other member has read (read receipts); in a group, the newest every other member has read. */
  peerLastReadMessageId: z.int(),
  /** Direct: either blocked the other, and nothing can be sent either way. Groups are never blocked as a whole. */
  blocked: z.boolean(),
  lastMessageAt: z.nullable(z.string()),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** GET /api/conversations/:id/members: who is in it now, me included (a group chat's sender names). */
export const conversationMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.nullable(z.string()),
  profileImageUrl: z.nullable(z.string()),
});
export type ConversationMember = z.infer<typeof conversationMemberSchema>;
export const conversationMembersSchema = z.array(conversationMemberSchema);

/** POST /api/conversations: the direct conversation with a member, created on first use. */
export const openConversationRequestSchema = z.strictObject({
  userId: z.uuid({ error: "userId must be a member's id" }),
});

/** POST /api/conversations/:id/read */
export const markReadRequestSchema = z.strictObject({
  messageId: z
    .number(requiredOr("messageId is required", "messageId must be a number"))
    .check(z.int("messageId must be a whole number"), z.gte(1, "messageId must be at least 1")),
});

const tempId = plainText("tempId", requiredOr("tempId is required", "tempId must be text")).check(
  z.minLength(1, "tempId is required"),
  z.maxLength(TEMP_ID_MAX_LENGTH, `tempId can be at most ${TEMP_ID_MAX_LENGTH} characters`),
);

/** Socket `sendMessage` (spec section 3: conversationId, content, tempId), plus an optional picture. */
export const sendMessageSchema = z
  .strictObject({
    conversationId: z.uuid({ error: "conversation id is not valid" }),
    /** Tabs and line breaks are kept; control characters are refused. */
    content: plainText("Messages", requiredOr("content is required", "content must be text")).check(
      z.maxLength(MESSAGE_MAX_LENGTH, `Messages can be at most ${withThousands(MESSAGE_MAX_LENGTH)} characters`),
    ),
    tempId,
    mediaId: z.optional(z.uuid({ error: "mediaId must be the id of a picture you uploaded" })),
    /** The picture can be seen once (decisions/0047): direct chats only, a picture not sent before. */
    viewOnce: z.optional(z.boolean({ error: "viewOnce must be true or false" })),
  })
  .check(
    z.refine((m) => m.content.trim().length > 0 || m.mediaId !== undefined, {
      message: "Write something or attach a picture",
    }),
    z.refine((m) => !m.viewOnce || m.mediaId !== undefined, { message: "Attach the picture to send it view once" }),
  );
export type SendMessage = z.infer<typeof sendMessageSchema>;

/** POST .../messages/:messageId/open: the picture's address for VIEW_ONCE_SECONDS from `openedAt`. */
export const openedPictureSchema = z.object({
  url: z.string(),
  width: z.int(),
  height: z.int(),
  openedAt: z.string(),
  /** When the screen closes it (openedAt + VIEW_ONCE_SECONDS); the server stops serving it soon after. */
  closesAt: z.string(),
});
export type OpenedPicture = z.infer<typeof openedPictureSchema>;

/** Socket `typing`. */
export const typingSchema = z.strictObject({
  conversationId: z.uuid({ error: "conversation id is not valid" }),
  isTyping: z.boolean({ error: "isTyping must be true or false" }),
});

export interface TypingEvent {
  conversationId: string;
  userId: string;
  isTyping: boolean;
}

export interface MessagesReadEvent {
  conversationId: string;
  userId: string;
  lastReadMessageId: number;
}
