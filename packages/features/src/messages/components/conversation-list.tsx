import { Ban, Image as ImageIcon, UserRoundX, UsersRound } from "lucide-react";
import type { ConversationSummary } from "@vicinity/contract";
import { Avatar, Badge, CountBadge, Skeleton, cn } from "@vicinity/ui";
import { avatarUrl } from "@vicinity/features/shared";
import { formatListTime } from "../model/format-time";

/** decisions.md: a member who deleted his account shows as this. */
export const DELETED_MEMBER_NAME = "Deleted member";
/** A group chat's message from one who has left the group since. */
export const FORMER_MEMBER_NAME = "Former member";

/** The name the inbox and the thread show for the other member. */
export function peerNameOf(peer: ConversationSummary["peer"]): string {
  if (!peer) return DELETED_MEMBER_NAME;
  return peer.displayName || peer.username;
}

/** A group whose title is missing still needs a name. */
export const UNTITLED_GROUP_NAME = "Group";

/** Whether a conversation is a group's (older fixtures have no kind: direct). */
export const isGroupConversation = (conversation: Pick<ConversationSummary, "kind">) => conversation.kind === "group";

/** The name the inbox and the thread show: a group's title, or the other member's name. */
export function conversationNameOf(conversation: Pick<ConversationSummary, "kind" | "title" | "peer">): string {
  if (isGroupConversation(conversation)) return conversation.title?.trim() || UNTITLED_GROUP_NAME;
  return peerNameOf(conversation.peer);
}

/** "5 members" under a group's name. */
export const membersLabel = (count: number | undefined) => `${count ?? 0} member${count === 1 ? "" : "s"}`;

/** A group's mark: the same size as a member's picture. */
export function GroupAvatar({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "flex size-12 shrink-0 items-center justify-center rounded-full bg-accent/15 text-accent-text",
        className,
      )}
    >
      <UsersRound aria-hidden className="size-5" />
    </span>
  );
}

/** An unread count of up to this is written out; above, "99+". */
const UNREAD_MAX = 99;

export interface ConversationListProps {
  conversations: ConversationSummary[];
  meId: string;
  selectedId?: string | null;
  onSelect: (id: string) => void;
  /** Conversations where the other member is typing now. */
  typingIn?: ReadonlySet<string>;
  now?: Date;
}

/** The other member's picture, or a neutral mark once he deleted his account. */
export function PeerAvatar({ peer, className }: { peer: ConversationSummary["peer"]; className?: string }) {
  if (!peer) {
    return (
      <span
        className={cn(
          "flex size-12 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground",
          className,
        )}
      >
        <UserRoundX aria-hidden className="size-5" />
      </span>
    );
  }
  const name = peerNameOf(peer);
  return (
    <Avatar
      name={name}
      src={peer.profileImageUrl ? avatarUrl(peer.profileImageUrl) : undefined}
      online={peer.isOnline}
      size="md"
      className={cn("size-12", className)}
    />
  );
}

function Preview({ conversation, meId, typing }: { conversation: ConversationSummary; meId: string; typing: boolean }) {
  if (typing) {
    return <span className="font-medium text-accent-text">typing...</span>;
  }
  const last = conversation.lastMessage;
  if (!last) return <span className="italic">No messages yet</span>;
  const mine = last.senderId !== null && last.senderId === meId;
  const text = last.content.trim();
  return (
    <>
      {mine ? <span>You: </span> : null}
      {last.picture ? (
        <>
          <ImageIcon aria-hidden className="mr-1 inline size-4 align-[-0.1875rem]" />
          {text ? null : <span>Picture</span>}
        </>
      ) : null}
      {/* One line: new lines of the message read as spaces here. */}
      {text ? <span>{text.replace(/\s+/g, " ")}</span> : null}
    </>
  );
}

/** The inbox: one row per conversation, newest first as given, with its last message and unread count. */
export function ConversationList({
  conversations,
  meId,
  selectedId = null,
  onSelect,
  typingIn,
  now,
}: ConversationListProps) {
  return (
    <ul aria-label="Conversations" className="flex flex-col gap-0.5 p-1.5">
      {conversations.map((conversation) => {
        const { id, peer, unreadCount, blocked, lastMessage } = conversation;
        const group = isGroupConversation(conversation);
        const name = conversationNameOf(conversation);
        const unread = unreadCount > 0;
        const selected = id === selectedId;
        const typing = typingIn?.has(id) ?? false;
        const at = lastMessage?.createdAt ?? conversation.lastMessageAt;
        return (
          <li key={id}>
            <button
              type="button"
              onClick={() => onSelect(id)}
              aria-current={selected ? "true" : undefined}
              data-conversation-id={id}
              data-unread={unread || undefined}
              className={cn(
                "flex w-full cursor-pointer items-center gap-3 rounded-lg px-2.5 py-2.5 text-left transition-colors duration-(--duration-fast) hover:bg-muted/60",
                selected && "bg-muted hover:bg-muted",
              )}
            >
              <span aria-hidden className="relative">
                {group ? <GroupAvatar /> : <PeerAvatar peer={peer} />}
              </span>
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="flex items-center gap-2">
                  <span
                    className={cn(
                      "min-w-0 flex-1 truncate",
                      unread ? "font-bold text-foreground" : "font-semibold",
                      !peer && !group && "text-muted-foreground italic",
                    )}
                  >
                    {name}
                    {group ? (
                      <span className="sr-only">, group of {membersLabel(conversation.participantCount)}</span>
                    ) : null}
                    {peer?.isOnline ? <span className="sr-only">, online</span> : null}
                  </span>
                  {at ? (
                    <time
                      dateTime={at}
                      className={cn(
                        "shrink-0 text-xs tabular-nums",
                        unread ? "font-semibold text-accent-text" : "text-muted-foreground",
                      )}
                    >
                      {formatListTime(at, now)}
                    </time>
                  ) : null}
                </span>
                <span className="flex items-center gap-2">
                  <span
                    className={cn(
                      "min-w-0 flex-1 truncate text-sm",
                      unread ? "font-semibold text-foreground" : "text-muted-foreground",
                    )}
                    data-testid="conversation-preview"
                  >
                    <Preview conversation={conversation} meId={meId} typing={typing} />
                  </span>
                  {blocked ? (
                    <Badge variant="outline" className="text-muted-foreground">
                      <Ban aria-hidden />
                      Blocked
                    </Badge>
                  ) : null}
                  <CountBadge count={unreadCount} max={UNREAD_MAX} label="unread" />
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The inbox while it loads. */
export function ConversationListSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div role="status" aria-label="Loading conversations" className="grid gap-0.5 p-1.5">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-3 px-2.5 py-2.5">
          <Skeleton className="size-12 shrink-0 rounded-full" />
          <div className="grid flex-1 gap-2">
            <div className="flex justify-between gap-4">
              <Skeleton className="h-4" style={{ width: `${40 + ((i * 17) % 30)}%` }} />
              <Skeleton className="h-3 w-10" />
            </div>
            <Skeleton className="h-3.5" style={{ width: `${55 + ((i * 23) % 35)}%` }} />
          </div>
        </div>
      ))}
    </div>
  );
}
