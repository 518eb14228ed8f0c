import { useMemo } from "react";
import { Link, useNavigate } from "react-router";
import { Button, EmptyState } from "@vicinity/ui";
import {
  ApiError,
  serverMessageOr,
  FALLBACK_LOCATION,
  FormPageFrame as Frame,
  FormPageWaiting,
  useMemberLocation,
  type MemberLocation,
  memberTimeZone,
} from "@vicinity/features/shared";
import { useEvent, useSaveEvent } from "../api/events";
import { emptyEventForm, eventFormOf, type EventFormValues } from "../model/form";
import { EventForm } from "./event-form";

export interface EventFormPageProps {
  /** Editing this event; none: hosting a new one. */
  id?: string;
  location?: MemberLocation | null;
  timeZone?: string;
  /** Stories start from filled (or wrongly filled) values. */
  initialValues?: Partial<EventFormValues>;
  showErrorsAtOnce?: boolean;
}

/** /events/new and /events/:id/edit. */
export function EventFormPage({
  id,
  location: given,
  timeZone: givenZone,
  initialValues,
  showErrorsAtOnce,
}: EventFormPageProps) {
  const navigate = useNavigate();
  const asked = useMemberLocation(given === undefined && !id ? undefined : null);
  const location = given === undefined ? asked : given;
  const timeZone = useMemo(() => givenZone ?? memberTimeZone(), [givenZone]);
  const save = useSaveEvent(id ?? null);
  const existing = useEvent(id ?? "", id !== undefined);
  const serverError = save.isError ? serverMessageOr(save.error, "The event was not saved. Try again.") : null;
  const onSubmit = (input: Parameters<typeof save.mutate>[0]) =>
    save.mutate(input, { onSuccess: (event) => navigate(`/events/${event.id}`) });

  if (!id) {
    if (!location && given === undefined) {
      return <FormPageWaiting title="Host an event" text="Finding where you are…" />;
    }
    const initial = { ...emptyEventForm(location ?? FALLBACK_LOCATION, timeZone), ...initialValues };
    return (
      <Frame title="Host an event">
        <EventForm
          initial={initial}
          creating
          submitting={save.isPending}
          serverError={serverError}
          onSubmit={onSubmit}
          showErrorsAtOnce={showErrorsAtOnce}
        />
      </Frame>
    );
  }

  if (existing.status === "pending") {
    return <FormPageWaiting title="Edit the event" text="Loading the event…" />;
  }
  if (existing.status === "error" || !existing.data.isHost || existing.data.cancelledAt || existing.data.isPast) {
    const notFound = existing.status === "error" && existing.error instanceof ApiError && existing.error.status === 404;
    const text =
      existing.status === "error"
        ? notFound
          ? "Event not found."
          : serverMessageOr(existing.error, "The event could not be loaded.")
        : !existing.data.isHost
          ? "Only the host can edit this event."
          : "A cancelled or past event cannot be edited.";
    return (
      <Frame title="Edit the event">
        <EmptyState
          title="You can't edit this event"
          description={<span role="alert">{text}</span>}
          action={
            <Button asChild variant="outline">
              <Link to={id ? `/events/${id}` : "/events"}>Back to the event</Link>
            </Button>
          }
        />
      </Frame>
    );
  }
  return (
    <Frame title="Edit the event">
      <EventForm
        key={existing.data.id}
        initial={{ ...eventFormOf(existing.data), ...initialValues }}
        creating={false}
        submitting={save.isPending}
        serverError={serverError}
        onSubmit={onSubmit}
        showErrorsAtOnce={showErrorsAtOnce}
      />
    </Frame>
  );
}
