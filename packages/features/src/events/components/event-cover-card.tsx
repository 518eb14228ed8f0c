import { Link } from "react-router";
import { CalendarDays } from "lucide-react";
import { EVENT_CATEGORY_LABELS, type VicinityEvent } from "@vicinity/contract";
import { Badge } from "@vicinity/ui";
import { optimizedImageUrl } from "@vicinity/features/shared";
import { dayHeader, clockTime } from "../model/time";
import { EventStatusBadge, VenueLine, placesText } from "./event-status";

/** A card of /events-modern: the cover art, the category as a chip, the day and place. */
export function EventCoverCard({ event, timeZone }: { event: VicinityEvent; timeZone: string }) {
  return (
    <li>
      <Link
        to={`/events/${event.id}`}
        className="group bg-card flex h-full flex-col overflow-hidden rounded-xl border transition-colors hover:border-accent focus-visible:outline-2 focus-visible:outline-ring"
        data-testid="event-card"
      >
        <div className="relative aspect-[16/9] bg-muted">
          {event.coverUrl ? (
            <img
              src={optimizedImageUrl(event.coverUrl, { w: 480, h: 270 })}
              alt=""
              width={480}
              height={270}
              className="size-full object-cover"
            />
          ) : (
            <div className="flex size-full items-center justify-center bg-gradient-to-br from-accent/40 to-muted">
              <CalendarDays className="size-10 text-foreground/70" aria-hidden />
            </div>
          )}
          <Badge variant="default" className="absolute top-2 left-2 shadow">
            {EVENT_CATEGORY_LABELS[event.category]}
          </Badge>
          <span className="absolute top-2 right-2">
            <EventStatusBadge event={event} />
          </span>
        </div>
        <div className="flex flex-1 flex-col gap-1 p-4">
          <p className="text-sm font-semibold text-accent-text">
            {dayHeader(event.startsAt, timeZone)} · {clockTime(event.startsAt, timeZone)}
          </p>
          <h2 className="font-display text-lg leading-snug font-semibold">{event.title}</h2>
          <VenueLine event={event} />
          <p className="mt-auto pt-2 text-sm text-muted-foreground">
            {event.goingCount} going · {placesText(event)}
          </p>
        </div>
      </Link>
    </li>
  );
}
