import { useMemo, useState } from "react";
import { Link } from "react-router";
import { Ban, CalendarPlus, Clock, Flag, MapPin, Pencil, Share2, Users } from "lucide-react";
import { EVENT_CATEGORY_LABELS, EVENT_PATHS, type VicinityEvent } from "@vicinity/contract";
import { Avatar, Badge, Button, toast } from "@vicinity/ui";
import {
  avatarUrl,
  optimizedImageUrl,
  useAuth,
  memberTimeZone,
  CoverPageFailed,
  CoverPageLoading,
  LazyEventsMap,
} from "@vicinity/features/shared";
import { useEvent, useEventAttendees } from "../api/events";
import { useWatchEvent } from "../api/use-watch-event";
import { eventTimeText } from "../model/time";
import { CancelEventDialog, ReportEventDialog } from "./event-dialogs";
import { placesText } from "./event-status";
import { RsvpPanel } from "./rsvp-panel";

export const ADDRESS_FOR_GOING = "The address is shared with those going";

export interface EventPageProps {
  id: string;
  /** Stories fix the member's zone; the app takes the browser's. */
  timeZone?: string;
}

/** /events/:id: the event, kept current over the socket while it is open. */
export function EventPage({ id, timeZone: givenZone }: EventPageProps) {
  const query = useEvent(id);
  useWatchEvent(id);
  const timeZone = useMemo(() => givenZone ?? memberTimeZone(), [givenZone]);

  if (query.status === "pending")
    return <CoverPageLoading label="Loading the event…" width="max-w-4xl" coverClassName="aspect-[16/7]" />;
  if (query.status === "error") {
    return (
      <CoverPageFailed
        error={query.error}
        width="max-w-4xl"
        notFound={{
          title: "Event not found",
          description: "It may have been removed, or it is not shown to you.",
          to: "/events",
          label: "Back to events",
        }}
        failedTitle="The event could not be loaded"
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <EventDetails event={query.data} timeZone={timeZone} />;
}

async function share(event: VicinityEvent) {
  const url = `${window.location.origin}/events/${event.id}`;
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: event.title, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: "Link copied", description: url, variant: "success" });
  } catch {
    toast({ title: "Could not copy the link", description: url, variant: "destructive" });
  }
}

function EventDetails({ event, timeZone }: { event: VicinityEvent; timeZone: string }) {
  const auth = useAuth();
  const viewer = auth.status === "member" ? "member" : auth.status === "anonymous" ? "guest" : "visitor";
  const attendees = useEventAttendees(event.id);
  const [reporting, setReporting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const time = eventTimeText(event, timeZone);
  const hostName = event.host.displayName ?? event.host.username;
  // Listed unless he chose not to be (a first answer lists him).
  const listedMe =
    auth.status === "member" && (!event.myRsvp || (attendees.data?.listed.some((p) => p.id === auth.user.id) ?? true));
  const open = !event.cancelledAt && !event.isPast;

  return (
    <main className="mx-auto grid w-full max-w-5xl flex-1 content-start gap-6 px-3 py-6 sm:px-6">
      <div className="relative overflow-hidden rounded-xl bg-muted">
        {event.coverUrl ? (
          <img
            src={optimizedImageUrl(event.coverUrl, { w: 1200, h: 525 })}
            alt=""
            width={1200}
            height={525}
            className="aspect-[16/7] w-full object-cover"
          />
        ) : (
          <div className="aspect-[16/7] w-full bg-gradient-to-br from-accent/40 to-muted" aria-hidden />
        )}
      </div>

      {event.cancelledAt ? (
        <div
          role="status"
          className="rounded-lg border border-destructive/50 bg-destructive/10 p-4"
          data-testid="event-cancelled"
        >
          <p className="flex items-center gap-2 font-semibold text-destructive-text">
            <Ban className="size-4" aria-hidden /> This event was cancelled
          </p>
          {event.cancelReason ? <p className="mt-1 text-sm">{event.cancelReason}</p> : null}
        </div>
      ) : event.isPast ? (
        <p
          role="status"
          className="bg-card rounded-lg border p-4 font-semibold text-muted-foreground"
          data-testid="event-past"
        >
          This event has ended.
        </p>
      ) : null}

      <div className="grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-5">
          <div className="grid gap-2">
            <div className="flex flex-wrap gap-2">
              <Badge variant="default">{EVENT_CATEGORY_LABELS[event.category]}</Badge>
            </div>
            <h1 className="font-display text-3xl font-bold">{event.title}</h1>
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <span aria-hidden>
                <Avatar
                  name={hostName}
                  src={event.host.profileImageUrl ? avatarUrl(event.host.profileImageUrl, 32) : undefined}
                  size="sm"
                />
              </span>
              Hosted by{" "}
              <Link to={`/members/${event.host.id}`} className="font-semibold text-foreground hover:underline">
                {hostName}
              </Link>
            </p>
          </div>

          <div className="grid gap-1">
            <p className="flex items-start gap-2 font-semibold">
              <Clock className="mt-0.5 size-4 shrink-0 text-accent-text" aria-hidden />
              <span data-testid="event-time">{time.main}</span>
            </p>
            {time.venue ? <p className="pl-6 text-sm text-muted-foreground">({time.venue})</p> : null}
          </div>

          <div className="grid gap-1">
            <p className="flex items-start gap-2 font-semibold">
              <MapPin className="mt-0.5 size-4 shrink-0 text-accent-text" aria-hidden />
              {event.venueName}
            </p>
            <p className="pl-6 text-sm text-muted-foreground" data-testid="event-address">
              {event.address ?? ADDRESS_FOR_GOING}
            </p>
          </div>

          {event.description ? <p className="whitespace-pre-line">{event.description}</p> : null}

          <div className="h-56 overflow-hidden rounded-lg border">
            <LazyEventsMap
              center={event}
              zoom={14}
              pins={[
                {
                  id: event.id,
                  latitude: event.latitude,
                  longitude: event.longitude,
                  label: `${event.venueName} (approximate)`,
                },
              ]}
              label={`Map of ${event.venueName}`}
              className="h-full rounded-none"
            />
          </div>
        </div>

        <aside className="grid content-start gap-4" aria-label="Answer and share">
          <div className="bg-card grid gap-1 rounded-lg border p-4">
            <p className="flex items-center gap-2 font-semibold">
              <Users className="size-4 text-accent-text" aria-hidden /> {event.goingCount} going ·{" "}
              {event.interestedCount} interested
            </p>
            <p className="text-sm text-muted-foreground" data-testid="event-places">
              Capacity {event.capacity} · {placesText(event)}
            </p>
          </div>

          <RsvpPanel key={`${event.id}-${String(listedMe)}`} event={event} viewer={viewer} listed={listedMe} />

          <section aria-labelledby="going-heading" className="grid gap-2">
            <h2 id="going-heading" className="text-sm font-semibold">
              Who is going
            </h2>
            {attendees.data && attendees.data.listed.length > 0 ? (
              <ul className="grid gap-2">
                {attendees.data.listed.map((person) => {
                  const name = person.displayName ?? person.username;
                  return (
                    <li key={person.id} className="flex items-center gap-2 text-sm">
                      <span aria-hidden>
                        <Avatar
                          name={name}
                          src={person.profileImageUrl ? avatarUrl(person.profileImageUrl, 32) : undefined}
                          size="sm"
                        />
                      </span>
                      {viewer === "member" ? (
                        <Link to={`/members/${person.id}`} className="hover:underline">
                          {name}
                        </Link>
                      ) : (
                        name
                      )}
                    </li>
                  );
                })}
                {attendees.data.goingCount > attendees.data.listed.length ? (
                  <li className="text-sm text-muted-foreground">
                    and {attendees.data.goingCount - attendees.data.listed.length} more
                  </li>
                ) : null}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">
                {attendees.isPending
                  ? "Loading…"
                  : event.goingCount > 0
                    ? `${event.goingCount} going, none listed.`
                    : "Nobody yet."}
              </p>
            )}
          </section>

          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => void share(event)}>
              <Share2 aria-hidden /> Share
            </Button>
            {!event.cancelledAt ? (
              <Button asChild variant="outline" size="sm">
                <a href={EVENT_PATHS.ics(event.id)} download={`${event.title}.ics`}>
                  <CalendarPlus aria-hidden /> Add to calendar
                </a>
              </Button>
            ) : null}
            {viewer === "member" && !event.isHost ? (
              <Button variant="ghost" size="sm" onClick={() => setReporting(true)}>
                <Flag aria-hidden /> Report
              </Button>
            ) : null}
          </div>

          {event.isHost && open ? (
            <div className="flex flex-wrap gap-2 border-t pt-4" data-testid="host-actions">
              <Button asChild variant="secondary" size="sm">
                <Link to={`/events/${event.id}/edit`}>
                  <Pencil aria-hidden /> Edit
                </Link>
              </Button>
              <Button variant="destructive" size="sm" onClick={() => setCancelling(true)}>
                <Ban aria-hidden /> Cancel event
              </Button>
            </div>
          ) : null}
        </aside>
      </div>
      {reporting ? <ReportEventDialog event={event} open onOpenChange={setReporting} /> : null}
      {cancelling ? <CancelEventDialog event={event} open onOpenChange={setCancelling} /> : null}
    </main>
  );
}
