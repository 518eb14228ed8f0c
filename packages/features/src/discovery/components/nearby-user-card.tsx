import { useId } from "react";
import { MapPin, Star, Zap } from "lucide-react";
import type { NearbyUser } from "@vicinity/contract";
import { Avatar, Card } from "@vicinity/ui";
import {
  MemberActions,
  thumbnailUrl,
  displayNameOf,
  formatAge,
  formatCompatibility,
  formatDistance,
} from "@vicinity/features/shared";

/**
 * How the grid shows its members: "cards", the dashboard's Discover Users tab (the spec's card:
 * picture, name, online dot, distance, age, match, Right Now, bio, Message and Profile; a star on his favorites); "tiles",
 * /browse's denser view of pictures alone (name, online dot and distance over each), which a tap
 * opens.
 */
export type NearbyGridView = "cards" | "tiles";

export interface NearbyUserCardProps {
  user: NearbyUser;
  onMessage?: (user: NearbyUser) => void;
  onViewProfile?: (user: NearbyUser) => void;
  /** Visitors and guests browse without messaging (decisions.md 1). */
  limited?: boolean;
  view?: NearbyGridView;
  /** In the first screenful: its picture loads at once, not when scrolled to. */
  eager?: boolean;
}

/** A member in the discovery grid (spec section 2, Dashboard): his picture first, as the genre does. */
export function NearbyUserCard({
  user,
  onMessage,
  onViewProfile,
  limited = false,
  view = "cards",
  eager = false,
}: NearbyUserCardProps) {
  const name = displayNameOf(user);
  const captionId = useId();
  // Visitors and guests keep no favorites.
  const starred = !limited && Boolean(user.isFavorite);
  if (view === "tiles") {
    return (
      <button
        type="button"
        onClick={() => onViewProfile?.(user)}
        aria-label={`View ${name}'s profile`}
        // Read after its name: online, distance (the caption over the picture).
        aria-describedby={captionId}
        className="group relative block aspect-square w-full overflow-hidden rounded-md bg-muted outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        data-testid="nearby-user-card"
        data-member-id={user.id}
      >
        <MemberPicture user={user} name={name} eager={eager} starred={starred} />
        <PictureCaption id={captionId} user={user} name={name} starred={starred} />
      </button>
    );
  }
  const age = formatAge(user.age);
  const match = formatCompatibility(user.compatibility);
  return (
    <Card
      variant="interactive"
      className="flex h-full flex-col overflow-hidden p-0"
      data-testid="nearby-user-card"
      data-member-id={user.id}
    >
      {/* Square on phones; wider than tall above, so a desktop's screen holds two rows of cards. */}
      <div className="relative aspect-square sm:aspect-[3/2]">
        <MemberPicture user={user} name={name} eager={eager} starred={starred} />
        <PictureCaption id={captionId} user={user} name={name} starred={starred} heading />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-2 sm:gap-1.5 sm:p-3">
        {age ? <p className="text-xs text-muted-foreground">{age}</p> : null}
        {match ? (
          // Two lines where the card is narrow: the reasons are what the figure means.
          <p className="line-clamp-2 text-xs leading-snug font-semibold text-accent-text" data-testid="match">
            {match}
          </p>
        ) : null}
        {user.rightNow ? (
          <p className="line-clamp-2 text-xs leading-snug font-medium text-accent-text">
            Right Now: {user.rightNow.note}
          </p>
        ) : null}
        {user.bio ? <p className="line-clamp-2 text-xs text-muted-foreground max-sm:hidden">{user.bio}</p> : null}
        <MemberActions
          name={name}
          limited={limited}
          onMessage={() => onMessage?.(user)}
          onViewProfile={() => onViewProfile?.(user)}
          className="mt-auto gap-1.5 pt-1"
          labelClassName="max-sm:sr-only"
        />
      </div>
    </Card>
  );
}

/**
 * His picture, the card's whole width (the thumbnail preset, 150x150, which every visitor may see),
 * or a large initial where he has none.
 */
function MemberPicture({
  user,
  name,
  eager,
  starred,
}: {
  user: NearbyUser;
  name: string;
  eager: boolean;
  starred: boolean;
}) {
  const src = user.profileImageUrl ? thumbnailUrl(user.profileImageUrl) : undefined;
  return (
    <>
      <Avatar
        name={name}
        src={src}
        size="fill"
        shape="square"
        loading={eager ? "eager" : "lazy"}
        className="absolute inset-0"
      />
      {starred ? (
        // His favorite (issue 38): a star in the corner, said after his name by the caption.
        <span
          aria-hidden
          data-testid="favorite-mark"
          className="absolute top-1.5 left-1.5 inline-flex rounded-full bg-black/55 p-1 text-white shadow-sm"
        >
          <Star className="size-3 fill-current" />
        </span>
      ) : null}
      {user.rightNow ? (
        <span className="absolute top-1.5 right-1.5 inline-flex items-center gap-0.5 rounded-pill bg-accent px-1.5 py-0.5 text-[0.625rem] font-bold text-accent-foreground uppercase shadow-sm">
          <Zap className="size-3" aria-hidden />
          <span>Now</span>
        </span>
      ) : null}
    </>
  );
}

/** Name, online dot and distance over the picture's foot, on a shade that keeps them readable. */
function PictureCaption({
  id,
  user,
  name,
  starred,
  heading = false,
}: {
  id: string;
  user: NearbyUser;
  name: string;
  starred: boolean;
  heading?: boolean;
}) {
  const Name = heading ? "h2" : "span";
  return (
    <span
      id={id}
      className="absolute inset-x-0 bottom-0 flex flex-col bg-linear-to-t from-black/85 via-black/55 to-transparent px-1.5 pt-5 pb-1 text-left text-white sm:px-2 sm:pb-1.5"
    >
      <Name className="flex min-w-0 items-center gap-1 text-sm leading-tight font-semibold">
        {user.isOnline ? (
          <span aria-hidden className="size-2 shrink-0 rounded-full bg-online ring-1 ring-black/40" />
        ) : null}
        <span className="truncate">{name}</span>
        {user.isOnline ? <span className="sr-only">, online</span> : null}
      </Name>
      {starred ? <span className="sr-only">Your favorite.</span> : null}
      <span className="flex items-start gap-0.5 text-[0.6875rem] leading-tight text-white/85">
        <MapPin className="mt-px size-3 shrink-0" aria-hidden />
        <span>{formatDistance(user)}</span>
      </span>
    </span>
  );
}
