import { MapPin, MessageCircle, UserRound, Zap } from "lucide-react";
import type { NearbyUser } from "@vicinity/contract";
import { Avatar, Button, Card } from "@vicinity/ui";
import { thumbnailUrl, displayNameOf, formatAge, formatCompatibility, formatDistance } from "@vicinity/features/shared";

export interface NearbyUserCardProps {
  user: NearbyUser;
  onMessage?: (user: NearbyUser) => void;
  onViewProfile?: (user: NearbyUser) => void;
  /** Visitors and guests browse without messaging (decisions.md 1). */
  limited?: boolean;
}

/** A member in the discovery grid (spec section 2, Dashboard). */
export function NearbyUserCard({ user, onMessage, onViewProfile, limited = false }: NearbyUserCardProps) {
  const name = displayNameOf(user);
  const age = formatAge(user.age);
  const match = formatCompatibility(user.compatibility);
  // The thumbnail preset (150x150): enough for the card's 96 px avatar, and all visitors may see.
  const src = user.profileImageUrl ? thumbnailUrl(user.profileImageUrl) : undefined;
  return (
    <Card
      variant="interactive"
      className="flex h-full flex-col gap-2 p-2 sm:gap-3 sm:p-4"
      data-testid="nearby-user-card"
      data-member-id={user.id}
    >
      <div className="relative flex justify-center">
        {/* lg on phones, xl above: the online dot keeps in proportion. */}
        <Avatar name={name} src={src} size="lg-xl" online={user.isOnline} />
        {user.rightNow ? (
          <span className="absolute -top-1 right-0 inline-flex items-center gap-0.5 rounded-pill bg-accent px-1.5 py-0.5 text-[0.625rem] font-bold text-accent-foreground uppercase">
            <Zap className="size-3" aria-hidden />
            <span>Now</span>
          </span>
        ) : null}
      </div>
      <div className="min-w-0 text-center">
        <h2 className="truncate text-sm font-semibold sm:text-base">{name}</h2>
        <p className="flex items-center justify-center gap-1 text-xs leading-tight text-muted-foreground">
          <MapPin className="size-3 shrink-0" aria-hidden />
          <span>{formatDistance(user)}</span>
        </p>
        {age ? <p className="text-xs text-muted-foreground">{age}</p> : null}
        {match ? (
          <p className="mt-0.5 truncate text-xs font-semibold text-accent-text" data-testid="match" title={match}>
            {match}
          </p>
        ) : null}
      </div>
      {user.rightNow ? (
        <p className="line-clamp-1 text-center text-xs font-medium text-accent-text" title={user.rightNow.note}>
          Right Now: {user.rightNow.note}
        </p>
      ) : null}
      {user.bio ? (
        <p className="line-clamp-2 text-center text-xs text-muted-foreground max-sm:hidden">{user.bio}</p>
      ) : null}
      <div className="mt-auto grid gap-1.5 sm:grid-cols-2">
        {!limited ? (
          <Button size="sm" onClick={() => onMessage?.(user)} aria-label={`Message ${name}`}>
            <MessageCircle aria-hidden />
            <span className="max-sm:sr-only">Message</span>
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onViewProfile?.(user)}
          aria-label={`View ${name}'s profile`}
          className={limited ? "sm:col-span-2" : undefined}
        >
          <UserRound aria-hidden />
          <span className="max-sm:sr-only">Profile</span>
        </Button>
      </div>
    </Card>
  );
}
