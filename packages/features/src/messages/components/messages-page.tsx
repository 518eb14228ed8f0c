import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { MessageCircle, MessagesSquare } from "lucide-react";
import { canUnsend, shownNameOf, type ConversationSummary } from "@vicinity/contract";
import { Alert, Button, EmptyState, Spinner, toast } from "@vicinity/ui";
import {
  ApiError,
  serverMessageOr,
  useRealtime,
  uploadMedia,
  ReportMemberDialog,
  useBlockMember,
  useNow,
  useReportMember,
  useAlbumSlots,
} from "@vicinity/features/shared";
import { useConversation, useConversations, useOpenConversation, useThread } from "../api/conversations";
import { useConversationMembers } from "../api/group-chat";
import { MessageMenu } from "./message-menu";
import { UnsendMessageDialog } from "./unsend-message-dialog";
import { RemoveGroupMessageDialog, ReportGroupMessageDialog, type GroupMessageTarget } from "./group-message-dialogs";
import { useMessenger } from "../model/messenger";
import { buildThreadItems } from "../model/thread-items";
import { Composer } from "./composer";
import {
  ConversationList,
  ConversationListSkeleton,
  conversationNameOf,
  DELETED_MEMBER_NAME,
  FORMER_MEMBER_NAME,
  isGroupConversation,
} from "./conversation-list";
import { MessageThread } from "./message-thread";
import { ThreadHeader } from "./thread-header";

export interface MessagesPageProps {
  /** Spec section 2: a mobile view (list, then thread) and a richer one (side by side). */
  layout: "mobile" | "desktop";
}

const peerName = (summary: ConversationSummary | undefined) =>
  summary ? conversationNameOf(summary) : DELETED_MEMBER_NAME;

/** /messages and /messages/:conversationId; `?to=<member id>` opens (or starts) the conversation with him. */
export function MessagesPage({ layout }: MessagesPageProps) {
  const { conversationId = null } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const messenger = useMessenger();
  const inbox = useConversations(messenger.meId !== null);
  const open = useOpenConversation();
  const to = search.get("to");

  // The Message button of a card or a profile: open the conversation, then show it.
  useEffect(() => {
    if (!to || open.isPending || open.isError) return;
    open.mutate(to, { onSuccess: (summary) => void navigate(`/messages/${summary.id}`, { replace: true }) });
  }, [to, open, navigate]);

  const select = (id: string) => void navigate(`/messages/${id}`);

  const list = (
    <section aria-label="Inbox" className="flex min-h-0 flex-col">
      <h1 className="px-4 pt-4 pb-2 font-display text-2xl font-bold">Messages</h1>
      {to && open.isError ? (
        <Alert className="mx-4 mb-2">{serverMessageOr(open.error, "Couldn't open that conversation.")}</Alert>
      ) : null}
      {inbox.status === "pending" ? (
        <ConversationListSkeleton />
      ) : inbox.status === "error" ? (
        <EmptyState
          title="Couldn't load your messages"
          description={<span role="alert">{serverMessageOr(inbox.error, inbox.error.message)}</span>}
          action={<Button onClick={() => void inbox.refetch()}>Try again</Button>}
        />
      ) : inbox.conversations.length === 0 ? (
        <EmptyState
          icon={<MessagesSquare className="size-8" aria-hidden />}
          title="No messages yet"
          description="Say hi to someone nearby: your conversations will show up here."
          action={
            <Button asChild>
              <Link to="/">Discover people</Link>
            </Button>
          }
        />
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto">
          <ConversationList
            conversations={inbox.conversations}
            meId={messenger.meId ?? ""}
            selectedId={conversationId}
            onSelect={select}
            typingIn={messenger.typingIn}
          />
          {inbox.hasNextPage ? (
            <div className="flex justify-center p-3">
              <Button
                variant="outline"
                size="sm"
                onClick={() => void inbox.fetchNextPage()}
                busy={inbox.isFetchingNextPage}
              >
                Older conversations
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </section>
  );

  if (layout === "mobile") {
    return (
      <main className="flex min-h-0 flex-1 flex-col">
        {conversationId ? <ConversationPanel id={conversationId} onBack={() => void navigate("/messages")} /> : list}
      </main>
    );
  }

  return (
    <main
      className="mx-auto grid min-h-0 w-full max-w-6xl flex-1 grid-cols-[22rem_minmax(0,1fr)] border-x"
      style={{ height: "calc(100dvh - 4rem)" }}
    >
      <div className="flex min-h-0 flex-col border-r">{list}</div>
      <div className="flex min-h-0 flex-col">
        {conversationId ? (
          <ConversationPanel id={conversationId} />
        ) : (
          <div className="flex flex-1 items-center justify-center p-8">
            <EmptyState
              icon={<MessageCircle className="size-8" aria-hidden />}
              title="Choose a conversation"
              description="Or say hi to someone new from the discovery grid."
            />
          </div>
        )}
      </div>
    </main>
  );
}

/** One conversation: header, history, pending messages, typing, and the composer. */
function ConversationPanel({ id, onBack }: { id: string; onBack?: () => void }) {
  const navigate = useNavigate();
  const messenger = useMessenger();
  const { state } = useRealtime();
  const summary = useConversation(id);
  const thread = useThread(id);
  const isGroup = summary.data ? isGroupConversation(summary.data) : false;
  // In a group there is no one member to view, block or report from the header.
  const peer = isGroup ? null : (summary.data?.peer ?? null);
  const name = peerName(summary.data);
  const block = useBlockMember(peer?.id ?? "");
  // The private albums (decisions/0046), given by the shell: only in a direct chat with a member not blocked.
  const albumSlots = useAlbumSlots();
  const report = useReportMember(peer?.id ?? "");
  const [reporting, setReporting] = useState(false);
  // A group chat: its members' names, and the message being reported or removed.
  const group = isGroup ? (summary.data?.group ?? null) : null;
  const members = useConversationMembers(id, isGroup);
  const names = useMemo(() => new Map((members.data ?? []).map((m) => [m.id, shownNameOf(m)])), [members.data]);
  const [reportingMessage, setReportingMessage] = useState<GroupMessageTarget | null>(null);
  const [removingMessage, setRemovingMessage] = useState<GroupMessageTarget | null>(null);
  // His own message he is taking back (issue 38), offered while the window lasts (the time, each half minute).
  const [unsending, setUnsending] = useState<number | null>(null);
  const now = useNow(30_000);
  const moderator = group?.role === "owner" || group?.role === "moderator";

  const items = useMemo(
    () =>
      buildThreadItems({
        meId: messenger.meId ?? "",
        messages: thread.messages,
        pending: messenger.pending.filter((p) => p.conversationId === id),
        peerLastReadMessageId: summary.data?.peerLastReadMessageId ?? 0,
      }),
    [messenger.meId, messenger.pending, thread.messages, summary.data?.peerLastReadMessageId, id],
  );
  // A sender the member list does not know yet (he joined after it was loaded) has the list fetched
  // again, once per such sender: one who left for good stays a "Former member".
  const askedAbout = useRef(new Set<string>());
  const { status: membersStatus, isFetching: membersFetching, refetch: refetchMembers } = members;
  useEffect(() => {
    if (!isGroup || membersStatus !== "success" || membersFetching) return;
    const unknown = items.flatMap((item) =>
      item.senderId && !item.mine && !names.has(item.senderId) && !askedAbout.current.has(item.senderId)
        ? [item.senderId]
        : [],
    );
    if (unknown.length === 0) return;
    for (const sender of unknown) askedAbout.current.add(sender);
    void refetchMembers();
  }, [items, names, isGroup, membersStatus, membersFetching, refetchMembers]);

  // Reading the conversation marks it read, up to the newest message from him.
  const newestFromPeer = [...thread.messages].reverse().find((m) => m.senderId !== messenger.meId)?.id ?? 0;
  const { markRead } = messenger;
  useEffect(() => {
    if (newestFromPeer > 0 && document.visibilityState === "visible") markRead(id, newestFromPeer);
  }, [id, newestFromPeer, markRead]);

  if (summary.status === "pending" || thread.status === "pending") {
    return (
      <div className="flex flex-1 items-center justify-center p-8" aria-busy="true">
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner size="sm" /> Loading conversation...
        </p>
      </div>
    );
  }
  if (summary.status === "error" || thread.status === "error") {
    const error = summary.error ?? thread.error;
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <div className="flex flex-1 items-center justify-center p-8">
        <EmptyState
          title={missing ? "Conversation not found" : "Couldn't load this conversation"}
          description={<span role="alert">{serverMessageOr(error, error?.message ?? "")}</span>}
          action={
            missing ? (
              <Button onClick={() => void navigate("/messages")}>All conversations</Button>
            ) : (
              <Button onClick={() => void Promise.all([summary.refetch(), thread.refetch()])}>Try again</Button>
            )
          }
        />
      </div>
    );
  }

  const blocked = summary.data.blocked;
  const albumPeer = albumSlots && peer && !blocked ? { id: peer.id, name } : null;
  return (
    <section
      aria-label={isGroup ? `Group conversation ${name}` : `Conversation with ${name}`}
      className="flex min-h-0 flex-1 flex-col"
    >
      <ThreadHeader
        peer={peer}
        group={
          isGroup
            ? {
                title: name,
                participantCount: summary.data.participantCount,
                onOpen: group ? () => void navigate(`/groups/${group.id}`) : undefined,
              }
            : null
        }
        onBack={onBack}
        blocked={blocked}
        connection={state === "reconnecting" || state === "disconnected" ? "reconnecting" : "connected"}
        onViewProfile={peer ? () => void navigate(`/members/${peer.id}`) : undefined}
        onBlock={
          peer && !blocked
            ? () =>
                block.mutate(true, {
                  onSuccess: () => {
                    toast({ title: `Blocked ${name}`, description: "Messages stop both ways." });
                    void summary.refetch();
                  },
                  onError: (error) =>
                    toast({
                      variant: "destructive",
                      title: "Couldn't block",
                      description: serverMessageOr(error, "Please try again."),
                    }),
                })
            : undefined
        }
        onReport={peer ? () => setReporting(true) : undefined}
      />
      {albumSlots && albumPeer ? albumSlots.chatStrip(albumPeer) : null}
      <MessageThread
        items={items}
        peerName={name}
        typing={messenger.typingIn.has(id)}
        hasOlder={thread.hasNextPage}
        loadingOlder={thread.isFetchingNextPage}
        onLoadOlder={() => void thread.fetchNextPage()}
        onRetry={messenger.retry}
        onDiscard={messenger.discard}
        {...(isGroup
          ? {
              typingName: "Someone",
              senderName: (item) =>
                item.senderId ? (names.get(item.senderId) ?? FORMER_MEMBER_NAME) : DELETED_MEMBER_NAME,
            }
          : {})}
        messageActions={(item, senderName) => {
          const target = { id: item.id ?? 0, senderId: item.senderId ?? null, senderName, mine: item.mine };
          // The server decides at the moment he asks: a menu left open past the window is told why.
          const recent = item.mine && item.id !== null && canUnsend(item, now);
          const onUnsend = recent ? () => setUnsending(item.id) : undefined;
          const onReport = group && !item.mine && item.senderId ? () => setReportingMessage(target) : undefined;
          const onRemove = group && moderator ? () => setRemovingMessage(target) : undefined;
          // Nothing to offer (his message in a direct chat, mine once the window has passed): no menu, no room kept.
          if (!onUnsend && !onReport && !onRemove) return undefined;
          return (
            <MessageMenu
              label={item.mine ? "Options for your message" : `Options for ${senderName}'s message`}
              onUnsend={onUnsend}
              onReport={onReport}
              onRemove={onRemove}
            />
          );
        }}
      />
      <Composer
        disabled={blocked || (!peer && !isGroup)}
        disabledReason={!peer ? "This member deleted his account" : "You can't message this member"}
        onSend={(text, picture, options) => messenger.send(id, text, picture, options)}
        offerViewOnce={!isGroup}
        savedPhrases
        actions={albumSlots && albumPeer ? albumSlots.composerAction(albumPeer) : undefined}
        onTyping={(isTyping) => messenger.typing(id, isTyping)}
        uploadPicture={(file, onProgress, signal) => uploadMedia(file, { onProgress, signal, kind: "message" })}
      />
      {unsending !== null ? (
        <UnsendMessageDialog
          conversationId={id}
          messageId={unsending}
          audience={isGroup ? "the group" : name}
          onClose={() => setUnsending(null)}
        />
      ) : null}
      {group && reportingMessage ? (
        <ReportGroupMessageDialog
          groupId={group.id}
          target={reportingMessage}
          onClose={() => setReportingMessage(null)}
        />
      ) : null}
      {group && removingMessage ? (
        <RemoveGroupMessageDialog
          groupId={group.id}
          conversationId={id}
          target={removingMessage}
          onClose={() => setRemovingMessage(null)}
        />
      ) : null}
      {peer ? (
        <ReportMemberDialog
          open={reporting}
          onOpenChange={setReporting}
          name={name}
          submitting={report.isPending}
          error={report.error ? serverMessageOr(report.error, "Couldn't send the report. Please try again.") : null}
          onSubmit={({ alsoBlock, ...body }) =>
            report.mutate(body, {
              onSuccess: () => {
                setReporting(false);
                if (alsoBlock && !blocked) block.mutate(true, { onSuccess: () => void summary.refetch() });
                toast({
                  title: "Thanks for reporting",
                  description: alsoBlock ? `Our team will review it. ${name} is blocked.` : "Our team will review it.",
                });
              },
            })
          }
        />
      ) : null}
    </section>
  );
}
