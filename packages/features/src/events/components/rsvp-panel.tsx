import { useState } from "react";
import { Link } from "react-router";
import { Check, Star, UserPlus, X } from "lucide-react";
import type { VicinityEvent } from "@vicinity/contract";
import { Button } from "@vicinity/ui";
import { serverMessageOr } from "@vicinity/features/shared";
import { useRsvp } from "../api/events";

export const RSVP_STATUS_TEXT = {
  going: "You're going",
  waitlisted: "You're on the waitlist",
  interested: "You're interested",
} as const;

export interface RsvpPanelProps {
  event: VicinityEvent;
  /** Visitors and guests look, but never answer (decisions.md, Roles). */
  viewer: "member" | "guest" | "visitor";
  /** Whether he is among the listed attendees (the toggle's state). */
  listed: boolean;
}

/** Going, interested, or leave; the waitlist when full; the listing toggle. */
export function RsvpPanel({ event, viewer, listed: listedNow }: RsvpPanelProps) {
  const rsvp = useRsvp(event.id);
  const [listed, setListed] = useState(listedNow);

  if (viewer !== "member") {
    return (
      <div className="bg-card grid gap-2 rounded-lg border p-4" data-testid="rsvp">
        <p className="text-sm text-muted-foreground">Members answer events and see who is going.</p>
        <Button asChild>
          <Link to="/join">Sign Up for Full Access</Link>
        </Button>
      </div>
    );
  }
  if (event.isHost) {
    return (
      <p className="bg-card rounded-lg border p-4 text-sm" data-testid="rsvp">
        You're hosting this event.
      </p>
    );
  }
  if (event.cancelledAt || event.isPast) return null;

  const mine = event.myRsvp;
  const full = event.placesLeft === 0 && mine !== "going";
  const answering = rsvp.isPending ? rsvp.variables : undefined;
  const answer = (status: "going" | "interested" | null) => rsvp.mutate(status ? { status, listed } : null);

  return (
    <div className="bg-card grid gap-3 rounded-lg border p-4" data-testid="rsvp">
      {mine ? (
        <p role="status" className="font-semibold text-accent-text">
          {RSVP_STATUS_TEXT[mine]}
          {mine === "waitlisted" ? ": you'll get a place, and a notification, if one frees up." : "."}
        </p>
      ) : full ? (
        <p className="text-sm text-muted-foreground">
          This event is full. Join the waitlist to get the next free place.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {mine !== "going" && mine !== "waitlisted" ? (
          <Button
            onClick={() => answer("going")}
            busy={answering?.status === "going"}
            busyLabel={full ? "Joining..." : "Saving..."}
            disabled={rsvp.isPending}
          >
            {full ? <UserPlus aria-hidden /> : <Check aria-hidden />} {full ? "Join waitlist" : "Going"}
          </Button>
        ) : null}
        {mine !== "interested" ? (
          <Button
            variant="outline"
            onClick={() => answer("interested")}
            busy={answering?.status === "interested"}
            busyLabel="Saving..."
            disabled={rsvp.isPending}
          >
            <Star aria-hidden /> Interested
          </Button>
        ) : null}
        {mine ? (
          <Button
            variant="ghost"
            onClick={() => answer(null)}
            busy={rsvp.isPending && answering === null}
            busyLabel="Leaving..."
            disabled={rsvp.isPending}
          >
            <X aria-hidden /> Leave
          </Button>
        ) : null}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={listed}
          onChange={(e) => {
            setListed(e.target.checked);
            if (mine === "going" || mine === "waitlisted") rsvp.mutate({ status: "going", listed: e.target.checked });
            else if (mine === "interested") rsvp.mutate({ status: "interested", listed: e.target.checked });
          }}
          className="size-4 accent-[var(--color-accent)]"
        />
        List me among those going
      </label>
      {rsvp.isError ? (
        <p role="alert" className="text-sm text-destructive-text">
          {serverMessageOr(rsvp.error, "Your answer was not saved. Try again.")}
        </p>
      ) : null}
    </div>
  );
}
