import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  API_PATHS,
  markReadRequestSchema,
  MESSAGE_UNSEND_MINUTES,
  MESSAGES_PAGE_SIZE,
  MISSED_MESSAGES_LIMIT,
  NEXT_CURSOR_HEADER,
  openConversationRequestSchema,
  VIEW_ONCE_SECONDS,
  type OpenedPicture,
} from "@vicinity/contract";
import type { AppContext } from "../http/context";

import { sendOk } from "../http/context";
import { badRequest, conflict, forbidden, isUuid, notFound, parseOr400 } from "../http/errors";
import { mediaUrl } from "../media/url";
import { withoutBlocked } from "../policy/blocks";
import { isActive } from "../policy/members";
import {
  findMember,
  listConversations,
  listMembers,
  markRead,
  messagesAfter,
  messagesBefore,
  openDirectConversation,
  openViewOncePicture,
  unreadCount,
  unsendMessage,
} from "./service";

/** A message id from the address, or 404 (the id column is a bigint). */
const messageIdParam = (raw: string) => {
  if (!/^\d{1,15}$/.test(raw)) throw notFound("Message not found");
  return Number(raw);
};

const idParam = (id: string) => {
  if (!isUuid(id)) throw notFound("Conversation not found");
  return id;
};

const positiveInt = (name: string) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(0, `${name} must be at least 0`).max(Number.MAX_SAFE_INTEGER, `${name} is too large`));

const listQuerySchema = z.strictObject({
  cursor: z
    .string()
    .max(120, "cursor is not valid")
    .regex(/^\d{20}[0-9a-f-]{36}$/, "cursor is not valid")
    .optional(),
});
const historyQuerySchema = z.strictObject({
  before: positiveInt("before").optional(),
  limit: positiveInt("limit")
    .pipe(z.number().min(1, "limit must be at least 1").max(100, "limit can be at most 100"))
    .optional(),
});
const missedQuerySchema = z.strictObject({ after: positiveInt("after") });

export function registerMessageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, participants } = ctx;
  registerUnsendRoute(app, ctx);
  registerOpenPictureRoute(app, ctx);

  app.get(API_PATHS.unreadCount, async (request) => {
    const me = request.member;
    return unreadCount(db, me.id);
  });

  app.get(API_PATHS.conversations, async (request, reply) => {
    const me = request.member;
    const { cursor } = parseOr400(listQuerySchema, request.query);
    const page = await listConversations(db, me.id, { cursor });
    if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.conversations;
  });

  app.post(API_PATHS.conversations, async (request, reply) => {
    const me = request.member;
    const { userId } = parseOr400(openConversationRequestSchema, request.body);
    const other = await findMember(db, userId);
    if (!other || !isActive(other)) throw notFound("Member not found");
    const id = await openDirectConversation(db, me.id, other.id);
    const { conversations } = await listConversations(db, me.id, { only: id, limit: 1 });
    return reply.status(200).send(conversations[0]);
  });

  app.get<{ Params: { id: string } }>("/api/conversations/:id", async (request) => {
    const me = request.member;
    const id = idParam(request.params.id);
    await participants.othersOf(id, me.id);
    const { conversations } = await listConversations(db, me.id, { only: id, limit: 1 });
    if (!conversations[0]) throw notFound("Conversation not found");
    return conversations[0];
  });

  // Who is in a conversation now (me included): a group chat names each message's sender. Those
  // blocked either way are left out, as their messages are (messageVisibleSql).
  app.get<{ Params: { id: string } }>("/api/conversations/:id/members", async (request) => {
    const me = request.member;
    const id = idParam(request.params.id);
    const others = await withoutBlocked(db, me.id, await participants.othersOf(id, me.id));
    return listMembers(db, [me.id, ...others]);
  });

  app.get<{ Params: { id: string } }>("/api/conversations/:id/messages", async (request, reply) => {
    const me = request.member;
    const id = idParam(request.params.id);
    const query = parseOr400(historyQuerySchema, request.query);
    await participants.othersOf(id, me.id);
    const page = await messagesBefore(db, me.id, id, query.before ?? null, query.limit ?? MESSAGES_PAGE_SIZE);
    if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.messages;
  });

  app.post<{ Params: { id: string } }>("/api/conversations/:id/read", async (request) => {
    const me = request.member;
    const id = idParam(request.params.id);
    const { messageId } = parseOr400(markReadRequestSchema, request.body);
    const others = await participants.othersOf(id, me.id);
    const lastReadMessageId = await markRead(db, id, me.id, messageId);
    // A block hides read receipts either way; his own tabs still hear of it.
    const told = await withoutBlocked(db, me.id, others);
    ctx.notify.toUsers([...told, me.id], "messagesRead", { conversationId: id, userId: me.id, lastReadMessageId });
    return { lastReadMessageId };
  });

  app.get(API_PATHS.missedMessages, async (request, reply) => {
    const me = request.member;
    const { after } = parseOr400(missedQuerySchema, request.query);
    const { messages, more } = await messagesAfter(db, me.id, after, MISSED_MESSAGES_LIMIT);
    if (more) void reply.header(NEXT_CURSOR_HEADER, String(messages[messages.length - 1]?.id ?? after));
    return messages;
  });
}

/** The sender takes his message back (issue 38, docs/decisions/0044): gone for everyone in the conversation, told live. */
function registerUnsendRoute(app: FastifyInstance, ctx: AppContext): void {
  const { db, participants } = ctx;
  app.delete<{ Params: { id: string; messageId: string } }>(
    "/api/conversations/:id/messages/:messageId",
    async (request, reply) => {
      const me = request.member;
      const id = idParam(request.params.id);
      const messageId = messageIdParam(request.params.messageId);
      const others = await participants.othersOf(id, me.id);
      const refused = await unsendMessage(db, me.id, id, messageId);
      if (refused === "not found") throw notFound("Message not found");
      if (refused === "not his") throw forbidden("You can only unsend your own messages.");
      if (refused === "removed") throw conflict("This message was already removed.");
      if (refused === "too old")
        throw conflict(`Messages can be unsent for ${MESSAGE_UNSEND_MINUTES} minutes after sending.`);
      ctx.notify.toUsers([...others, me.id], "messageRemoved", { conversationId: id, messageId, unsent: true });
      return sendOk(reply);
    },
  );
}

/** The member a view-once picture was sent to opens it, once (issue 38, decisions/0047); the sender is told. */
function registerOpenPictureRoute(app: FastifyInstance, ctx: AppContext): void {
  const { db, participants } = ctx;
  app.post<{ Params: { id: string; messageId: string } }>(
    "/api/conversations/:id/messages/:messageId/open",
    async (request): Promise<OpenedPicture> => {
      const me = request.member;
      const id = idParam(request.params.id);
      const messageId = messageIdParam(request.params.messageId);
      const others = await participants.othersOf(id, me.id);
      const opened = await openViewOncePicture(db, me.id, id, messageId);
      if (opened === "not found") throw notFound("Message not found");
      if (opened === "not view once") throw badRequest("This message has no picture that can be seen once");
      if (opened === "his own") throw forbidden("You sent this picture: it opens for the member you sent it to");
      if (opened === "opened") throw conflict("You already opened this picture. It could be seen once.");
      const openedAt = opened.openedAt.toISOString();
      ctx.notify.toUsers([...others, me.id], "pictureOpened", { conversationId: id, messageId, openedAt });
      return {
        url: mediaUrl(opened.mediaId),
        width: opened.width,
        height: opened.height,
        openedAt,
        closesAt: new Date(opened.openedAt.getTime() + VIEW_ONCE_SECONDS * 1000).toISOString(),
      };
    },
  );
}
