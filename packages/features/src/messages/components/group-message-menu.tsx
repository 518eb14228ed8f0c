import { EllipsisVertical, Flag, Trash2 } from "lucide-react";
import { Button, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@vicinity/ui";

export interface GroupMessageMenuProps {
  /** Whose message it is: "Options for Marco's message". */
  label: string;
  /** Another member's message: he can report it. */
  onReport?: () => void;
  /** A moderator: he can remove any message. */
  onRemove?: () => void;
}

/** A group chat message's own menu: report it, and for the group's moderators, remove it. */
export function GroupMessageMenu({ label, onReport, onRemove }: GroupMessageMenuProps) {
  if (!onReport && !onRemove) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-7 text-muted-foreground" aria-label={label}>
          <EllipsisVertical aria-hidden className="size-4" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
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
