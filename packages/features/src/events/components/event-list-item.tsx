import { Link } from "react-router";
import { Users } from "lucide-react";
import { EVENT_CATEGORY_LABELS, type VicinityEvent } from "@vicinity/contract";
import { cn } from "@vicinity/ui";
import { optimizedImageUrl } from "@vicinity/features/shared";
import { clockTime } from "../model/time";
import { EventStatusBadge, VenueLine } from "./event-status";

export interface EventListItemProps {
  event: VicinityEvent;
  timeZone: string;
  selected?: boolean;
  onHover?: (id: string | null) => void;
}

/** A row of the events list: time, cover, title, venue, distance, who is going. */
export function EventListItem({ event, timeZone, selected = false, onHover }: EventListItemProps) {
  return (
    <li onMouseEnter={() => onHover?.(event.id)} onMouseLeave={() => onHover?.(null)}>
      <Link
        to={`/events/${event.id}`}
        className={cn(
          "bg-card flex gap-3 rounded-lg border p-3 transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring",
          selected && "border-accent",
        )}
        data-testid="event-row"
      >
        <div className="flex w-14 shrink-0 flex-col items-center justify-center rounded-md bg-muted py-2 text-center">
          <span className="font-display text-base font-semibold">{clockTime(event.startsAt, timeZone)}</span>
        </div>
        {event.coverUrl ? (
          <img
            src={optimizedImageUrl(event.coverUrl, { w: 128, h: 128 })}
            alt=""
            width={64}
            height={64}
            className="size-16 shrink-0 rounded-md object-cover max-sm:hidden"
          />
        ) : null}
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <h3 className="truncate font-semibold">{event.title}</h3>
            <EventStatusBadge event={event} />
          </div>
          <VenueLine event={event} />
          <p className="mt-0.5 flex items-center gap-1 text-sm text-muted-foreground">
            <Users className="size-3.5 shrink-0" aria-hidden />
            {event.goingCount} going · {EVENT_CATEGORY_LABELS[event.category]}
          </p>
        </div>
      </Link>
    </li>
  );
}
