import { Fragment, startTransition, useEffect, useState, type ReactNode } from "react";
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

/**
 * The cards drawn with the answer, a screenful and more (4 rows); the rest follow in a transition,
 * which React renders in slices between which the page stays responsive. Drawn in one go, 50 cards
 * held a mid-range phone's main thread for about a second (bench/lighthouse: the signed-in home's
 * longest task).
 */
export const FIRST_DRAWN_CARDS = 12;

export function NearbyUserGrid({ users, footer, adSlot, ...cardProps }: NearbyUserGridProps) {
  const [complete, setComplete] = useState(false);
  const partial = !complete && users.length > FIRST_DRAWN_CARDS;
  useEffect(() => {
    if (partial) startTransition(() => setComplete(true));
  }, [partial]);
  const shown = partial ? users.slice(0, FIRST_DRAWN_CARDS) : users;
  return (
    <div>
      {/* data-drawing: the visual tests wait for the whole grid before a screenshot. */}
      <ul className="grid grid-cols-3 gap-2 sm:gap-4" aria-label="Members nearby" data-drawing={partial ? "partial" : undefined}>
        {shown.map((user, i) => (
          <Fragment key={user.id}>
            <li>
              <NearbyUserCard user={user} {...cardProps} />
            </li>
            {adSlot && (i + 1) % AD_GRID_EVERY === 0 ? (
              // Empty (no ad for him, or not yet) it takes no room.
              <li className="col-span-3 empty:hidden">{adSlot((i + 1) / AD_GRID_EVERY - 1)}</li>
            ) : null}
          </Fragment>
        ))}
      </ul>
      {footer}
    </div>
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
