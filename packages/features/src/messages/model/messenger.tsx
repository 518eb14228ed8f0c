import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import {
  MessageLog,
  MessageOutbox,
  MessageSync,
  socketTransport,
  type Message,
  type OutboxEntry,
  type UploadedMedia,
} from "@vicinity/contract";
import { useRealtime } from "@vicinity/features/realtime";
import { addToThreadCache, applyReadReceipt, conversationsQueryKey, getMissedMessages, threadQueryKey, markConversationRead, unreadCountQueryKey } from "../api/conversations";
import { browserOutboxStorage, OUTBOX_STORAGE_KEY } from "./outbox-storage";

/** How long a typing indicator lasts without a new typing event. */
export const TYPING_TTL_MS = 5_000;

/** A message the member wrote that the server has not stored yet, with what the screen needs. */
export interface PendingMessage extends OutboxEntry {
  previewUrl?: string;
}

export interface MessengerValue {
  meId: string | null;
  pending: readonly PendingMessage[];
  /** Conversations where the other member is typing now. */
  typingIn: ReadonlySet<string>;
  send: (conversationId: string, text: string, picture: UploadedMedia | null) => void;
  retry: (tempId: string) => void;
  discard: (tempId: string) => void;
  typing: (conversationId: string, isTyping: boolean) => void;
  markRead: (conversationId: string, messageId: number) => void;
}

const noop = () => undefined;
const MessengerContext = createContext<MessengerValue>({
  meId: null,
  pending: [],
  typingIn: new Set(),
  send: noop,
  retry: noop,
  discard: noop,
  typing: noop,
  markRead: noop,
});

export function useMessenger(): MessengerValue {
  return useContext(MessengerContext);
}

const newTempId = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * The member's messaging, for the whole signed-in app (decisions.md 5 and "Messages"): an outbox
 * kept across reloads that sends with acknowledgement and retries until stored; pushed messages
 * put into the loaded conversations once each; a catch-up of what was missed at every
 * reconnection; typing indicators and read receipts. Mounted inside the socket's provider.
 */
export function MessengerProvider({ meId, children, storageKey = OUTBOX_STORAGE_KEY }: { meId: string | null; children: ReactNode; storageKey?: string }) {
  const { socket } = useRealtime();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<readonly PendingMessage[]>([]);
  const [typing, setTyping] = useState<ReadonlyMap<string, number>>(new Map());
  const outboxRef = useRef<MessageOutbox | null>(null);
  const readMarks = useRef(new Map<string, number>());

  useEffect(() => {
    if (!socket || !meId) return;
    const sync = new MessageSync(new MessageLog(), getMissedMessages);
    /** Mine, stored: whatever brought it (the acknowledgement, a push, a catch-up), it leaves the outbox. */
    const settle = (messages: readonly Message[]) => {
      for (const message of messages) if (message.senderId === meId && message.tempId) outboxRef.current?.settle(message.tempId);
    };
    const accept = (messages: Message[]) => {
      settle(messages);
      const added = sync.receive(messages);
      for (const message of added) addToThreadCache(queryClient, message);
      if (added.length > 0) {
        void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
        void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
      }
      return added;
    };
    const outbox = new MessageOutbox({
      transport: socketTransport(socket),
      storage: browserOutboxStorage(`${storageKey}.${meId}`),
      onStored: (message) => accept([message]),
      onChange: (entries) => setPending(entries),
    });
    outboxRef.current = outbox;

    const onMessage = (message: Message) => {
      // A push of one already here (a retried send is pushed again) changes nothing.
      if (accept([message]).length === 0) return;
      setTyping((current) => {
        if (!current.has(message.conversationId) || message.senderId === meId) return current;
        const next = new Map(current);
        next.delete(message.conversationId);
        return next;
      });
    };
    const onConnect = () => {
      sync
        .connected()
        .then((added) => {
          settle(added);
          for (const message of added) addToThreadCache(queryClient, message);
          if (added.length > 0) {
            void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
            void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
          }
        })
        .catch(() => undefined);
    };
    const onDisconnect = () => sync.disconnected();
    const onTyping = (event: { conversationId: string; userId: string; isTyping: boolean }) =>
      setTyping((current) => {
        const next = new Map(current);
        if (event.isTyping) next.set(event.conversationId, Date.now() + TYPING_TTL_MS);
        else next.delete(event.conversationId);
        return next;
      });
    const onRead = (event: { conversationId: string; userId: string; lastReadMessageId: number }) => {
      applyReadReceipt(queryClient, meId, event);
      if (event.userId === meId) void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
    };
    socket.on("newMessage", onMessage);
    socket.on("connect", onConnect);
    socket.on("disconnect", onDisconnect);
    socket.on("typing", onTyping);
    socket.on("messagesRead", onRead);
    // A group moderator removed a message: the thread and the inbox ask again (issue 12).
    const onRemoved = (event: { conversationId: string; messageId: number }) => {
      void queryClient.invalidateQueries({ queryKey: threadQueryKey(event.conversationId) });
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey });
    };
    socket.on("messageRemoved", onRemoved);
    if (socket.connected) onConnect();
    return () => {
      outbox.close();
      outboxRef.current = null;
      socket.off("newMessage", onMessage);
      socket.off("connect", onConnect);
      socket.off("disconnect", onDisconnect);
      socket.off("typing", onTyping);
      socket.off("messagesRead", onRead);
      socket.off("messageRemoved", onRemoved);
    };
  }, [socket, meId, queryClient, storageKey]);

  // Typing indicators fade by themselves.
  useEffect(() => {
    if (typing.size === 0) return;
    const soonest = Math.min(...typing.values());
    const timer = setTimeout(() => {
      const now = Date.now();
      setTyping((current) => new Map([...current].filter(([, until]) => until > now)));
    }, Math.max(50, soonest - Date.now()));
    return () => clearTimeout(timer);
  }, [typing]);

  const send = useCallback((conversationId: string, text: string, picture: UploadedMedia | null) => {
    const outbox = outboxRef.current;
    if (!outbox) return;
    outbox.send({ conversationId, content: text, tempId: newTempId(), ...(picture ? { mediaId: picture.id } : {}) });
  }, []);

  const value = useMemo<MessengerValue>(
    () => ({
      meId,
      pending,
      typingIn: new Set(typing.keys()),
      send,
      retry: (tempId) => outboxRef.current?.retry(tempId),
      discard: (tempId) => outboxRef.current?.discard(tempId),
      typing: (conversationId, isTyping) => socket?.emit("typing", { conversationId, isTyping }),
      markRead: (conversationId, messageId) => {
        // Once per new mark: the thread calls this as messages arrive.
        if ((readMarks.current.get(conversationId) ?? 0) >= messageId) return;
        readMarks.current.set(conversationId, messageId);
        void markConversationRead(conversationId, messageId)
          .then((lastReadMessageId) => {
            if (meId) applyReadReceipt(queryClient, meId, { conversationId, userId: meId, lastReadMessageId });
            void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
          })
          .catch(() => readMarks.current.delete(conversationId));
      },
    }),
    [meId, pending, typing, send, socket, queryClient],
  );

  return <MessengerContext.Provider value={value}>{children}</MessengerContext.Provider>;
}
