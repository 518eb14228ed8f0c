import { DeviceSwitch } from "@vicinity/features/shell";
import { EventsPage } from "@vicinity/features/events";

/** /events: a list with day headers on phones, the list beside a map otherwise. */
export function Events() {
  return <DeviceSwitch mobile={<EventsPage layout="mobile" />} desktop={<EventsPage layout="desktop" />} />;
}

/** /events-modern: the same events as cover-art cards. */
export function EventsModern() {
  return <EventsPage layout="modern" />;
}
