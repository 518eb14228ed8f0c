import { MapPin } from "lucide-react";
import type { VicinityEvent } from "@vicinity/contract";
import { Badge } from "@vicinity/ui";

/** The viewer's standing with an event, in a word or two (cancelled and past first). */
export function EventStatusBadge({ event }: { event: VicinityEvent }) {
  if (event.cancelledAt) return <Badge variant="destructive">Cancelled</Badge>;
  if (event.isPast) return <Badge variant="outline">Ended</Badge>;
  if (event.isHost) return <Badge variant="accent">Hosting</Badge>;
  if (event.myRsvp === "going") return <Badge variant="success">Going</Badge>;
  if (event.myRsvp === "waitlisted") return <Badge variant="outline">Waitlist</Badge>;
  if (event.myRsvp === "interested") return <Badge variant="outline">Interested</Badge>;
  if (event.placesLeft === 0) return <Badge variant="default">Full</Badge>;
  return null;
}

/** "3 places left", "Full: 2 waiting", "12 going". */
export function placesText(event: Pick<VicinityEvent, "placesLeft" | "waitlistCount" | "capacity">): string {
  if (event.placesLeft === 0) return event.waitlistCount > 0 ? `Full: ${event.waitlistCount} on the waitlist` : "Full";
  return `${event.placesLeft} of ${event.capacity} ${event.placesLeft === 1 ? "place" : "places"} left`;
}

export function distanceText(km: number | null): string | null {
  if (km === null) return null;
  return km < 1 ? "under 1 km" : `${km.toLocaleString("en-US", { maximumFractionDigits: 1 })} km`;
}

/** "The Volstead · 2.4 km" with its pin icon. */
export function VenueLine({ event }: { event: Pick<VicinityEvent, "venueName" | "distance"> }) {
  const distance = distanceText(event.distance);
  return (
    <p className="mt-0.5 flex items-center gap-1 truncate text-sm text-muted-foreground">
      <MapPin className="size-3.5 shrink-0" aria-hidden />
      <span className="truncate">
        {event.venueName}
        {distance ? ` · ${distance}` : ""}
      </span>
    </p>
  );
}
