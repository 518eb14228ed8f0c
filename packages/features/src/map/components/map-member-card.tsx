import { Link } from "react-router";
import { X, Zap } from "lucide-react";
import type { MapMember } from "@vicinity/contract";
import { Avatar, Button, cn } from "@vicinity/ui";
import { avatarUrl, formatCompatibility, MemberActions } from "@vicinity/features/shared";
import { formatMapDistance, memberName } from "../model/describe";

export interface MapMemberCardProps {
  member: MapMember;
  /** Visitors and guests: no messaging, an invitation instead (decisions.md 1). */
  limited?: boolean;
  onMessage?: (member: MapMember) => void;
  onViewProfile?: (member: MapMember) => void;
  onClose?: () => void;
  className?: string;
}

/** The member a marker or a row opened: name, age, distance, match, Message and Profile. */
export function MapMemberCard({
  member,
  limited = false,
  onMessage,
  onViewProfile,
  onClose,
  className,
}: MapMemberCardProps) {
  const name = memberName(member);
  const distance = formatMapDistance(member.distance);
  const match = formatCompatibility(member.compatibility);
  const facts = [member.age !== null ? `${member.age}` : null, member.isOnline ? "Online now" : null, distance]
    .filter(Boolean)
    .join(" · ");
  return (
    <section
      aria-label={`${name} on the map`}
      data-testid="map-member-card"
      className={cn("relative grid gap-3 rounded-xl border bg-surface p-4 text-foreground shadow-xl", className)}
    >
      <div className="flex items-center gap-3 pr-8">
        <Avatar
          name={name}
          src={member.thumbnailUrl && !limited ? avatarUrl(member.thumbnailUrl) : undefined}
          size="lg"
          online={member.isOnline}
        />
        <div className="min-w-0">
          <h2 className="truncate font-display text-lg font-semibold">{name}</h2>
          {facts ? <p className="text-sm text-muted-foreground">{facts}</p> : null}
          {match ? (
            <p className="truncate text-sm font-semibold text-accent-text" data-testid="match">
              {match}
            </p>
          ) : null}
        </div>
      </div>
      {member.rightNow ? (
        <p className="flex items-center gap-1.5 text-sm font-medium text-accent-text">
          <Zap className="size-4 shrink-0" aria-hidden />
          <span className="line-clamp-2">Right Now: {member.rightNow.note}</span>
        </p>
      ) : null}
      <MemberActions
        name={name}
        limited={limited}
        invitation={
          <Button asChild size="sm">
            <Link to="/join">Sign Up for Full Access</Link>
          </Button>
        }
        onMessage={() => onMessage?.(member)}
        onViewProfile={() => onViewProfile?.(member)}
        className="gap-2"
      />
      {onClose ? (
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X className="size-4" aria-hidden />
        </button>
      ) : null}
    </section>
  );
}
