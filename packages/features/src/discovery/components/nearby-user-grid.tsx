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
import { useGridColumns, wholeRowsFrom, type GridColumns } from "../model/grid-columns";
import { NearbyUserCard, type NearbyGridView, type NearbyUserCardProps } from "./nearby-user-card";

/** Spec section 9: the Discover grid has 3 columns (on phones too, as the genre does). */
export const DISCOVER_GRID_COLUMNS = 3;

export interface NearbyUserGridProps extends Omit<NearbyUserCardProps, "user" | "eager"> {
  users: NearbyUser[];
  footer?: ReactNode;
  /**
   * An ad's place after every AD_GRID_EVERY cards (one per screenful; members only), or, where the
   * columns do not divide it (tiles in 5 columns), after the whole rows that first hold as many.
   */
  adSlot?: (index: number) => ReactNode;
}

/** The cards of the first draw: three rows, a phone's screenful. */
export const FIRST_DRAWN_CARDS = 9;
/** The tiles of the first draw (/browse): six rows of three, a phone's screenful and a little more. */
export const FIRST_DRAWN_TILES = 18;

/** Columns by view: the spec's 3 in the Discover Users tab; tiles, more as the screen widens. */
const GRID_CLASSES: Record<NearbyGridView, string> = {
  cards: "grid grid-cols-3 gap-2 sm:gap-4",
  tiles: "grid grid-cols-3 gap-1 sm:grid-cols-4 sm:gap-2 md:grid-cols-5 lg:grid-cols-6",
};
/** The columns GRID_CLASSES gives, by Tailwind's breakpoints (sm 40rem, md 48rem, lg 64rem): kept with them. */
const GRID_COLUMNS: Record<NearbyGridView, GridColumns> = {
  cards: { base: DISCOVER_GRID_COLUMNS, from: [] },
  tiles: {
    base: 3,
    from: [
      ["(min-width: 40rem)", 4],
      ["(min-width: 48rem)", 5],
      ["(min-width: 64rem)", 6],
    ],
  },
};
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
export function NearbyUserGrid({ users, footer, adSlot, view = "cards", ...cardProps }: NearbyUserGridProps) {
  const drawn = useDeferredValue(users);
  const first = view === "tiles" ? FIRST_DRAWN_TILES : FIRST_DRAWN_CARDS;
  const [count, setCount] = useState(first);
  const partial = drawn.length > count;
  useEffect(() => {
    if (partial) startTransition(() => setCount((n) => n + (view === "tiles" ? 2 : 1) * CARDS_PER_STEP));
  }, [partial, count, view]);
  const shown = useMemo(() => (partial ? drawn.slice(0, count) : drawn), [partial, drawn, count]);
  const drawing = partial || drawn !== users;
  // The ads' places (full width) follow whole rows: after a multiple of the columns there are now.
  const columns = useGridColumns(GRID_COLUMNS[view]);
  const adEvery = wholeRowsFrom(AD_GRID_EVERY, columns);
  return (
    <div>
      {/* data-drawing: the visual tests wait for the whole grid before a screenshot. */}
      <ul
        className={GRID_CLASSES[view]}
        aria-label="Members nearby"
        aria-busy={drawing || undefined}
        data-drawing={drawing ? "partial" : undefined}
      >
        <GridCards users={shown} adSlot={adSlot} adEvery={adEvery} view={view} first={first} {...cardProps} />
      </ul>
      {footer}
    </div>
  );
}

/** The cards and the ad places: drawn again only for a new list (or new handlers), not at every render of the page. */
const GridCards = memo(function GridCards({
  users,
  adSlot,
  adEvery,
  first,
  ...cardProps
}: Omit<NearbyUserGridProps, "footer"> & { adEvery: number; first: number }) {
  return users.map((user, i) => (
    <Fragment key={user.id}>
      <GridCard user={user} eager={i < first} {...cardProps} />
      {adSlot && (i + 1) % adEvery === 0 ? <AdPlace slot={adSlot} index={(i + 1) / adEvery - 1} /> : null}
    </Fragment>
  ));
});

/** One card of the grid: drawn again only when its member or its handlers change (not at each step). */
const GridCard = memo(function GridCard(props: NearbyUserCardProps) {
  return (
    <li
      className={
        props.view === "tiles"
          ? "[contain-intrinsic-size:auto_126px] [content-visibility:auto] sm:[contain-intrinsic-size:auto_180px]"
          : "[contain-intrinsic-size:auto_236px] [content-visibility:auto] sm:[contain-intrinsic-size:auto_360px]"
      }
    >
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
    <li ref={place} className="col-span-full empty:hidden">
      {near ? slot(index) : null}
    </li>
  );
}

/** The grid's shape while loading. */
export function NearbyUserGridSkeleton({ count, view = "cards" }: { count?: number; view?: NearbyGridView }) {
  const n = count ?? (view === "tiles" ? FIRST_DRAWN_TILES : FIRST_DRAWN_CARDS);
  return (
    <ul className={GRID_CLASSES[view]} aria-hidden>
      {Array.from({ length: n }, (_, i) =>
        view === "tiles" ? (
          <li key={i}>
            <Skeleton className="aspect-square w-full rounded-md" />
          </li>
        ) : (
          <li key={i} className="flex flex-col overflow-hidden rounded-lg border">
            <Skeleton className="aspect-square w-full rounded-none" />
            <div className="grid gap-2 p-2 sm:p-3">
              <Skeleton className="h-3 w-1/2" />
              <Skeleton className="h-7 w-full" />
            </div>
          </li>
        ),
      )}
    </ul>
  );
}
