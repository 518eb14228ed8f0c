import { useMemo } from "react";
import { Link } from "react-router";
import { CalendarDays } from "lucide-react";
import { Button, EmptyState } from "@vicinity/ui";
import { serverMessageOr, FALLBACK_LOCATION, memberTimeZone } from "@vicinity/features/shared";
import { useEventsList } from "../api/events";
import { EventListItem } from "./event-list-item";
import { EventsError, EventsLoading, HostEventButton } from "./events-states";

/** How many of his next events the home shows. */
export const NEXT_EVENTS_SHOWN = 5;

/** The home's Events tab: the events he is going to (or waiting for), soonest first. */
export default function NextEventsList({ timeZone: givenZone }: { timeZone?: string }) {
  const timeZone = useMemo(() => givenZone ?? memberTimeZone(), [givenZone]);
  // "going" is his own answers wherever they are: the point only orders by distance, unused here.
  const list = useEventsList({ ...FALLBACK_LOCATION, radius: 50, filter: "going", sort: "soonest", timeZone });
  const events = list.data?.pages[0]?.events.slice(0, NEXT_EVENTS_SHOWN) ?? [];

  const footer = (
    <Button asChild variant="outline">
      <Link to="/events">See events near you</Link>
    </Button>
  );
  if (list.status === "pending") return <EventsLoading />;
  if (list.status === "error")
    return (
      <EventsError
        message={serverMessageOr(list.error, "Check your connection and try again.")}
        onRetry={() => void list.refetch()}
      />
    );
  if (events.length === 0) {
    return (
      <EmptyState
        icon={<CalendarDays aria-hidden />}
        title="No events yet"
        description="Events you're going to show up here."
        action={
          <>
            {footer}
            <HostEventButton variant="outline" />
          </>
        }
      />
    );
  }
  return (
    <section aria-labelledby="next-events-heading" className="grid gap-3">
      <h2 id="next-events-heading" className="font-display text-lg font-semibold">
        Your next events
      </h2>
      <ul className="grid gap-2">
        {events.map((event) => (
          <EventListItem key={event.id} event={event} timeZone={timeZone} />
        ))}
      </ul>
      <div>{footer}</div>
    </section>
  );
}
