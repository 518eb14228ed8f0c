import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  API_PATHS,
  markReadRequestSchema,
  MESSAGES_PAGE_SIZE,
  MISSED_MESSAGES_LIMIT,
  NEXT_CURSOR_HEADER,
  openConversationRequestSchema,
} from "@vicinity/contract";
import { queryRows } from "../db/database";
import { users } from "../db/schema";
import type { AppContext } from "../http/context";
import { requireMember } from "../http/context";
import { isUuid, notFound, parseOr400 } from "../http/errors";
import { withoutBlocked } from "../policy/blocks";
import { activeSql, isActive } from "../policy/members";
import { listConversations, markRead, messagesAfter, messagesBefore, openDirectConversation } from "./service";
import { messageVisibleSql } from "../policy/messages";

/** The unread count (spec section 7): the sum over my conversations (muted groups left out) of others' messages after my last read one. */
export async function unreadCount(ctx: AppContext, userId: string): Promise<number> {
  const rows = await queryRows<{ n: string | number }>(ctx.db, sql`
    SELECT count(*) AS n
    FROM conversation_participants cp
    JOIN conversations c ON c.id = cp.conversation_id
    JOIN messages m ON m.conversation_id = cp.conversation_id AND m.id > cp.last_read_message_id
    WHERE cp.user_id = ${userId}::uuid AND NOT cp.muted AND m.removed_at IS NULL
      AND (m.sender_id IS NULL OR m.sender_id <> ${userId}::uuid) AND ${messageVisibleSql(userId)}
  `);
  return Number(rows[0]?.n ?? 0);
}

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

const listQuerySchema = z.strictObject({ cursor: z.string().max(120, "cursor is not valid").regex(/^\d{20}[0-9a-f-]{36}$/, "cursor is not valid").optional() });
const historyQuerySchema = z.strictObject({
  before: positiveInt("before").optional(),
  limit: positiveInt("limit").pipe(z.number().min(1, "limit must be at least 1").max(100, "limit can be at most 100")).optional(),
});
const missedQuerySchema = z.strictObject({ after: positiveInt("after") });

export function registerMessageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, participants } = ctx;

  app.get(API_PATHS.unreadCount, async (request) => {
    const me = requireMember(request);
    return unreadCount(ctx, me.id);
  });

  app.get(API_PATHS.conversations, async (request, reply) => {
    const me = requireMember(request);
    const { cursor } = parseOr400(listQuerySchema, request.query);
    const page = await listConversations(db, me.id, { cursor });
    if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.conversations;
  });

  app.post(API_PATHS.conversations, async (request, reply) => {
    const me = requireMember(request);
    const { userId } = parseOr400(openConversationRequestSchema, request.body);
    const [other] = await db.select({ id: users.id, suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, userId)).limit(1);
    if (!other || !isActive(other)) throw notFound("Member not found");
    const id = await openDirectConversation(db, me.id, other.id);
    const { conversations } = await listConversations(db, me.id, { only: id, limit: 1 });
    return reply.status(200).send(conversations[0]);
  });

  app.get<{ Params: { id: string } }>("/api/conversations/:id", async (request) => {
    const me = requireMember(request);
    const id = idParam(request.params.id);
    await participants.othersOf(id, me.id);
    const { conversations } = await listConversations(db, me.id, { only: id, limit: 1 });
    if (!conversations[0]) throw notFound("Conversation not found");
    return conversations[0];
  });

  // Who is in a conversation now (me included): a group chat names each message's sender. Those
  // blocked either way are left out, as their messages are (messageVisibleSql).
  app.get<{ Params: { id: string } }>("/api/conversations/:id/members", async (request) => {
    const me = requireMember(request);
    const id = idParam(request.params.id);
    const others = await withoutBlocked(db, me.id, await participants.othersOf(id, me.id));
    const ids = [me.id, ...others];
    const rows = await db
      .select({ id: users.id, username: users.username, displayName: users.displayName, profileImageUrl: users.profileImageUrl })
      .from(users)
      .where(sql`${users.id} IN (${sql.join(ids.map((u) => sql`${u}::uuid`), sql`, `)}) AND ${activeSql("users")}`);
    return rows.sort((a, b) => a.username.localeCompare(b.username));
  });

  app.get<{ Params: { id: string } }>("/api/conversations/:id/messages", async (request, reply) => {
    const me = requireMember(request);
    const id = idParam(request.params.id);
    const query = parseOr400(historyQuerySchema, request.query);
    await participants.othersOf(id, me.id);
    const page = await messagesBefore(db, me.id, id, query.before ?? null, query.limit ?? MESSAGES_PAGE_SIZE);
    if (page.nextCursor) void reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.messages;
  });

  app.post<{ Params: { id: string } }>("/api/conversations/:id/read", async (request) => {
    const me = requireMember(request);
    const id = idParam(request.params.id);
    const { messageId } = parseOr400(markReadRequestSchema, request.body);
    const others = await participants.othersOf(id, me.id);
    const lastReadMessageId = await markRead(db, id, me.id, messageId);
    // A block hides read receipts either way (issue 18, item 4); his own tabs still hear of it.
    const told = await withoutBlocked(db, me.id, others);
    ctx.notify.toUsers([...told, me.id], "messagesRead", { conversationId: id, userId: me.id, lastReadMessageId });
    return { lastReadMessageId };
  });

  app.get(API_PATHS.missedMessages, async (request, reply) => {
    const me = requireMember(request);
    const { after } = parseOr400(missedQuerySchema, request.query);
    const { messages, more } = await messagesAfter(db, me.id, after, MISSED_MESSAGES_LIMIT);
    if (more) void reply.header(NEXT_CURSOR_HEADER, String(messages[messages.length - 1]?.id ?? after));
    return messages;
  });
}
