import { Fragment, memo, useDeferredValue, useEffect, useRef, useState, type ReactNode } from "react";
import { AD_GRID_EVERY, type NearbyUser } from "@vicinity/contract";
import { Skeleton } from "@vicinity/ui";
import { NearbyUserCard, type NearbyUserCardProps } from "./nearby-user-card";

/** Spec section 9: the Discover grid has 3 columns (on phones too, as the genre does). */
export const DISCOVER_GRID_COLUMNS = 3;

export interface NearbyUserGridProps extends Omit<NearbyUserCardProps, "user"> {
  users: NearbyUser[];
  footer?: ReactNode;
  /** An ad's place after every AD_GRID_EVERY cards (one per screenful; members only). */
  adSlot?: (index: number) => ReactNode;
}

const NOTHING_DRAWN: NearbyUser[] = [];

/**
 * The cards are drawn in a deferred render: React draws them in slices between which the page
 * stays responsive, and shows them once all are drawn (the skeleton meanwhile, at first). Drawn
 * with the answer, in one go, the cards held a mid-range phone's main thread for up to a second
 * (bench/lighthouse: the signed-in home's longest tasks). A refresh that changes the list is drawn
 * the same way, behind the cards on screen.
 *
 * A card out of sight is not laid out or painted until it comes near (`content-visibility: auto`,
 * with a card's usual height until then): the grid's style and layout take half the time
 * (bench/lighthouse/layout-probe.ts, 50 cards on a phone: 26 ms at full speed, 13 ms with it).
 */
export function NearbyUserGrid({ users, footer, adSlot, ...cardProps }: NearbyUserGridProps) {
  const drawn = useDeferredValue(users, NOTHING_DRAWN);
  const drawing = drawn !== users;
  if (drawn.length === 0 && users.length > 0) {
    return (
      <div data-drawing="partial" aria-busy="true">
        <NearbyUserGridSkeleton />
      </div>
    );
  }
  return (
    <div>
      {/* data-drawing: the visual tests wait for the whole grid before a screenshot. */}
      <ul className="grid grid-cols-3 gap-2 sm:gap-4" aria-label="Members nearby" aria-busy={drawing || undefined} data-drawing={drawing ? "partial" : undefined}>
        <GridCards users={drawn} adSlot={adSlot} {...cardProps} />
      </ul>
      {footer}
    </div>
  );
}

/** The cards and the ad places: drawn again only for a new list (or new handlers), not at every render of the page. */
const GridCards = memo(function GridCards({ users, adSlot, ...cardProps }: Omit<NearbyUserGridProps, "footer">) {
  return users.map((user, i) => (
    <Fragment key={user.id}>
      <li className="[contain-intrinsic-size:auto_229px] [content-visibility:auto] sm:[contain-intrinsic-size:auto_303px]">
        <NearbyUserCard user={user} {...cardProps} />
      </li>
      {adSlot && (i + 1) % AD_GRID_EVERY === 0 ? <AdPlace slot={adSlot} index={(i + 1) / AD_GRID_EVERY - 1} /> : null}
    </Fragment>
  ));
});

/**
 * How near the card before an ad's place must come for the ad to be asked for: half a screen
 * above or below sight, as near as the browser's own drawing of cards out of sight.
 */
export const AD_NEAR_MARGIN = "50% 0px";

/**
 * An ad's place after a row of cards. Its ad is asked for, and its code loaded, only when the card
 * before it comes near sight: the ads further down the grid cost the home's first load nothing
 * (issue 9, item 2), and a member who never scrolls that far asks for none. Empty (not yet near,
 * no ad for him, or not yet answered) it takes no room.
 */
function AdPlace({ slot, index }: { slot: (index: number) => ReactNode; index: number }) {
  const place = useRef<HTMLLIElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near) return;
    // The place itself has no box while empty: the card before it says where it is.
    const card = place.current?.previousElementSibling;
    if (!card || typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: AD_NEAR_MARGIN });
    observer.observe(card);
    return () => observer.disconnect();
  }, [near]);
  return (
    <li ref={place} className="col-span-3 empty:hidden">
      {near ? slot(index) : null}
    </li>
  );
}

/** The grid's shape while loading. */
export function NearbyUserGridSkeleton({ count = 9 }: { count?: number }) {
  return (
    <ul className="grid grid-cols-3 gap-2 sm:gap-4" aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="flex flex-col items-center gap-2 rounded-lg border p-3">
          <Skeleton className="size-14 rounded-full sm:size-20" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3 w-1/2" />
        </li>
      ))}
    </ul>
  );
}
