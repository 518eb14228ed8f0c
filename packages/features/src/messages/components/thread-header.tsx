import { Ban, ChevronLeft, EllipsisVertical, Flag, UserRound } from "lucide-react";
import type { ConversationSummary } from "@vicinity/contract";
import {
  Badge,
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  Spinner,
  cn,
} from "@vicinity/ui";
import { GroupAvatar, membersLabel, PeerAvatar, peerNameOf } from "./conversation-list";

export interface ThreadHeaderProps {
  peer: ConversationSummary["peer"];
  /** A group conversation: its title and size instead of a member (no profile, block or report). */
  group?: { title: string; participantCount?: number; onOpen?: () => void } | null;
  onBack?: () => void;
  onViewProfile?: () => void;
  onBlock?: () => void;
  onReport?: () => void;
  blocked?: boolean;
  connection?: "connected" | "reconnecting";
}

/** The top of a conversation: back (on phones), who he is and whether he is online, and the actions on him. */
export function ThreadHeader({
  peer,
  group = null,
  onBack,
  onViewProfile,
  onBlock,
  onReport,
  blocked = false,
  connection = "connected",
}: ThreadHeaderProps) {
  const name = group ? group.title : peerNameOf(peer);
  // A deleted account has no profile, nothing to block and nobody to report; a group neither.
  const member = group ? null : peer;
  const viewProfile = member ? onViewProfile : undefined;
  const block = member && !blocked ? onBlock : undefined;
  const report = member ? onReport : undefined;
  const hasMenu = Boolean(viewProfile || block || report);

  const who = (
    <>
      <span aria-hidden className="shrink-0">
        {group ? <GroupAvatar className="size-10" /> : <PeerAvatar peer={peer} className="size-10" />}
      </span>
      <span className="flex min-w-0 flex-col text-left">
        <span
          className={cn(
            "truncate font-display text-base leading-tight font-semibold",
            !peer && !group && "text-muted-foreground italic",
          )}
        >
          {name}
        </span>
        {group ? <span className="text-xs text-muted-foreground">{membersLabel(group.participantCount)}</span> : null}
        {peer && !group && !blocked ? (
          <span className={cn("text-xs", peer.isOnline ? "text-success dark:text-online" : "text-muted-foreground")}>
            {peer.isOnline ? "Online" : "Offline"}
          </span>
        ) : null}
      </span>
    </>
  );

  return (
    <header data-slot="thread-header" className="border-b border-border bg-surface">
      <div className="flex min-h-14 items-center gap-1 py-2 pr-[max(0.5rem,env(safe-area-inset-right))] pl-[max(0.5rem,env(safe-area-inset-left))]">
        {onBack ? (
          <Button
            variant="ghost"
            size="icon"
            className="-ml-1 shrink-0"
            aria-label="Back to conversations"
            onClick={onBack}
          >
            <ChevronLeft aria-hidden className="size-6" />
          </Button>
        ) : null}
        <h2 className="min-w-0 flex-1">
          {viewProfile || group?.onOpen ? (
            <button
              type="button"
              onClick={group?.onOpen ?? viewProfile}
              title={group ? "The group's page" : "View profile"}
              className="flex max-w-full cursor-pointer items-center gap-3 rounded-lg px-1.5 py-1 hover:bg-muted/60"
            >
              {who}
            </button>
          ) : (
            <span className="flex items-center gap-3 px-1.5 py-1">{who}</span>
          )}
        </h2>
        {blocked ? (
          <Badge variant="outline" className="text-muted-foreground">
            <Ban aria-hidden />
            Blocked
          </Badge>
        ) : null}
        {hasMenu ? (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" className="shrink-0" aria-label="Conversation options">
                <EllipsisVertical aria-hidden className="size-5" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              {viewProfile ? (
                <DropdownMenuItem onSelect={() => viewProfile()}>
                  <UserRound aria-hidden /> View profile
                </DropdownMenuItem>
              ) : null}
              {report ? (
                <DropdownMenuItem onSelect={() => report()}>
                  <Flag aria-hidden /> Report
                </DropdownMenuItem>
              ) : null}
              {block ? (
                <DropdownMenuItem variant="destructive" onSelect={() => block()}>
                  <Ban aria-hidden /> Block
                </DropdownMenuItem>
              ) : null}
            </DropdownMenuContent>
          </DropdownMenu>
        ) : null}
      </div>
      {connection === "reconnecting" ? (
        <p
          role="status"
          className="flex items-center justify-center gap-2 border-t border-border bg-muted px-3 py-1.5 text-xs text-muted-foreground"
        >
          <Spinner size="sm" className="size-3" />
          Reconnecting...
        </p>
      ) : null}
    </header>
  );
}
