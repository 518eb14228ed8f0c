import { useParams } from "react-router";
import { EventFormPage, EventPage } from "@vicinity/features/events";

/** /events/:id */
export function EventRoute() {
  const { id = "" } = useParams();
  return <EventPage key={id} id={id} />;
}

/** /events/new */
export function NewEventRoute() {
  return <EventFormPage />;
}

/** /events/:id/edit */
export function EditEventRoute() {
  const { id = "" } = useParams();
  return <EventFormPage key={id} id={id} />;
}
