import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { MessageOutbox, SendMessage, UploadedMedia } from "@vicinity/contract";
import { useRealtime } from "@vicinity/features/shared";
import { applyReadReceipt, markConversationRead, messageKeys } from "../api/conversations";
import { OUTBOX_STORAGE_KEY } from "./outbox-storage";
import type { PendingMessage } from "./pending-message";

// The engine (outbox, sync, pushes) comes with the socket's client, not with the first page.
const loadMessengerEngine = () => import("./messenger-engine");

/** How long a typing indicator lasts without a new typing event. */
export const TYPING_TTL_MS = 5_000;

export interface MessengerValue {
  meId: string | null;
  pending: readonly PendingMessage[];
  /** Conversations where the other member is typing now. */
  typingIn: ReadonlySet<string>;
  /** `viewOnce`: the picture can be seen once (decisions/0047). */
  send: (conversationId: string, text: string, picture: UploadedMedia | null, options?: { viewOnce: boolean }) => void;
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
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * The member's messaging, for the whole signed-in app (decisions.md 5 and "Messages"): an outbox
 * kept across reloads that sends with acknowledgement and retries until stored; pushed messages
 * put into the loaded conversations once each; a catch-up of what was missed at every
 * reconnection; typing indicators and read receipts. Mounted inside the socket's provider.
 */
export function MessengerProvider({
  meId,
  children,
  storageKey = OUTBOX_STORAGE_KEY,
}: {
  meId: string | null;
  children: ReactNode;
  storageKey?: string;
}) {
  const { socket } = useRealtime();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<readonly PendingMessage[]>([]);
  const [typing, setTyping] = useState<ReadonlyMap<string, number>>(new Map());
  const outboxRef = useRef<MessageOutbox | null>(null);
  const readMarks = useRef(new Map<string, number>());
  const early = useRef<SendMessage[]>([]);

  useEffect(() => {
    if (!socket || !meId) return;
    let stop: (() => void) | null = null;
    let live = true;
    void loadMessengerEngine()
      .then(({ startMessenger }) => {
        if (!live) return;
        stop = startMessenger({
          socket,
          meId,
          queryClient,
          storageKey,
          setPending,
          setTyping,
          outboxRef,
          typingTtlMs: TYPING_TTL_MS,
        });
        for (const message of early.current.splice(0)) outboxRef.current?.send(message);
      })
      // A chunk that failed to load (a deploy replaced it): the page's next load tries again.
      .catch(() => undefined);
    return () => {
      live = false;
      stop?.();
    };
  }, [socket, meId, queryClient, storageKey]);

  // Typing indicators fade by themselves.
  useEffect(() => {
    if (typing.size === 0) return;
    const soonest = Math.min(...typing.values());
    const timer = setTimeout(
      () => {
        const now = Date.now();
        setTyping((current) => new Map([...current].filter(([, until]) => until > now)));
      },
      Math.max(50, soonest - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [typing]);

  const send = useCallback(
    (conversationId: string, text: string, picture: UploadedMedia | null, options?: { viewOnce: boolean }) => {
      const message = {
        conversationId,
        content: text,
        tempId: newTempId(),
        ...(picture ? { mediaId: picture.id } : {}),
        ...(picture && options?.viewOnce ? { viewOnce: true } : {}),
      };
      // Before the engine runs (its chunk and the socket's are on their way), the send waits for it.
      if (outboxRef.current) outboxRef.current.send(message);
      else early.current.push(message);
    },
    [],
  );

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
            void queryClient.invalidateQueries({ queryKey: messageKeys.unreadCount() });
          })
          .catch(() => readMarks.current.delete(conversationId));
      },
    }),
    [meId, pending, typing, send, socket, queryClient],
  );

  return <MessengerContext.Provider value={value}>{children}</MessengerContext.Provider>;
}
