import type { QueryClient } from "@tanstack/react-query";
import {
  MessageLog,
  MessageOutbox,
  MessageSync,
  socketTransport,
  type Message,
  type UserOnlineStatusUpdate,
} from "@vicinity/contract";
import type { VicinitySocket } from "@vicinity/features/shared";
import {
  addToThreadCache,
  applyPresence,
  applyReadReceipt,
  getMissedMessages,
  markPictureOpenedInThreadCache,
  markRemovedInThreadCache,
  messageKeys,
} from "../api/conversations";
import { browserOutboxStorage } from "./outbox-storage";
import type { PendingMessage } from "./pending-message";

/** What the messenger's engine tells the provider and needs from it. */
export interface MessengerEngineOptions {
  socket: VicinitySocket;
  meId: string;
  queryClient: QueryClient;
  storageKey: string;
  setPending: (entries: readonly PendingMessage[]) => void;
  setTyping: (update: (current: ReadonlyMap<string, number>) => ReadonlyMap<string, number>) => void;
  /** The outbox, while the engine runs (the provider's send, retry and discard use it). */
  outboxRef: { current: MessageOutbox | null };
  typingTtlMs: number;
}

/**
 * The messenger's engine (decisions.md 5): the outbox kept across reloads, the synced log with its
 * catch-up at every connection, pushed messages, typing and read receipts, on one socket. Loaded
 * with the socket's client, not with the first page, which it would only slow: a fresh log catches up from
 * the start, so nothing pushed before it runs is missed. Returns what stops it.
 */
export function startMessenger({
  socket,
  meId,
  queryClient,
  storageKey,
  setPending,
  setTyping,
  outboxRef,
  typingTtlMs,
}: MessengerEngineOptions): () => void {
  const sync = new MessageSync(new MessageLog(), getMissedMessages);
  /** Mine, stored: whatever brought it (the acknowledgement, a push, a catch-up), it leaves the outbox. */
  const settle = (messages: readonly Message[]) => {
    for (const message of messages)
      if (message.senderId === meId && message.tempId) outboxRef.current?.settle(message.tempId);
  };
  const accept = (messages: Message[]) => {
    settle(messages);
    const added = sync.receive(messages);
    for (const message of added) addToThreadCache(queryClient, message);
    if (added.length > 0) {
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
      void queryClient.invalidateQueries({ queryKey: messageKeys.unreadCount() });
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
    // Who came and went before this socket listened was pushed to nobody here (the inbox and the
    // open conversation were read before it connected, or before a cut): they ask again, their
    // peers' presence with them; from now on the pushes keep them current (applyPresence).
    // (Only those it has: one that failed, "not found" say, stays as it is.)
    const held = { predicate: (query: { state: { status: string } }) => query.state.status === "success" };
    void queryClient.invalidateQueries({ queryKey: messageKeys.conversations(), ...held });
    void queryClient.invalidateQueries({ queryKey: ["messages", "conversation"], ...held });
    sync
      .connected()
      .then((added) => {
        settle(added);
        for (const message of added) addToThreadCache(queryClient, message);
        // The inbox was asked again above, when the socket connected, and the server had these
        // then; the unread count was not.
        if (added.length > 0) void queryClient.invalidateQueries({ queryKey: messageKeys.unreadCount() });
      })
      .catch(() => undefined);
  };
  const onDisconnect = () => sync.disconnected();
  const onTyping = (event: { conversationId: string; userId: string; isTyping: boolean }) =>
    setTyping((current) => {
      const next = new Map(current);
      if (event.isTyping) next.set(event.conversationId, Date.now() + typingTtlMs);
      else next.delete(event.conversationId);
      return next;
    });
  const onRead = (event: { conversationId: string; userId: string; lastReadMessageId: number }) => {
    applyReadReceipt(queryClient, meId, event);
    if (event.userId === meId) void queryClient.invalidateQueries({ queryKey: messageKeys.unreadCount() });
  };
  socket.on("newMessage", onMessage);
  socket.on("connect", onConnect);
  socket.on("disconnect", onDisconnect);
  socket.on("typing", onTyping);
  socket.on("messagesRead", onRead);
  // A message was removed (a group's moderator, or its sender took it back): its bubble says so at once; the inbox's
  // preview and the unread count ask again.
  const onRemoved = (event: { conversationId: string; messageId: number; unsent?: boolean }) => {
    markRemovedInThreadCache(queryClient, event);
    void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
    void queryClient.invalidateQueries({ queryKey: messageKeys.unreadCount() });
  };
  socket.on("messageRemoved", onRemoved);
  // A view-once picture was opened (by him on another device, or by the member I sent it to): "Opened" at once.
  const onOpened = (event: { conversationId: string; messageId: number; openedAt: string }) =>
    markPictureOpenedInThreadCache(queryClient, event);
  socket.on("pictureOpened", onOpened);
  const onPresence = (update: UserOnlineStatusUpdate) => applyPresence(queryClient, update);
  socket.on("userOnlineStatusUpdate", onPresence);
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
    socket.off("pictureOpened", onOpened);
    socket.off("userOnlineStatusUpdate", onPresence);
  };
}
