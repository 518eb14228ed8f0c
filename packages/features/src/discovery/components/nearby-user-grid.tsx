import {
  Fragment,
  memo,
  startTransition,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
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

/** The cards of the first draw: three rows, a phone's screenful. */
export const FIRST_DRAWN_CARDS = 9;
/**
 * The rest come a row at a time: each step's commit and layout stay a short task (bench/lighthouse:
 * three rows at a time made tasks of 20 to 60 ms at full speed, long ones on a mid-range phone).
 */
export const CARDS_PER_STEP = 3;

/**
 * The grid draws a phone's screenful with the answer and the rest a row at a time, each step
 * in a transition, which React renders in slices between which the page stays responsive; each
 * step's commit and layout stay short (bench/lighthouse: drawn in one go, the cards held a
 * mid-range phone's main thread for up to a second; 41 cards in one transition still made two
 * tasks of 150 ms at 4x, one to insert them, one to lay them out). A card already drawn is not
 * drawn again at the next step. A new list (a refresh, another sort) is drawn the same way, in a
 * deferred render, behind the cards on screen. Cached cards (a move back to the home) come at
 * once, without a skeleton.
 *
 * A card out of sight is not laid out or painted until it comes near (`content-visibility: auto`,
 * with a card's usual height until then): the grid's style and layout take half the time
 * (bench/lighthouse/layout-probe.ts, 50 cards on a phone: 26 ms at full speed, 13 ms with it).
 */
export function NearbyUserGrid({ users, footer, adSlot, ...cardProps }: NearbyUserGridProps) {
  const drawn = useDeferredValue(users);
  const [count, setCount] = useState(FIRST_DRAWN_CARDS);
  const partial = drawn.length > count;
  useEffect(() => {
    if (partial) startTransition(() => setCount((n) => n + CARDS_PER_STEP));
  }, [partial, count]);
  const shown = useMemo(() => (partial ? drawn.slice(0, count) : drawn), [partial, drawn, count]);
  const drawing = partial || drawn !== users;
  return (
    <div>
      {/* data-drawing: the visual tests wait for the whole grid before a screenshot. */}
      <ul
        className="grid grid-cols-3 gap-2 sm:gap-4"
        aria-label="Members nearby"
        aria-busy={drawing || undefined}
        data-drawing={drawing ? "partial" : undefined}
      >
        <GridCards users={shown} adSlot={adSlot} {...cardProps} />
      </ul>
      {footer}
    </div>
  );
}

/** The cards and the ad places: drawn again only for a new list (or new handlers), not at every render of the page. */
const GridCards = memo(function GridCards({ users, adSlot, ...cardProps }: Omit<NearbyUserGridProps, "footer">) {
  return users.map((user, i) => (
    <Fragment key={user.id}>
      <GridCard user={user} {...cardProps} />
      {adSlot && (i + 1) % AD_GRID_EVERY === 0 ? <AdPlace slot={adSlot} index={(i + 1) / AD_GRID_EVERY - 1} /> : null}
    </Fragment>
  ));
});

/** One card of the grid: drawn again only when its member or its handlers change (not at each step). */
const GridCard = memo(function GridCard(props: NearbyUserCardProps) {
  return (
    <li className="[contain-intrinsic-size:auto_229px] [content-visibility:auto] sm:[contain-intrinsic-size:auto_303px]">
      <NearbyUserCard {...props} />
    </li>
  );
});

/**
 * How near the card before an ad's place must come for the ad to be asked for: half a screen
 * above or below sight, as near as the browser's own drawing of cards out of sight.
 */
const AD_NEAR_MARGIN = "50% 0px";

/**
 * An ad's place after a row of cards. Its ad is asked for, and its code loaded, only when the card
 * before it comes near sight: the ads further down the grid cost the home's first load nothing,
 * and a member who never scrolls that far asks for none. Empty (not yet near,
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
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: AD_NEAR_MARGIN,
    });
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
