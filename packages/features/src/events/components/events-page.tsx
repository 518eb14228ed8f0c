import { useMemo, useState } from "react";
import { Link } from "react-router";
import { LayoutGrid, List } from "lucide-react";
import type { VicinityEvent } from "@vicinity/contract";
import { Button, Spinner } from "@vicinity/ui";
import {
  serverMessageOr,
  LazyEventsMap,
  useMemberLocation,
  type MemberLocation,
  memberTimeZone,
  useNextPageSentinel,
} from "@vicinity/features/shared";
import { useEventsList, type EventsListParams } from "../api/events";
import { groupByDay, dayHeader } from "../model/time";
import { CalendarFeedCard } from "./calendar-feed-card";
import { EventCoverCard } from "./event-cover-card";
import { EventListItem } from "./event-list-item";
import { DEFAULT_EVENTS_FILTERS, EventsFilterControls, EventsFilterSheet, type EventsFilters } from "./events-filters";
import { EventsEmpty, EventsError, EventsLoading, HostEventButton } from "./events-states";

export type EventsLayout = "mobile" | "desktop" | "modern";

export interface EventsPageProps {
  /** Phones: a list with day headers and a sheet of filters; wider: the list beside a map; modern: cover cards. */
  layout: EventsLayout;
  /** Stories fix the position; the app asks the device (the Jacksonville fallback when refused). */
  location?: MemberLocation | null;
  /** Stories fix the member's zone; the app takes the browser's. */
  timeZone?: string;
  /** Stories start with filters set. */
  initialFilters?: EventsFilters;
}

/** /events and /events-modern: upcoming events near the member, filtered, page after page. */
export function EventsPage({
  layout,
  location: given,
  timeZone: givenZone,
  initialFilters = DEFAULT_EVENTS_FILTERS,
}: EventsPageProps) {
  const asked = useMemberLocation(given === undefined ? undefined : null);
  const location = given === undefined ? asked : given;
  const timeZone = useMemo(() => givenZone ?? memberTimeZone(), [givenZone]);
  const [filters, setFilters] = useState(initialFilters);
  const [hovered, setHovered] = useState<string | null>(null);

  const params: EventsListParams | null = location
    ? { latitude: location.latitude, longitude: location.longitude, timeZone, ...filters }
    : null;
  const list = useEventsList(params);
  const events = useMemo(() => list.data?.pages.flatMap((p) => p.events) ?? [], [list.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const sentinel = useNextPageSentinel({ hasNextPage, isFetchingNextPage, fetchNextPage });

  const filterBar =
    layout === "mobile" ? (
      <EventsFilterSheet value={filters} onChange={setFilters} />
    ) : (
      <EventsFilterControls value={filters} onChange={setFilters} />
    );

  let body;
  if (!location || list.status === "pending") body = <EventsLoading variant={layout === "modern" ? "grid" : "list"} />;
  else if (list.status === "error")
    body = (
      <EventsError
        message={serverMessageOr(list.error, "Check your connection and try again.")}
        onRetry={() => void list.refetch()}
      />
    );
  else if (events.length === 0) body = <EventsEmpty />;
  else if (layout === "modern")
    body = (
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Events">
        {events.map((event) => (
          <EventCoverCard key={event.id} event={event} timeZone={timeZone} />
        ))}
      </ul>
    );
  else
    body = (
      <DayList
        events={events}
        timeZone={timeZone}
        sort={filters.sort}
        hovered={hovered}
        onHover={layout === "desktop" ? setHovered : undefined}
      />
    );

  // Where the device has not said (yet, or will not): the events are the spec's fallback area's.
  const areaNote =
    location?.source === "fallback" ? (
      <p className="text-sm text-muted-foreground">
        Showing events near Jacksonville. Allow location for events near you.
      </p>
    ) : null;

  const more = (
    <>
      <div ref={sentinel} aria-hidden className="h-px" />
      {isFetchingNextPage ? (
        <p role="status" className="flex items-center justify-center gap-2 py-3 text-sm text-muted-foreground">
          <Spinner size="sm" /> Loading more events…
        </p>
      ) : null}
      {list.isFetchNextPageError ? (
        <p role="alert" className="py-2 text-center text-sm text-destructive-text">
          More events could not be loaded.{" "}
          <Button variant="link" onClick={() => void fetchNextPage()}>
            Try again
          </Button>
        </p>
      ) : null}
    </>
  );

  const header = (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="font-display text-2xl font-bold sm:text-3xl">Events near you</h1>
      <div className="flex flex-wrap items-center gap-2">
        {layout === "modern" ? (
          <Button asChild variant="ghost" size="sm">
            <Link to="/events">
              <List aria-hidden /> List and map
            </Link>
          </Button>
        ) : (
          <Button asChild variant="ghost" size="sm">
            <Link to="/events-modern">
              <LayoutGrid aria-hidden /> Cover view
            </Link>
          </Button>
        )}
        <HostEventButton />
      </div>
    </div>
  );

  if (layout === "desktop") {
    const pins = events.map((e) => ({
      id: e.id,
      latitude: e.latitude,
      longitude: e.longitude,
      label: `${e.title}, ${dayHeader(e.startsAt, timeZone)}`,
    }));
    return (
      <main className="mx-auto grid w-full max-w-7xl flex-1 gap-4 px-4 py-6 lg:px-6">
        {header}
        {filterBar}
        <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
          <section aria-label="Events list" className="grid content-start gap-4">
            {areaNote}
            {body}
            {more}
            <CalendarFeedCard />
          </section>
          <div className="sticky top-4 h-[min(70dvh,640px)] max-md:hidden">
            {location ? (
              <LazyEventsMap
                center={location}
                zoom={11}
                pins={pins}
                selectedId={hovered}
                fit
                label="Map of events near you"
                className="h-full"
                onSelect={(id) => setHovered(id)}
              />
            ) : null}
          </div>
        </div>
      </main>
    );
  }

  return (
    <main className="mx-auto grid w-full max-w-6xl flex-1 content-start gap-4 px-3 py-6 sm:px-6">
      {header}
      {filterBar}
      <section aria-label="Events list" className="grid content-start gap-4">
        {areaNote}
        {body}
        {more}
      </section>
      <CalendarFeedCard />
    </main>
  );
}

/** The list under day headers ("Today", "Tomorrow", "Saturday 20 June"); by distance, one list. */
function DayList({
  events,
  timeZone,
  sort,
  hovered,
  onHover,
}: {
  events: VicinityEvent[];
  timeZone: string;
  sort: "soonest" | "nearest";
  hovered: string | null;
  onHover?: (id: string | null) => void;
}) {
  if (sort === "nearest") {
    return (
      <section aria-labelledby="events-nearest" className="grid gap-2">
        <h2 id="events-nearest" className="sr-only">
          Nearest first
        </h2>
        <ul className="grid gap-2">
          {events.map((event) => (
            <EventListItem
              key={event.id}
              event={event}
              timeZone={timeZone}
              selected={event.id === hovered}
              onHover={onHover}
            />
          ))}
        </ul>
      </section>
    );
  }
  return (
    <div className="grid gap-4">
      {groupByDay(events, timeZone).map((group, i) => (
        <section key={group.day} aria-labelledby={`events-day-${i}`} className="grid gap-2">
          <h2
            id={`events-day-${i}`}
            className="sticky top-0 z-10 bg-background/95 py-1 font-display text-sm font-semibold tracking-wide text-muted-foreground uppercase"
          >
            {group.day}
          </h2>
          <ul className="grid gap-2">
            {group.events.map((event) => (
              <EventListItem
                key={event.id}
                event={event}
                timeZone={timeZone}
                selected={event.id === hovered}
                onHover={onHover}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
