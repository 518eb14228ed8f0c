import { useCallback, useRef, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { Navigation, SearchX, Sparkles, Zap } from "lucide-react";
import { NO_MEMBER_FILTERS, type NearbySort, type NearbyUser } from "@vicinity/contract";
import { Button, EmptyState, Spinner, ToggleChip } from "@vicinity/ui";
import { EXPAND_SEARCH_STEPS_KM, useNearbyUsers } from "../api/get-nearby-users";
import {
  MemberFiltersButton,
  useAdSlots,
  useMemberFilters,
  useMemberLocation,
  useNextPageSentinel,
  type MemberLocation,
} from "@vicinity/features/shared";
import { NearbyUserGrid, NearbyUserGridSkeleton } from "./nearby-user-grid";
import type { NearbyGridView } from "./nearby-user-card";

export interface DiscoveryPanelProps {
  /** Where the member is; when absent the panel asks the device (with the spec's fallback). */
  location?: MemberLocation | null;
  limited?: boolean;
  onMessage?: (user: NearbyUser) => void;
  onViewProfile?: (user: NearbyUser) => void;
  /** Cards (the home's Discover Users tab) or /browse's denser tiles. */
  view?: NearbyGridView;
}

/** The Discover Users tab (spec section 2): nearby members, their loading, empty and error states. */
export function DiscoveryPanel({
  location: given,
  limited,
  onMessage,
  onViewProfile,
  view = "cards",
}: DiscoveryPanelProps) {
  // Asks the device only when not given a location (the home asks, and shares, itself).
  const asked = useMemberLocation(given === undefined ? undefined : null);
  const location = given === undefined ? asked : given;
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [sort, setSort] = useState<NearbySort>("nearest");
  // Filters live in the address (and a member's are saved): a reload, a link or Back shows the same grid.
  const { filters, count: filterCount, apply: applyFilters } = useMemberFilters({ save: !limited });
  const rightNow = filters.rightNow;
  const radius = EXPAND_SEARCH_STEPS_KM[step] ?? EXPAND_SEARCH_STEPS_KM[0];
  const nearby = useNearbyUsers(
    location
      ? {
          latitude: location.latitude,
          longitude: location.longitude,
          radius,
          sort,
          filters: filterCount > 0 ? filters : undefined,
        }
      : null,
  );
  // Opening a card shows the member's profile; visitors and guests meet the sign-up invitation there.
  // Kept from render to render, as the ad places are: the grid redraws its cards only for a new list.
  const viewProfile = useCallback(
    (user: NearbyUser) => (onViewProfile ? onViewProfile(user) : void navigate(`/members/${user.id}`)),
    [onViewProfile, navigate],
  );
  const message = useCallback(
    (user: NearbyUser) => (onMessage ? onMessage(user) : void navigate(`/messages?to=${encodeURIComponent(user.id)}`)),
    [onMessage, navigate],
  );
  // The grid's ads come from the composition place (a member's pages); a visitor's grid has none.
  const adSlots = useAdSlots();
  const adSlot = limited ? undefined : adSlots?.grid;

  // Infinite scroll: the next page loads when the end of the grid comes into view.
  // (At the grid's very end: a screenful of cards is many pictures; the next comes as he reaches it.)
  const sentinel = useNextPageSentinel(nearby, { rootMargin: "0px" });

  // The toolbar stays while the grid below it changes state. An empty state's button goes with it when pressed:
  // focus then goes to the toolbar's control for what it changed, never to the page's body.
  const toolbarRef = useRef<HTMLDivElement>(null);
  const rightNowRef = useRef<HTMLDivElement>(null);
  const focusRightNow = () => rightNowRef.current?.querySelector("button")?.focus();
  // MemberFiltersButton's button: "Filters", or "Filters, 2 on".
  const focusFilters = () => toolbarRef.current?.querySelector<HTMLElement>('button[aria-label^="Filters"]')?.focus();

  const toolbar = (
    <div
      ref={toolbarRef}
      className="mb-4 flex flex-wrap items-center gap-2"
      role="toolbar"
      aria-label="Sort and filter"
    >
      {!limited ? (
        <div className="bg-card inline-flex rounded-pill border p-0.5" role="group" aria-label="Sort">
          <ToggleChip
            pressed={sort === "nearest"}
            onClick={() => setSort("nearest")}
            icon={<Navigation className="size-3.5" aria-hidden />}
          >
            Nearest
          </ToggleChip>
          <ToggleChip
            pressed={sort === "best"}
            onClick={() => setSort("best")}
            icon={<Sparkles className="size-3.5" aria-hidden />}
          >
            Best match
          </ToggleChip>
        </div>
      ) : null}
      <div ref={rightNowRef} className="bg-card inline-flex rounded-pill border p-0.5">
        <ToggleChip
          pressed={rightNow}
          onClick={() => applyFilters({ ...filters, rightNow: !rightNow })}
          icon={<Zap className="size-3.5" aria-hidden />}
        >
          Right Now
        </ToggleChip>
      </div>
      <MemberFiltersButton filters={filters} onApply={applyFilters} saved={!limited} />
    </div>
  );

  // What shows under the toolbar: the search under way, its error, nobody found, or the members.
  const busy = !location || nearby.status === "pending";
  let body: ReactNode;
  if (busy) {
    body = (
      <>
        <p role="status" className="flex items-center justify-center gap-2 text-muted-foreground">
          <Spinner size="sm" className="text-accent" />
          Finding amazing people nearby...
        </p>
        <NearbyUserGridSkeleton view={view} />
      </>
    );
  } else if (nearby.status === "error") {
    body = (
      <EmptyState
        title="Something went wrong"
        description={<span role="alert">{nearby.error.message}</span>}
        action={<Button onClick={() => void nearby.refetch()}>Try again</Button>}
      />
    );
  } else if (nearby.users.length === 0) {
    const next = EXPAND_SEARCH_STEPS_KM[step + 1];
    if (rightNow && filterCount === 1) {
      body = (
        <EmptyState
          icon={<Zap className="size-8" aria-hidden />}
          title="Nobody is Right Now nearby"
          description={`Nobody within ${radius} km is up for meeting right now. Set your own Right Now in your profile, or see everyone.`}
          action={
            <Button
              onClick={() => {
                focusRightNow();
                applyFilters({ ...filters, rightNow: false });
              }}
            >
              Show everyone
            </Button>
          }
        />
      );
    } else {
      // Nobody found: the search can be widened while there is a next step; filters on, they can be cleared.
      const filtered = filterCount > 0;
      const expand = next ? (
        <Button variant={filtered ? "outline" : "primary"} onClick={() => setStep((s) => s + 1)}>
          Expand Search
        </Button>
      ) : undefined;
      const description = filtered
        ? next
          ? `Nobody within ${radius} km matches them right now. Widen the search to ${next} km, or clear the filters.`
          : `Nobody within ${radius} km matches them right now. Clear the filters to see everyone.`
        : next
          ? `Nobody within ${radius} km right now. Widen the search to ${next} km?`
          : `Nobody within ${radius} km right now. Check back soon.`;
      body = (
        <EmptyState
          icon={<SearchX className="size-8" aria-hidden />}
          title={filtered ? "Nobody matches your filters" : "No Users Found"}
          description={description}
          action={
            filtered ? (
              <div className="flex flex-wrap justify-center gap-2">
                {expand}
                <Button
                  onClick={() => {
                    focusFilters();
                    applyFilters(NO_MEMBER_FILTERS);
                  }}
                >
                  Clear filters
                </Button>
              </div>
            ) : (
              expand
            )
          }
        />
      );
    }
  } else {
    body = (
      <>
        {location.source === "fallback" ? (
          <p className="mb-3 text-sm text-muted-foreground">
            Showing members near Jacksonville. Allow location for people near you.
          </p>
        ) : null}
        <NearbyUserGrid
          users={nearby.users}
          view={view}
          limited={limited}
          onMessage={message}
          onViewProfile={viewProfile}
          adSlot={adSlot}
          footer={
            <div ref={sentinel} className="flex justify-center py-6">
              {nearby.isFetchingNextPage ? <Spinner size="sm" label="Loading more members" /> : null}
              {nearby.hasNextPage && !nearby.isFetchingNextPage ? (
                <Button variant="outline" onClick={() => void nearby.fetchNextPage()}>
                  Show more
                </Button>
              ) : null}
            </div>
          }
        />
      </>
    );
  }

  // One wrapper, the toolbar its first child in every state: it is never drawn again (its focus stays).
  return (
    <section aria-label="Discover Users" aria-busy={busy || undefined} className={busy ? "grid gap-4" : undefined}>
      {location ? toolbar : null}
      {body}
    </section>
  );
}
