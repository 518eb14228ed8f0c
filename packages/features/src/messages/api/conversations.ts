import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from "@tanstack/react-query";
import * as z from "zod/mini";
import {
  API_PATHS,
  conversationSummarySchema,
  MESSAGES_PAGE_SIZE,
  messageSchema,
  NEXT_CURSOR_HEADER,
  openedPictureSchema,
  openPicturePath,
  type ConversationSummary,
  type Message,
  type OpenedPicture,
  type UserOnlineStatusUpdate,
  unsendMessagePath,
} from "@vicinity/contract";
import { ApiError, apiRequest, conversationKeys, countKeys } from "@vicinity/features/shared";

/** The messages' query keys: the inbox and the unread count are shared (a group joined, the header's badge). */
export const messageKeys = {
  conversations: conversationKeys.list,
  conversation: (id: string) => ["messages", "conversation", id] as const,
  thread: (id: string) => ["messages", "thread", id] as const,
  members: (id: string) => ["messages", "members", id] as const,
  unreadCount: countKeys.unread,
};

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

const summaries = z.array(conversationSummarySchema);
const messageList = z.array(messageSchema);

export async function getConversations(cursor: string | null): Promise<Page<ConversationSummary>> {
  const response = await apiRequest(
    "GET",
    cursor ? `${API_PATHS.conversations}?cursor=${encodeURIComponent(cursor)}` : API_PATHS.conversations,
  );
  return { items: summaries.parse(await response.json()), nextCursor: response.headers.get(NEXT_CURSOR_HEADER) };
}

/** The inbox, newest first, paged by the server's cursor. */
export function useConversations(enabled = true) {
  const query = useInfiniteQuery({
    queryKey: messageKeys.conversations(),
    queryFn: ({ pageParam }) => getConversations(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
  const conversations = query.data?.pages.flatMap((p) => p.items) ?? [];
  return { ...query, conversations };
}

export async function getConversation(id: string): Promise<ConversationSummary> {
  const response = await apiRequest("GET", API_PATHS.conversation(id));
  return conversationSummarySchema.parse(await response.json());
}

export function useConversation(id: string | null) {
  return useQuery({
    queryKey: messageKeys.conversation(id ?? ""),
    queryFn: () => getConversation(id!),
    enabled: id !== null,
  });
}

/** POST /api/conversations: the direct conversation with a member (made on first use). */
export async function openConversation(userId: string): Promise<ConversationSummary> {
  const response = await apiRequest("POST", API_PATHS.conversations, { userId });
  return conversationSummarySchema.parse(await response.json());
}

export function useOpenConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openConversation,
    retry: false,
    onSuccess: (summary) => {
      queryClient.setQueryData(messageKeys.conversation(summary.id), summary);
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
    },
  });
}

export async function getThreadPage(id: string, before: string | null): Promise<Page<Message>> {
  const query = new URLSearchParams({ limit: String(MESSAGES_PAGE_SIZE) });
  if (before) query.set("before", before);
  const response = await apiRequest("GET", `${API_PATHS.conversationMessages(id)}?${query}`);
  return { items: messageList.parse(await response.json()), nextCursor: response.headers.get(NEXT_CURSOR_HEADER) };
}

/** A conversation's history: pages newest first, older ones loaded on demand. */
export function useThread(id: string | null) {
  const query = useInfiniteQuery({
    queryKey: messageKeys.thread(id ?? ""),
    queryFn: ({ pageParam }) => getThreadPage(id!, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: id !== null,
    // The socket keeps it current; no polling.
    staleTime: Infinity,
  });
  const messages = (query.data?.pages.flatMap((p) => p.items) ?? []).slice().sort((a, b) => a.id - b.id);
  return { ...query, messages };
}

export async function markConversationRead(id: string, messageId: number): Promise<number> {
  const response = await apiRequest("POST", API_PATHS.conversationRead(id), { messageId });
  return z.object({ lastReadMessageId: z.number() }).parse(await response.json()).lastReadMessageId;
}

/** GET /api/messages/missed?after=: what arrived while this browser was not connected. */
export async function getMissedMessages(after: number): Promise<{ messages: Message[]; more: boolean }> {
  const response = await apiRequest("GET", `${API_PATHS.missedMessages}?after=${after}`);
  return { messages: messageList.parse(await response.json()), more: response.headers.has(NEXT_CURSOR_HEADER) };
}

/** Puts a message into its conversation's loaded history (once), newest page first. */
export function addToThreadCache(queryClient: QueryClient, message: Message): void {
  queryClient.setQueryData<InfiniteData<Page<Message>, string | null>>(
    messageKeys.thread(message.conversationId),
    (data) => {
      if (!data) return data;
      if (data.pages.some((p) => p.items.some((m) => m.id === message.id))) return data;
      const [first, ...rest] = data.pages;
      return {
        ...data,
        pages: [{ items: [message, ...(first?.items ?? [])], nextCursor: first?.nextCursor ?? null }, ...rest],
      };
    },
  );
}

/** Changes one message of a conversation's loaded history, where it is loaded. */
function patchThreadMessage(
  queryClient: QueryClient,
  conversationId: string,
  messageId: number,
  patch: (message: Message) => Message,
): void {
  queryClient.setQueryData<InfiniteData<Page<Message>, string | null>>(messageKeys.thread(conversationId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            items: p.items.map((m) => (m.id === messageId ? patch(m) : m)),
          })),
        }
      : data,
  );
}

/** A removed message keeps its place in the loaded history, with nothing of what it said (issue 38: unsent too). */
export function markRemovedInThreadCache(
  queryClient: QueryClient,
  event: { conversationId: string; messageId: number; unsent?: boolean },
): void {
  patchThreadMessage(queryClient, event.conversationId, event.messageId, (m) => ({
    ...m,
    content: "",
    picture: null,
    removed: true,
    ...(event.unsent ? { unsent: true } : {}),
  }));
}

/** A view-once picture was opened (by him, or live: `pictureOpened`): its bubble says so at once. */
export function markPictureOpenedInThreadCache(
  queryClient: QueryClient,
  event: { conversationId: string; messageId: number; openedAt: string },
): void {
  patchThreadMessage(queryClient, event.conversationId, event.messageId, (m) =>
    m.picture?.viewOnce ? { ...m, picture: { ...m.picture, viewOnce: { openedAt: event.openedAt } } } : m,
  );
}

/**
 * The member a view-once picture was sent to opens it (POST, once): its address for VIEW_ONCE_SECONDS. Refused the
 * second time (409): the bubble then says "Opened" too.
 */
export function useOpenViewOncePicture(conversationId: string, messageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<OpenedPicture> => {
      const response = await apiRequest("POST", openPicturePath(conversationId, messageId));
      return openedPictureSchema.parse(await response.json());
    },
    retry: false,
    onSuccess: (opened) =>
      markPictureOpenedInThreadCache(queryClient, { conversationId, messageId, openedAt: opened.openedAt }),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        markPictureOpenedInThreadCache(queryClient, { conversationId, messageId, openedAt: new Date().toISOString() });
    },
  });
}

/** The sender takes his message back (DELETE, within MESSAGE_UNSEND_MINUTES): gone for both at once. */
export function useUnsendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (messageId: number) => {
      await apiRequest("DELETE", unsendMessagePath(conversationId, messageId));
      return messageId;
    },
    retry: false,
    onSuccess: (messageId) => {
      markRemovedInThreadCache(queryClient, { conversationId, messageId, unsent: true });
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
    },
  });
}

/**
 * Puts a change of conversation summaries into what is loaded of them: the one-conversation
 * answer (that of `conversationId`, or each one loaded when none is named) and the inbox's pages.
 * `patch` returns the summary it is given where it changes nothing.
 */
function patchSummaries(
  queryClient: QueryClient,
  patch: (summary: ConversationSummary) => ConversationSummary,
  conversationId?: string,
): void {
  queryClient.setQueriesData<ConversationSummary>(
    {
      queryKey: conversationId === undefined ? ["messages", "conversation"] : messageKeys.conversation(conversationId),
    },
    (s) => (s ? patch(s) : s),
  );
  queryClient.setQueryData<InfiniteData<Page<ConversationSummary>, string | null>>(
    messageKeys.conversations(),
    (data) => (data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map(patch) })) } : data),
  );
}

/** A read receipt: the peer's (or my own, from another tab) read mark moves forward. */
export function applyReadReceipt(
  queryClient: QueryClient,
  meId: string,
  event: { conversationId: string; userId: string; lastReadMessageId: number },
): void {
  const update = (summary: ConversationSummary): ConversationSummary =>
    summary.id !== event.conversationId
      ? summary
      : event.userId === meId
        ? { ...summary, unreadCount: 0 }
        : { ...summary, peerLastReadMessageId: Math.max(summary.peerLastReadMessageId, event.lastReadMessageId) };
  patchSummaries(queryClient, update, event.conversationId);
}

/**
 * A member I have a conversation with came online or went (userOnlineStatusUpdate): the inbox's
 * row and the open conversation's header both say so at once, from the same push (they were read
 * at different times and disagreed: "Offline" over a row with the green dot).
 */
export function applyPresence(queryClient: QueryClient, update: UserOnlineStatusUpdate): void {
  const isOnline = update.status !== "offline";
  patchSummaries(queryClient, (summary) =>
    summary.peer?.id === update.userId && summary.peer.isOnline !== isOnline
      ? { ...summary, peer: { ...summary.peer, isOnline } }
      : summary,
  );
}
