import { EllipsisVertical, Flag, Trash2, Undo2 } from "lucide-react";
import { Button, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@vicinity/ui";

export interface MessageMenuProps {
  /** Whose message it is: "Options for Marco's message", "Options for your message". */
  label: string;
  /** Another member's message in a group chat: he can report it. */
  onReport?: () => void;
  /** A group's moderator: he can remove any message of its chat. */
  onRemove?: () => void;
  /** His own message, within MESSAGE_UNSEND_MINUTES of sending: he can take it back (issue 38). */
  onUnsend?: () => void;
}

/** A chat message's own menu, beside its bubble: unsend his own, report another's, and for a group's moderators, remove. */
export function MessageMenu({ label, onReport, onRemove, onUnsend }: MessageMenuProps) {
  if (!onReport && !onRemove && !onUnsend) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-7 text-muted-foreground" aria-label={label}>
          <EllipsisVertical aria-hidden className="size-4" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {onUnsend ? (
          <DropdownMenuItem onSelect={onUnsend}>
            <Undo2 aria-hidden /> Unsend
          </DropdownMenuItem>
        ) : null}
        {onReport ? (
          <DropdownMenuItem onSelect={onReport}>
            <Flag aria-hidden /> Report message
          </DropdownMenuItem>
        ) : null}
        {onRemove ? (
          <DropdownMenuItem variant="destructive" onSelect={onRemove}>
            <Trash2 aria-hidden /> Remove message
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
