import { conversationIdSchema, sendMessageSchema, typingSchema, type Ack, type Message } from "@vicinity/contract";
import type { AppContext } from "../http/context";
import { HttpError } from "../http/errors";
import { withoutBlocked } from "../policy/blocks";
import type { RealtimeCore, SocketScope } from "../realtime/socket";
import { storeMessage } from "./service";

export const conversationRoom = (conversationId: string) => `conversation:${conversationId}`;

/** The channel on which a node tells the others that a conversation's members changed. */
export const PARTICIPANTS_CHANGED = "participantsChanged";

const fail = (message: string): Ack => ({ ok: false, message });

/**
 * A member's messaging events: joining a conversation's room, sending (decisions.md 5: stored
 * before it is acknowledged; the same tempId again answers the same message) and typing.
 */
export function messageSockets(ctx: AppContext, core: RealtimeCore): (scope: SocketScope) => void {
  const messageLimiter = ctx.limits.get("messages", ctx.config.messagesPerMinute, 60_000);
  const typingLimiter = ctx.limits.get("typing", 60, 60_000);
  // A membership change on any node: every other node forgets its remembered participants.
  core.onNodes(PARTICIPANTS_CHANGED, (conversationId) => {
    if (typeof conversationId === "string") ctx.participants.forget(conversationId);
  });

  return ({ socket, me, on }) => {
    const membership = (join: boolean) => async (conversationId: string) => {
      if (!(await ctx.participants.of(conversationId)).includes(me.id)) return fail("You are not in this conversation");
      if (join) await socket.join(conversationRoom(conversationId));
      else await socket.leave(conversationRoom(conversationId));
      return { ok: true } as const;
    };
    on("joinConversation", conversationIdSchema, membership(true));
    on("leaveConversation", conversationIdSchema, membership(false));

    on<typeof sendMessageSchema, Message>("sendMessage", sendMessageSchema, async (payload) => {
      const arrived = performance.now();
      try {
        // (Inside: a limit that cannot reach Redis answers "try again", as the database does.)
        const { allowed } = await messageLimiter.take(me.id);
        if (!allowed)
          return {
            ok: false,
            message: "You are sending messages too fast. Wait a moment and try again.",
            retry: true,
            rateLimited: true,
          };
        const { message, created, recipients, group } = await storeMessage(ctx.db, ctx.participants, me.id, payload);
        if (created) ctx.activity.record(group ? "groupMessage" : "directMessage", me.id, message.conversationId);
        // Every open socket of both members, on every node (his other tabs and devices too), but
        // the one that sent it: its acknowledgement carries the message (one frame less a message).
        if (created) {
          ctx.notify.toUsersBut(socket.id, [...recipients, me.id], "newMessage", message);
          ctx.metrics.messageDelivered(group ? "group" : "direct", (performance.now() - arrived) / 1000);
        } else if (!message.removed) {
          // A retry of a stored send: its first push may never have left (the node that stored it
          // was killed, or closed, before it published), so it is pushed again. Clients keep each
          // message once; a block made since then is respected (storeMessage leaves such members out).
          ctx.notify.toUsers([...recipients, me.id], "newMessage", message);
        }
        return { ok: true, data: message };
      } catch (error) {
        if (error instanceof HttpError && error.statusCode < 500) return fail(error.message);
        core.log.error(error);
        // A fault on our side (the database away): the outbox may try again later.
        return { ok: false, message: "Your message could not be sent. It will be retried.", retry: true };
      }
    });

    on("typing", typingSchema, async (payload) => {
      if (!(await typingLimiter.take(me.id)).allowed) return;
      // Not his conversation: othersOf refuses, and nobody is told anything.
      const others = await ctx.participants.othersOf(payload.conversationId, me.id);
      // A block hides typing either way.
      const told = await withoutBlocked(ctx.db, me.id, others);
      ctx.notify.toUsers(told, "typing", {
        conversationId: payload.conversationId,
        userId: me.id,
        isTyping: payload.isTyping,
      });
    });
  };
}
