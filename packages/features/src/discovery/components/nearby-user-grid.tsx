import { Fragment, type ReactNode } from "react";
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

export function NearbyUserGrid({ users, footer, adSlot, ...cardProps }: NearbyUserGridProps) {
  return (
    <div>
      <ul className="grid grid-cols-3 gap-2 sm:gap-4" aria-label="Members nearby">
        {users.map((user, i) => (
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
