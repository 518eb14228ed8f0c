import { sql, type SQL } from "drizzle-orm";
import { VIEW_ONCE_SECONDS } from "@vicinity/contract";
import { blockedEitherWaySql } from "./blocks";

/**
 * Which messages a member may see, written once. He sees the messages of his own conversations
 * (the participants' list decides, messages/service.ts: Participants); of those, in a group a block
 * hides each member's messages from the other, instead of silencing the sender
 * for everyone; in a direct conversation the block stops new messages and the history stays.
 * `m` is the messages row; `kind` the conversation's kind.
 */
export function messageVisibleSql(me: string, kind: SQL = sql`c.kind`): SQL {
  return sql`(${kind} = 'direct' OR m.sender_id IS NULL OR m.sender_id = ${me}::uuid OR NOT ${blockedEitherWaySql(sql`${me}::uuid`, sql`m.sender_id`)})`;
}

/** The plain side: whether `me` sees a message from `senderId` in a conversation of `kind`, given whether they are in a block. */
export function seesMessage(
  me: string,
  message: { senderId: string | null; kind: "direct" | "group" },
  blocked: boolean,
): boolean {
  return message.kind === "direct" || message.senderId === null || message.senderId === me || !blocked;
}

/** Seconds past a view-once picture's showing its address still answers: a slow network's last bytes (decisions/0047). */
export const VIEW_ONCE_GRACE_SECONDS = 5;

/**
 * Who sees a view-once picture (of a conversation he is in: canSeeMessagePicture): its sender until its file goes; the
 * member it was sent to only during his one showing, from opening it for VIEW_ONCE_SECONDS (and the grace).
 */
export function seesViewOncePicture(
  picture: { ownerId: string; openedAt: Date | null; expiredAt: Date | null },
  viewerId: string,
  now: number,
): boolean {
  if (picture.expiredAt) return false;
  if (viewerId === picture.ownerId) return true;
  return (
    picture.openedAt !== null && now < picture.openedAt.getTime() + (VIEW_ONCE_SECONDS + VIEW_ONCE_GRACE_SECONDS) * 1000
  );
}
