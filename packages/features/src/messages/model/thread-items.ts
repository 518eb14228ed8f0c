import type { Message } from "@vicinity/contract";
import { MEDIA_PATH_PREFIX } from "@vicinity/features/shared";

export type ThreadItemStatus = "sending" | "sent" | "read" | "failed";

/** One bubble of a thread: a stored message, or one of mine still in the outbox. */
export interface ThreadItem {
  /** Stable across the send: the tempId while pending and once stored, so the bubble is not remounted. */
  key: string;
  id: number | null;
  tempId: string | null;
  mine: boolean;
  content: string;
  /** width and height are 0 when not known yet (a picture still in the outbox). */
  picture: {
    url: string;
    width: number;
    height: number;
    /** A picture that can be seen once (decisions/0047): when the member it was sent to opened it. */
    viewOnce?: { openedAt: string | null };
  } | null;
  /** The conversation of a stored message (a view-once picture opens through it). */
  conversationId?: string;
  createdAt: string;
  status: ThreadItemStatus;
  /** Why the server refused it, for a failed one. */
  error?: string;
  /** Removed (a group moderator, or its sender took it back): nothing of what it said is shown. */
  removed?: boolean;
  /** Its sender took it back (issue 38): "Message removed" rather than a moderator's removal. */
  unsent?: boolean;
  /** Who sent another member's message (a group chat names him); absent on mine. */
  senderId?: string | null;
}

/** What the thread needs of an outbox entry (`PendingMessage` fits). */
export interface PendingThreadMessage {
  tempId: string;
  conversationId: string;
  content: string;
  mediaId?: string;
  createdAt: string;
  failed?: string;
  /** A local (blob:) preview of the picture, while the page that chose it lives. */
  previewUrl?: string;
}

export interface BuildThreadItemsArgs {
  meId: string;
  messages: readonly Message[];
  pending: readonly PendingThreadMessage[];
  /** The newest of my messages the other member has read. */
  peerLastReadMessageId: number;
}

const byCreatedAt = (a: { createdAt: string }, b: { createdAt: string }) =>
  Date.parse(a.createdAt) - Date.parse(b.createdAt);

function pendingPicture(entry: PendingThreadMessage): ThreadItem["picture"] {
  if (entry.previewUrl) return { url: entry.previewUrl, width: 0, height: 0 };
  // After a reload the blob preview is gone, but the upload is already on the server.
  if (entry.mediaId) return { url: `${MEDIA_PATH_PREFIX}${encodeURIComponent(entry.mediaId)}`, width: 0, height: 0 };
  return null;
}

/**
 * Builds the thread: stored messages (status sent, or read when id <= peerLastReadMessageId and
 * mine) plus pending outbox entries (sending / failed with error) after them, de-duplicated by
 * tempId (a stored message wins over its pending twin), ordered by id then createdAt.
 */
export function buildThreadItems({
  meId,
  messages,
  pending,
  peerLastReadMessageId,
}: BuildThreadItemsArgs): ThreadItem[] {
  // A message can reach the cache twice (pushed and fetched): one bubble each.
  const stored = new Map<number, Message>();
  for (const message of messages) stored.set(message.id, message);
  const sorted = [...stored.values()].sort((a, b) => a.id - b.id || byCreatedAt(a, b));

  const storedTempIds = new Set<string>();
  const items: ThreadItem[] = sorted.map((message) => {
    const mine = message.senderId !== null && message.senderId === meId;
    if (mine && message.tempId) storedTempIds.add(message.tempId);
    return {
      key: mine && message.tempId ? `t:${message.tempId}` : `m:${message.id}`,
      id: message.id,
      tempId: message.tempId,
      mine,
      content: message.content,
      picture: message.picture
        ? {
            url: message.picture.url,
            width: message.picture.width,
            height: message.picture.height,
            ...(message.picture.viewOnce ? { viewOnce: message.picture.viewOnce } : {}),
          }
        : null,
      conversationId: message.conversationId,
      createdAt: message.createdAt,
      status: mine && message.id <= peerLastReadMessageId ? "read" : "sent",
      ...(message.removed ? { removed: true } : {}),
      ...(message.unsent ? { unsent: true } : {}),
      ...(mine ? {} : { senderId: message.senderId }),
    };
  });

  const seenPending = new Set<string>();
  const waiting = pending
    .filter((entry) => {
      if (storedTempIds.has(entry.tempId) || seenPending.has(entry.tempId)) return false;
      seenPending.add(entry.tempId);
      return true;
    })
    .sort(byCreatedAt);

  for (const entry of waiting) {
    items.push({
      key: `t:${entry.tempId}`,
      id: null,
      tempId: entry.tempId,
      mine: true,
      content: entry.content,
      picture: pendingPicture(entry),
      createdAt: entry.createdAt,
      status: entry.failed === undefined ? "sending" : "failed",
      ...(entry.failed === undefined ? {} : { error: entry.failed }),
    });
  }
  return items;
}
