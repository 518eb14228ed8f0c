import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Navigation, SearchX, Sparkles, Zap } from "lucide-react";
import { NO_MEMBER_FILTERS, type NearbySort, type NearbyUser } from "@vicinity/contract";
import { Button, EmptyState, Spinner, ToggleChip } from "@vicinity/ui";
import { EXPAND_SEARCH_STEPS_KM, useNearbyUsers } from "../api/get-nearby-users";
import { useAdSlots, useMemberLocation, type MemberLocation } from "@vicinity/features/shared";
import { NearbyUserGrid, NearbyUserGridSkeleton } from "./nearby-user-grid";
import type { NearbyGridView } from "./nearby-user-card";
import { GridFiltersButton } from "./grid-filters-sheet";
import { useGridFilters } from "../model/grid-filters";

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
  const { filters, count: filterCount, apply: applyFilters } = useGridFilters({ save: !limited });
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
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = nearby;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const toolbar = (
    <div className="mb-4 flex flex-wrap items-center gap-2" role="toolbar" aria-label="Sort and filter">
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
      <div className="bg-card inline-flex rounded-pill border p-0.5">
        <ToggleChip
          pressed={rightNow}
          onClick={() => applyFilters({ ...filters, rightNow: !rightNow })}
          icon={<Zap className="size-3.5" aria-hidden />}
        >
          Right Now
        </ToggleChip>
      </div>
      <GridFiltersButton filters={filters} onApply={applyFilters} saved={!limited} />
    </div>
  );

  if (!location || nearby.status === "pending") {
    return (
      <section aria-busy="true" className="grid gap-4">
        {location ? toolbar : null}
        <p role="status" className="flex items-center justify-center gap-2 text-muted-foreground">
          <Spinner size="sm" className="text-accent" />
          Finding amazing people nearby...
        </p>
        <NearbyUserGridSkeleton view={view} />
      </section>
    );
  }

  if (nearby.status === "error") {
    return (
      <>
        {toolbar}
        <EmptyState
          title="Something went wrong"
          description={<span role="alert">{nearby.error.message}</span>}
          action={<Button onClick={() => void nearby.refetch()}>Try again</Button>}
        />
      </>
    );
  }

  if (nearby.users.length === 0) {
    const next = EXPAND_SEARCH_STEPS_KM[step + 1];
    if (rightNow && filterCount === 1) {
      return (
        <>
          {toolbar}
          <EmptyState
            icon={<Zap className="size-8" aria-hidden />}
            title="Nobody is Right Now nearby"
            description={`Nobody within ${radius} km is up for meeting right now. Set your own Right Now in your profile, or see everyone.`}
            action={<Button onClick={() => applyFilters({ ...filters, rightNow: false })}>Show everyone</Button>}
          />
        </>
      );
    }
    if (filterCount > 0) {
      return (
        <>
          {toolbar}
          <EmptyState
            icon={<SearchX className="size-8" aria-hidden />}
            title="Nobody matches your filters"
            description={
              next
                ? `Nobody within ${radius} km matches them right now. Widen the search to ${next} km, or clear the filters.`
                : `Nobody within ${radius} km matches them right now. Clear the filters to see everyone.`
            }
            action={
              <div className="flex flex-wrap justify-center gap-2">
                {next ? (
                  <Button variant="outline" onClick={() => setStep((s) => s + 1)}>
                    Expand Search
                  </Button>
                ) : null}
                <Button onClick={() => applyFilters(NO_MEMBER_FILTERS)}>Clear filters</Button>
              </div>
            }
          />
        </>
      );
    }
    return (
      <>
        {toolbar}
        <EmptyState
          icon={<SearchX className="size-8" aria-hidden />}
          title="No Users Found"
          description={
            next
              ? `Nobody within ${radius} km right now. Widen the search to ${next} km?`
              : `Nobody within ${radius} km right now. Check back soon.`
          }
          action={next ? <Button onClick={() => setStep((s) => s + 1)}>Expand Search</Button> : undefined}
        />
      </>
    );
  }

  return (
    <section aria-label="Discover Users">
      {toolbar}
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
    </section>
  );
}
