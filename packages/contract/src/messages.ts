import { z } from "zod";
import { requiredOr } from "./auth";
import { plainText } from "./text";

/** decisions.md, "Messages": text up to 2,000 characters. */
export const MESSAGE_MAX_LENGTH = 2000;
export const TEMP_ID_MAX_LENGTH = 64;
export const MESSAGES_PAGE_SIZE = 50;
export const CONVERSATIONS_PAGE_SIZE = 30;
export const MISSED_MESSAGES_LIMIT = 500;

export const messagePictureSchema = z.object({ id: z.string(), url: z.string(), width: z.number().int(), height: z.number().int() });
export type MessagePicture = z.infer<typeof messagePictureSchema>;

/** A stored message. `id` grows with every message on the server, so "after id" means "since". */
export const messageSchema = z.object({
  id: z.number().int(),
  conversationId: z.string(),
  /** null: the sender deleted his account ("deleted member"). */
  senderId: z.string().nullable(),
  content: z.string(),
  picture: messagePictureSchema.nullable(),
  tempId: z.string().nullable(),
  createdAt: z.string(),
  /** A group moderator removed it (issue 12): its text and picture are gone. */
  removed: z.boolean().optional(),
});
export type Message = z.infer<typeof messageSchema>;

/** The other member of a direct conversation, as the inbox shows him; null once he deleted his account. */
export const conversationPeerSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isOnline: z.boolean(),
});
export type ConversationPeer = z.infer<typeof conversationPeerSchema>;

export const CONVERSATION_KINDS = ["direct", "group"] as const;
export const GROUP_TITLE_MAX_LENGTH = 80;

/** GET /api/conversations: one row of the inbox, direct or group (the server always sends kind). */
export const conversationSummarySchema = z.object({
  id: z.string(),
  /** Absent in older fixtures: a direct conversation. */
  kind: z.enum(CONVERSATION_KINDS).optional(),
  /** A group's name; null for a direct conversation. */
  title: z.string().nullable().optional(),
  /** A group's chat: the group and my role in it (moderators remove messages); null otherwise. */
  group: z.object({ id: z.string(), role: z.enum(["owner", "moderator", "member"]) }).nullable().optional(),
  /** Everyone in it, me included. */
  participantCount: z.number().int().min(1).optional(),
  /** The other member of a direct conversation; null in a group, or once he deleted his account. */
  peer: conversationPeerSchema.nullable(),
  lastMessage: messageSchema.nullable(),
  unreadCount: z.number().int().min(0),
  /** The newest of my messages the other member has read (read receipts); in a group, the newest every other member has read. */
  peerLastReadMessageId: z.number().int(),
  /** Direct: either blocked the other, and nothing can be sent either way. Groups are never blocked as a whole. */
  blocked: z.boolean(),
  lastMessageAt: z.string().nullable(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** GET /api/conversations/:id/members: who is in it now, me included (a group chat's sender names). */
export const conversationMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type ConversationMember = z.infer<typeof conversationMemberSchema>;
export const conversationMembersSchema = z.array(conversationMemberSchema);

/** POST /api/conversations: the direct conversation with a member, created on first use. */
export const openConversationRequestSchema = z.strictObject({
  userId: z.uuid({ error: "userId must be a member's id" }),
});

/** POST /api/conversations/:id/read */
export const markReadRequestSchema = z.strictObject({
  messageId: z.number(requiredOr("messageId is required", "messageId must be a number")).int("messageId must be a whole number").min(1, "messageId must be at least 1"),
});

const tempId = plainText("tempId", requiredOr("tempId is required", "tempId must be text"))
  .min(1, "tempId is required")
  .max(TEMP_ID_MAX_LENGTH, `tempId can be at most ${TEMP_ID_MAX_LENGTH} characters`);

/** Socket `sendMessage` (spec section 3: conversationId, content, tempId), plus an optional picture. */
export const sendMessageSchema = z
  .strictObject({
    conversationId: z.uuid({ error: "conversation id is not valid" }),
    /** Tabs and line breaks are kept; control characters are refused. */
    content: plainText("Messages", requiredOr("content is required", "content must be text"))
      .max(MESSAGE_MAX_LENGTH, `Messages can be at most ${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters`),
    tempId,
    mediaId: z.uuid({ error: "mediaId must be the id of a picture you uploaded" }).optional(),
  })
  .refine((m) => m.content.trim().length > 0 || m.mediaId !== undefined, { message: "Write something or attach a picture" });
export type SendMessage = z.infer<typeof sendMessageSchema>;

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
