import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { CONVERSATION_KINDS } from "@vicinity/contract";
import {
  CONVERSATIONS_PAGE_SIZE,
  MESSAGE_UNSEND_MINUTES,
  MISSED_MESSAGES_LIMIT,
  type ConversationPeer,
  type ConversationSummary,
  type Message,
  type SendMessage,
} from "@vicinity/contract";
import { queryRows, type Db } from "../db/database";
import { MessageStore, type StoredRow } from "./store-batch";
import { blocks, conversationParticipants, conversations, media, messages, users } from "../db/schema";
import { badRequest, forbidden, notFound } from "../http/errors";
import { mediaUrl } from "../media/url";
import { onlineNowSql } from "../presence/presence";
import { blockedEitherWaySql, withoutBlocked } from "../policy/blocks";
import { activeSql } from "../policy/members";
import { messageVisibleSql } from "../policy/messages";

/** A message row with its picture's size, as the queries below select it. */
/** A message's row as queries give it (store-batch.ts's, with its removal). */
interface MessageRow extends StoredRow {
  removed_at?: string | Date | null;
  unsent?: boolean | null;
}

const MESSAGE_COLUMNS = sql`m.id, m.conversation_id, m.sender_id, m.content, m.media_id, md.width AS media_width, md.height AS media_height, md.view_once AS media_view_once, md.opened_at AS media_opened_at, m.temp_id, m.created_at, m.removed_at, m.unsent`;

export function toMessage(r: MessageRow): Message {
  // A removed message (a group moderator's removal, or its sender took it back) keeps its place, and nothing of what
  // it said: a reported one's text stays in the row for the moderators alone, never sent to a member.
  if (r.removed_at) {
    return {
      id: Number(r.id),
      conversationId: r.conversation_id,
      senderId: r.sender_id,
      content: "",
      picture: null,
      tempId: r.temp_id,
      createdAt: new Date(r.created_at).toISOString(),
      removed: true,
      ...(r.unsent ? { unsent: true } : {}),
    };
  }
  return {
    id: Number(r.id),
    conversationId: r.conversation_id,
    senderId: r.sender_id,
    content: r.content,
    picture: r.media_id
      ? {
          id: r.media_id,
          url: mediaUrl(r.media_id),
          width: Number(r.media_width ?? 0),
          height: Number(r.media_height ?? 0),
          ...(r.media_view_once
            ? { viewOnce: { openedAt: r.media_opened_at ? new Date(r.media_opened_at).toISOString() : null } }
            : {}),
        }
      : null,
    tempId: r.temp_id,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export const directKeyOf = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/**
 * Who is in a conversation, remembered (bounded): sending a message then costs no lookup. A change
 * of membership (a group's join or leave) calls `changed`, which every node hears (through the
 * socket adapter, so Redis carries it to the other nodes).
 */
export class Participants {
  private readonly cache = new Map<string, { ids: string[]; kind: ConversationKind }>();
  constructor(
    private readonly db: Db,
    /** Tells the other nodes (through the socket server's Redis adapter). */
    private readonly announce: (conversationId: string) => void,
    private readonly max = 10_000,
  ) {}

  async of(conversationId: string): Promise<string[]> {
    return (await this.info(conversationId)).ids;
  }

  /** Who is in it, and whether it is a direct or a group conversation. */
  async info(conversationId: string): Promise<{ ids: string[]; kind: ConversationKind }> {
    const known = this.cache.get(conversationId);
    if (known) return known;
    const rows = await this.db
      .select({ userId: conversationParticipants.userId, kind: conversations.kind })
      .from(conversationParticipants)
      .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
      .where(eq(conversationParticipants.conversationId, conversationId));
    const found = { ids: rows.map((r) => r.userId), kind: rows[0]?.kind ?? "direct" };
    if (found.ids.length > 0) {
      if (this.cache.size >= this.max) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(conversationId, found);
    }
    return found;
  }

  /** The membership of a conversation changed: every node forgets what it remembered of it. */
  changed(conversationId: string): void {
    this.forget(conversationId);
    this.announce(conversationId);
  }

  /** Drops this node's memory of a conversation (another node told us it changed). */
  forget(conversationId: string): void {
    this.cache.delete(conversationId);
  }

  /** The other participants, or a 404-like refusal when `userId` is not one of them. */
  async othersOf(conversationId: string, userId: string): Promise<string[]> {
    return (await this.othersAndKind(conversationId, userId)).others;
  }

  /**
   * The other participants and the kind, or the same refusal; a group's chat says 403 to one who
   * is not (or no longer) a member of the group (a removed member reads nothing more).
   */
  async othersAndKind(conversationId: string, userId: string): Promise<{ others: string[]; kind: ConversationKind }> {
    const { ids, kind } = await this.info(conversationId);
    if (!ids.includes(userId)) {
      if (kind === "group" && ids.length > 0) throw forbidden("You are not a member of this group");
      throw notFound("Conversation not found");
    }
    return { others: ids.filter((id) => id !== userId), kind };
  }
}

type ConversationKind = (typeof CONVERSATION_KINDS)[number];

export async function isBlockedBetween(db: Db, userId: string, others: readonly string[]): Promise<boolean> {
  if (others.length === 0) return false;
  const rows = await db
    .select({ b: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, userId), inArray(blocks.blockedId, [...others])),
        and(inArray(blocks.blockerId, [...others]), eq(blocks.blockedId, userId)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Stores a message (decisions.md 5): once per (sender, tempId). A retry of a stored send returns
 * the stored message with `created: false`, and nothing else happens.
 */
const messageStores = new WeakMap<Db, MessageStore>();
/** This database's message store (one per database: its batches). */
function messageStoreOf(db: Db): MessageStore {
  let store = messageStores.get(db);
  if (!store) messageStores.set(db, (store = new MessageStore(db)));
  return store;
}

export async function storeMessage(
  db: Db,
  participants: Participants,
  senderId: string,
  input: SendMessage,
): Promise<{ message: Message; created: boolean; recipients: string[]; group: boolean }> {
  const { others, kind } = await participants.othersAndKind(input.conversationId, senderId);
  const group = kind === "group";
  if (input.mediaId) {
    const [picture] = await db
      .select({ owner: media.ownerId, viewOnce: media.viewOnce })
      .from(media)
      .where(eq(media.id, input.mediaId))
      .limit(1);
    if (!picture || picture.owner !== senderId) throw notFound("Picture not found: upload it first");
    if (input.viewOnce) await markViewOnce(db, senderId, input.mediaId, input.tempId, group);
    else if (picture.viewOnce) throw badRequest("This picture was sent view once: upload it again to send it");
  }
  // Stored with whatever other messages wait (store-batch.ts): one statement and one commit for many under load.
  const row = await messageStoreOf(db).store({
    conversationId: input.conversationId,
    senderId,
    content: input.content.trim(),
    mediaId: input.mediaId ?? null,
    tempId: input.tempId,
    peer: group ? null : (others[0] ?? null),
  });
  // In a group, those in a block with the sender are not told (their view hides his messages).
  const recipients = group ? await withoutBlocked(db, senderId, others) : others;
  if (row) return { message: toMessage(row), created: true, recipients, group };
  // Not stored: a retry of a stored send (answer it again), or a block.
  const existing = await findByTempId(db, senderId, input.tempId);
  if (existing) {
    if (existing.conversationId !== input.conversationId)
      throw badRequest("tempId was already used for another conversation");
    // Pushed again (socket.ts): not to a member who has blocked, or been blocked, since.
    return {
      message: existing,
      created: false,
      recipients: group ? recipients : await withoutBlocked(db, senderId, others),
      group,
    };
  }
  if (await isBlockedBetween(db, senderId, others)) throw forbidden("You can't message this member");
  throw new Error("The message was neither stored nor found");
}

/**
 * Makes a picture view once before its message is stored (decisions/0047): a direct chat's, of kind "message", in no
 * other message (its own message, stored before and sent again with the same tempId, is a retry).
 */
async function markViewOnce(db: Db, senderId: string, mediaId: string, tempId: string, group: boolean) {
  if (group) throw badRequest("Pictures that can be seen once are for direct chats");
  const marked = await queryRows<{ id: string }>(
    db,
    sql`UPDATE media md SET view_once = true
        WHERE md.id = ${mediaId}::uuid AND md.owner_id = ${senderId}::uuid AND md.kind = 'message'
          AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.media_id = md.id
                          AND NOT (m.sender_id = ${senderId}::uuid AND m.temp_id = ${tempId}))
        RETURNING md.id`,
  );
  if (marked.length === 0) throw badRequest("A picture sent before can't be sent view once: upload it again");
}

/**
 * The member a view-once picture was sent to opens it, once (decisions/0047): its showing starts now. One statement
 * checks and changes; the picture, or why not.
 */
export async function openViewOncePicture(
  db: Db,
  me: string,
  conversationId: string,
  messageId: number,
): Promise<
  | { mediaId: string; width: number; height: number; openedAt: Date }
  | "not found"
  | "not view once"
  | "his own"
  | "opened"
> {
  const [row] = await queryRows<{
    media_id: string | null;
    width: number | null;
    height: number | null;
    view_once: boolean | null;
    his_own: boolean;
    opened: boolean;
    opened_at: string | Date | null;
  }>(
    db,
    sql`
      WITH target AS (
        SELECT m.media_id, md.width, md.height, md.view_once, m.sender_id = ${me}::uuid AS his_own,
               md.opened_at IS NOT NULL AS opened
        FROM messages m
        JOIN conversation_participants cp ON cp.conversation_id = m.conversation_id AND cp.user_id = ${me}::uuid
        LEFT JOIN media md ON md.id = m.media_id
        WHERE m.id = ${messageId} AND m.conversation_id = ${conversationId}::uuid AND m.removed_at IS NULL
      ), opened AS (
        UPDATE media md SET opened_at = now()
        FROM target t
        WHERE md.id = t.media_id AND t.view_once AND NOT t.his_own AND md.opened_at IS NULL
        RETURNING md.opened_at
      )
      SELECT t.*, (SELECT o.opened_at FROM opened o) AS opened_at FROM target t`,
  );
  if (!row) return "not found";
  if (row.opened_at && row.media_id)
    return {
      mediaId: row.media_id,
      width: Number(row.width ?? 0),
      height: Number(row.height ?? 0),
      openedAt: new Date(row.opened_at),
    };
  if (!row.media_id || !row.view_once) return "not view once";
  if (row.his_own) return "his own";
  return "opened";
}

/**
 * The view-once pictures whose showing ended a while ago and that no report names: their files go (the rows stay,
 * so the chat still says "Opened"). Answers their ids; the caller deletes the files.
 */
export async function expireViewOncePictures(db: Db, afterSeconds: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE media md SET expired_at = now()
        WHERE md.view_once AND md.expired_at IS NULL AND md.opened_at < now() - make_interval(secs => ${afterSeconds})
          AND NOT EXISTS (SELECT 1 FROM messages m JOIN reports r ON r.message_id = m.id WHERE m.media_id = md.id)
        RETURNING md.id`,
  );
  return rows.map((r) => r.id);
}

async function findByTempId(db: Db, senderId: string, tempId: string): Promise<Message | null> {
  const [row] = await queryRows<MessageRow>(
    db,
    sql`SELECT ${MESSAGE_COLUMNS} FROM messages m LEFT JOIN media md ON md.id = m.media_id WHERE m.sender_id = ${senderId}::uuid AND m.temp_id = ${tempId}`,
  );
  return row ? toMessage(row) : null;
}

/** The direct conversation of two members, made on first use; refused when either blocked the other. */
export async function openDirectConversation(db: Db, me: string, other: string): Promise<string> {
  if (me === other) throw badRequest("You cannot message yourself");
  if (await isBlockedBetween(db, me, [other])) throw forbidden("You can't message this member");
  const key = directKeyOf(me, other);
  const [found] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.directKey, key))
    .limit(1);
  if (found) return found.id;
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(conversations)
      .values({ kind: "direct", directKey: key })
      .onConflictDoNothing()
      .returning({ id: conversations.id });
    if (!created) {
      const [again] = await tx
        .select({ id: conversations.id })
        .from(conversations)
        .where(eq(conversations.directKey, key))
        .limit(1);
      return again!.id;
    }
    await tx.insert(conversationParticipants).values([
      { conversationId: created.id, userId: me },
      { conversationId: created.id, userId: other },
    ]);
    return created.id;
  });
}

interface SummaryRow extends Record<string, unknown> {
  id: string;
  kind: ConversationKind;
  title: string | null;
  participant_count: number | string;
  last_message_at: string | Date | null;
  my_last_read: number | string;
  peer_id: string | null;
  peer_username: string | null;
  peer_display_name: string | null;
  peer_image: string | null;
  peer_online: boolean | null;
  peer_last_read: number | string | null;
  unread: number | string;
  blocked: boolean;
  blocked_by_peer: boolean;
  sort_key: string;
  group_id: string | null;
  group_role: "owner" | "moderator" | "member" | null;
}

/** Shown instead of the name of a member who blocked you. */
export const UNAVAILABLE_MEMBER_NAME = "Unavailable member";

/**
 * The other member as this one may see him. A block hides his online state either way; to the one he
 * blocked, his name and picture too (the blocker keeps the name, to find whom he blocked).
 */
function peerAsSeen(r: SummaryRow): ConversationPeer {
  if (r.blocked_by_peer)
    return {
      id: r.peer_id ?? "",
      username: "",
      displayName: UNAVAILABLE_MEMBER_NAME,
      profileImageUrl: null,
      isOnline: false,
    };
  return {
    id: r.peer_id ?? "",
    username: r.peer_username ?? "",
    displayName: r.peer_display_name,
    profileImageUrl: r.peer_image,
    isOnline: !r.blocked && Boolean(r.peer_online),
  };
}

/** My conversations, newest first (by last message, then creation), one page after `cursor`. */
export async function listConversations(
  db: Db,
  me: string,
  options: { cursor?: string | null; only?: string; limit?: number } = {},
): Promise<{ conversations: ConversationSummary[]; nextCursor: string | null }> {
  const limit = options.limit ?? CONVERSATIONS_PAGE_SIZE;
  const rows = await queryRows<SummaryRow>(
    db,
    sql`
      SELECT c.id, c.kind, c.title, c.last_message_at, mine.last_read_message_id AS my_last_read,
             u.id AS peer_id, u.username AS peer_username, u.display_name AS peer_display_name, u.profile_image_url AS peer_image,
             ${onlineNowSql()} AS peer_online,
             (SELECT min(o.last_read_message_id) FROM conversation_participants o
                WHERE o.conversation_id = c.id AND o.user_id <> ${me}::uuid) AS peer_last_read,
             (SELECT count(*) FROM conversation_participants o WHERE o.conversation_id = c.id) AS participant_count,
             (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id AND m.id > mine.last_read_message_id
                AND (m.sender_id IS NULL OR m.sender_id <> ${me}::uuid) AND ${messageVisibleSql(me)}) AS unread,
             (c.kind = 'direct' AND ${blockedEitherWaySql(sql`${me}::uuid`, sql`u.id`)}) AS blocked,
             EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = u.id AND b.blocked_id = ${me}::uuid) AS blocked_by_peer,
             to_char(coalesce(c.last_message_at, c.created_at) AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISSUS') || c.id::text AS sort_key,
             g.id AS group_id, gm.role AS group_role
      FROM conversation_participants mine
      JOIN conversations c ON c.id = mine.conversation_id
      -- A group's chat: the group, and my role in it (its page, reporting and removing messages).
      LEFT JOIN groups g ON c.kind = 'group' AND g.conversation_id = c.id
      LEFT JOIN group_members gm ON gm.group_id = g.id AND gm.user_id = ${me}::uuid
      -- The other member, for a direct conversation only.
      LEFT JOIN LATERAL (
        SELECT peer.user_id FROM conversation_participants peer
        WHERE c.kind = 'direct' AND peer.conversation_id = c.id AND peer.user_id <> ${me}::uuid LIMIT 1
      ) other ON TRUE
      LEFT JOIN users u ON u.id = other.user_id
      LEFT JOIN presence p ON p.user_id = u.id
      WHERE mine.user_id = ${me}::uuid
        ${options.only ? sql`AND c.id = ${options.only}::uuid` : sql``}
        ${options.cursor ? sql`AND to_char(coalesce(c.last_message_at, c.created_at) AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISSUS') || c.id::text < ${options.cursor}` : sql``}
      ORDER BY sort_key DESC
      LIMIT ${limit + 1}
    `,
  );
  const page = rows.slice(0, limit);
  const lastIds = page.map((r) => r.id);
  const lastMessages = new Map<string, Message>();
  if (lastIds.length > 0) {
    const latest = await queryRows<MessageRow>(
      db,
      sql`
        SELECT DISTINCT ON (m.conversation_id) ${MESSAGE_COLUMNS}
        FROM messages m JOIN conversations c ON c.id = m.conversation_id LEFT JOIN media md ON md.id = m.media_id
        WHERE m.conversation_id IN (${sql.join(
          lastIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) AND ${messageVisibleSql(me)}
        ORDER BY m.conversation_id, m.id DESC
      `,
    );
    for (const row of latest) lastMessages.set(row.conversation_id, toMessage(row));
  }
  const summaries = page.map((r): ConversationSummary => ({
    id: r.id,
    kind: r.kind,
    title: r.kind === "group" ? r.title : null,
    group: r.group_id ? { id: r.group_id, role: r.group_role ?? "member" } : null,
    participantCount: Number(r.participant_count),
    peer: r.kind === "direct" && r.peer_id ? peerAsSeen(r) : null,
    lastMessage: lastMessages.get(r.id) ?? null,
    unreadCount: Number(r.unread),
    peerLastReadMessageId: Number(r.peer_last_read ?? 0),
    blocked: Boolean(r.blocked),
    lastMessageAt: r.last_message_at ? new Date(r.last_message_at).toISOString() : null,
  }));
  const last = page[page.length - 1];
  return { conversations: summaries, nextCursor: rows.length > limit && last ? last.sort_key : null };
}

/** History as `me` sees it, newest first: the page before message `before` (exclusive). */
export async function messagesBefore(
  db: Db,
  me: string,
  conversationId: string,
  before: number | null,
  limit: number,
): Promise<{ messages: Message[]; nextCursor: string | null }> {
  const rows = await queryRows<MessageRow>(
    db,
    sql`
      SELECT ${MESSAGE_COLUMNS} FROM messages m JOIN conversations c ON c.id = m.conversation_id LEFT JOIN media md ON md.id = m.media_id
      WHERE m.conversation_id = ${conversationId}::uuid ${before ? sql`AND m.id < ${before}` : sql``} AND ${messageVisibleSql(me)}
      ORDER BY m.id DESC LIMIT ${limit + 1}
    `,
  );
  const page = rows.slice(0, limit).map(toMessage);
  const oldest = page[page.length - 1];
  return { messages: page, nextCursor: rows.length > limit && oldest ? String(oldest.id) : null };
}

/** Everything in my conversations after message `after`, oldest first (a reconnect's catch-up). */
export async function messagesAfter(
  db: Db,
  me: string,
  after: number,
  limit = MISSED_MESSAGES_LIMIT,
): Promise<{ messages: Message[]; more: boolean }> {
  const rows = await queryRows<MessageRow>(
    db,
    sql`
      SELECT ${MESSAGE_COLUMNS}
      FROM conversation_participants cp
      JOIN conversations c ON c.id = cp.conversation_id
      JOIN messages m ON m.conversation_id = cp.conversation_id AND m.id > ${after}
      LEFT JOIN media md ON md.id = m.media_id
      WHERE cp.user_id = ${me}::uuid AND ${messageVisibleSql(me)}
      ORDER BY m.id ASC LIMIT ${limit + 1}
    `,
  );
  return { messages: rows.slice(0, limit).map(toMessage), more: rows.length > limit };
}

/** Moves my read mark forward (never back); answers the new mark. */
export async function markRead(db: Db, conversationId: string, me: string, messageId: number): Promise<number> {
  const [latest] = await queryRows<{ id: number | string | null }>(
    db,
    sql`SELECT max(id) AS id FROM messages WHERE conversation_id = ${conversationId}::uuid`,
  );
  const upTo = Math.min(messageId, Number(latest?.id ?? 0));
  const [row] = await queryRows<{ mark: number | string }>(
    db,
    sql`
      UPDATE conversation_participants SET last_read_message_id = GREATEST(last_read_message_id, ${upTo})
      WHERE conversation_id = ${conversationId}::uuid AND user_id = ${me}::uuid
      RETURNING last_read_message_id AS mark
    `,
  );
  return Number(row?.mark ?? 0);
}

/** Whether a member may see a message picture: he sent it, or it is in one of his conversations. */
export async function canSeeMessagePicture(db: Db, mediaId: string, userId: string): Promise<boolean> {
  const rows = await queryRows<{ ok: number }>(
    db,
    sql`
      SELECT 1 AS ok FROM messages m
      JOIN conversation_participants cp ON cp.conversation_id = m.conversation_id AND cp.user_id = ${userId}::uuid
      WHERE m.media_id = ${mediaId}::uuid AND m.removed_at IS NULL LIMIT 1
    `,
  );
  return rows.length > 0;
}

/**
 * A group conversation (a group's chat is one): its creator and members, and a title.
 * Every member has his own read mark; blocks between members hide their messages from each other.
 */
export async function createGroupConversation(
  db: Db,
  input: { creatorId: string; title: string; memberIds: readonly string[] },
): Promise<string> {
  const members = [...new Set([input.creatorId, ...input.memberIds])];
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(conversations)
      .values({ kind: "group", title: input.title })
      .returning({ id: conversations.id });
    await tx
      .insert(conversationParticipants)
      .values(members.map((userId) => ({ conversationId: created!.id, userId })));
    return created!.id;
  });
}

/** Adds or removes a member of a group conversation; every node forgets its remembered participants. */
export async function setGroupMembership(
  db: Db,
  participants: Participants,
  conversationId: string,
  userId: string,
  member: boolean,
): Promise<void> {
  const [conversation] = await db
    .select({ kind: conversations.kind })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .limit(1);
  if (conversation?.kind !== "group") throw badRequest("Only a group conversation changes members");
  if (member) await db.insert(conversationParticipants).values({ conversationId, userId }).onConflictDoNothing();
  else
    await db
      .delete(conversationParticipants)
      .where(
        and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)),
      );
  participants.changed(conversationId);
}

/** Renames a group conversation (its group was renamed). */
export async function renameGroupConversation(db: Db, conversationId: string, title: string): Promise<void> {
  await db.update(conversations).set({ title }).where(eq(conversations.id, conversationId));
}

/** Deletes a conversation with its participants and messages; every node forgets its remembered participants. */
export async function deleteConversation(db: Db, participants: Participants, conversationId: string): Promise<void> {
  await dropConversation(db, conversationId);
  participants.changed(conversationId);
}

/** Deletes a conversation inside a caller's transaction: the caller tells `participants.changed` once it commits. */
export async function dropConversation(db: Db, conversationId: string): Promise<void> {
  await db.delete(conversations).where(eq(conversations.id, conversationId));
}

/** A moderator removes a message wherever it is: its text and picture are gone for everyone. Null when there is no such message. */
export async function removeMessageById(
  db: Db,
  messageId: number,
): Promise<{ conversationId: string; messageId: number } | null> {
  const [removed] = await db
    .update(messages)
    .set({ removedAt: new Date(), content: "", mediaId: null })
    .where(eq(messages.id, messageId))
    .returning({ messageId: messages.id, conversationId: messages.conversationId });
  return removed ?? null;
}

/** Why a message cannot be taken back, or null when it was. */
export type UnsendRefusal = "not found" | "not his" | "removed" | "too old";

/**
 * The sender takes a message back (issue 38): within MESSAGE_UNSEND_MINUTES, never another's. It keeps its place as
 * removed (`unsent`), gone from the history, the catch-up, the inbox's preview and the unread count for both; its text
 * and picture are erased, unless a report named it before (then they stay in the row, for the moderators alone: the
 * member-facing reads never send a removed message's content). One statement: the checks and the change together.
 */
export async function unsendMessage(
  db: Db,
  senderId: string,
  conversationId: string,
  messageId: number,
): Promise<UnsendRefusal | null> {
  const [row] = await queryRows<{ mine: boolean; removed: boolean; recent: boolean; done: boolean }>(
    db,
    sql`
      WITH target AS (
        SELECT m.id, m.sender_id = ${senderId}::uuid AS mine, m.removed_at IS NOT NULL AS removed,
               m.created_at > now() - make_interval(mins => ${MESSAGE_UNSEND_MINUTES}) AS recent,
               EXISTS (SELECT 1 FROM reports r WHERE r.message_id = m.id) AS reported
        FROM messages m WHERE m.id = ${messageId} AND m.conversation_id = ${conversationId}::uuid
      ), done AS (
        UPDATE messages m
        SET removed_at = now(), unsent = true,
            content = CASE WHEN t.reported THEN m.content ELSE '' END,
            media_id = CASE WHEN t.reported THEN m.media_id ELSE NULL END
        FROM target t
        WHERE m.id = t.id AND t.mine AND NOT t.removed AND t.recent
        RETURNING m.id
      )
      SELECT t.mine, t.removed, t.recent, EXISTS (SELECT 1 FROM done) AS done FROM target t`,
  );
  if (!row) return "not found";
  if (row.done) return null;
  if (!row.mine) return "not his";
  if (row.removed) return "removed";
  return "too old";
}

/** A member mutes a conversation or hears it again (a muted one leaves the unread count). */
export async function setConversationMuted(
  db: Db,
  conversationId: string,
  userId: string,
  muted: boolean,
): Promise<void> {
  await db
    .update(conversationParticipants)
    .set({ muted })
    .where(
      and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)),
    );
}

/** Removes a message of a conversation: its text and picture are gone for everyone. Answers whether there was one. */
export async function removeMessage(db: Db, conversationId: string, messageId: number): Promise<boolean> {
  const [removed] = await db
    .update(messages)
    .set({ removedAt: new Date(), content: "", mediaId: null })
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)))
    .returning({ id: messages.id });
  return removed !== undefined;
}

/** The unread count (spec section 7): the sum over my conversations (muted groups left out) of others' messages after my last read one. */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  const rows = await queryRows<{ n: string | number }>(
    db,
    sql`
    SELECT count(*) AS n
    FROM conversation_participants cp
    JOIN conversations c ON c.id = cp.conversation_id
    JOIN messages m ON m.conversation_id = cp.conversation_id AND m.id > cp.last_read_message_id
    WHERE cp.user_id = ${userId}::uuid AND NOT cp.muted AND m.removed_at IS NULL
      AND (m.sender_id IS NULL OR m.sender_id <> ${userId}::uuid) AND ${messageVisibleSql(userId)}
  `,
  );
  return Number(rows[0]?.n ?? 0);
}

/** The member one would write to (whether he is suspended included), if he exists. */
export async function findMember(db: Db, userId: string): Promise<{ id: string; suspendedAt: Date | null } | null> {
  const [member] = await db
    .select({ id: users.id, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return member ?? null;
}

/** Active members among `ids`, as a conversation names them, by username. */
export async function listMembers(
  db: Db,
  ids: readonly string[],
): Promise<Array<{ id: string; username: string; displayName: string | null; profileImageUrl: string | null }>> {
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      profileImageUrl: users.profileImageUrl,
    })
    .from(users)
    .where(
      sql`${users.id} IN (${sql.join(
        ids.map((u) => sql`${u}::uuid`),
        sql`, `,
      )}) AND ${activeSql("users")}`,
    );
  return rows.sort((a, b) => a.username.localeCompare(b.username));
}

/** Writes messages as they are (demo data): no delivery, no limits; the conversation moves to the top of its members' lists. */
export async function appendMessages(
  db: Db,
  conversationId: string,
  lines: ReadonlyArray<{ senderId: string; content: string }>,
): Promise<void> {
  if (lines.length === 0) return;
  for (const line of lines) await db.insert(messages).values({ conversationId, ...line });
  await db.update(conversations).set({ lastMessageAt: new Date() }).where(eq(conversations.id, conversationId));
}

/** Every message a member sent, oldest first: his part of the account export. */
export function messagesSentBy(db: Db, userId: string) {
  return db
    .select({
      conversationId: messages.conversationId,
      content: messages.content,
      mediaId: messages.mediaId,
      at: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.senderId, userId))
    .orderBy(asc(messages.id));
}
