import type { ReactNode } from "react";
import { MessageCircle, UserRound } from "lucide-react";
import { Button, cn } from "@vicinity/ui";

export interface MemberActionsProps {
  /** The member's name as shown: the buttons' accessible names ("Message Anna", "View Anna's profile"). */
  name: string;
  onMessage?: () => void;
  onViewProfile?: () => void;
  /** Visitors and guests: no Message button (decisions.md 1); `invitation`, if given, stands in its place. */
  limited?: boolean;
  invitation?: ReactNode;
  /** Where the pair stands in its card: spacing and the gap between the buttons. */
  className?: string;
  /** On the words "Message" and "Profile" (e.g. "max-sm:sr-only": the icons alone on phones). */
  labelClassName?: string;
}

/** A member's Message and Profile buttons, side by side (one column when he cannot be messaged). */
export function MemberActions({
  name,
  onMessage,
  onViewProfile,
  limited = false,
  invitation,
  className,
  labelClassName,
}: MemberActionsProps) {
  return (
    <div className={cn("grid", className, limited ? "grid-cols-1" : "grid-cols-2")}>
      {limited ? (
        invitation
      ) : (
        <Button size="sm" onClick={onMessage} aria-label={`Message ${name}`}>
          <MessageCircle aria-hidden />
          <span className={labelClassName}>Message</span>
        </Button>
      )}
      <Button size="sm" variant="secondary" onClick={onViewProfile} aria-label={`View ${name}'s profile`}>
        <UserRound aria-hidden />
        <span className={labelClassName}>Profile</span>
      </Button>
    </div>
  );
}
