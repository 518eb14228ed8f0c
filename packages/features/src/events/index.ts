export { EventsPage, type EventsPageProps, type EventsLayout } from "./components/events-page";
export { EventPage, ADDRESS_FOR_GOING, type EventPageProps } from "./components/event-page";
export { EventFormPage, type EventFormPageProps } from "./components/event-form-page";
export { EventForm, type EventFormProps } from "./components/event-form";
export { CalendarFeedCard, CALENDAR_TITLE } from "./components/calendar-feed-card";
export { NextEvents } from "./components/next-events";
export { RsvpPanel, RSVP_STATUS_TEXT } from "./components/rsvp-panel";
export { NO_EVENTS } from "./components/events-states";
export { DEFAULT_EVENTS_FILTERS, FILTER_LABELS, type EventsFilters } from "./components/events-filters";
export {
  eventKeys,
  getEvent,
  getEvents,
  useEvent,
  useEventsList,
  useRsvp,
  useSaveEvent,
  useCancelEvent,
  useCalendarFeed,
  type EventsListParams,
} from "./api/events";
export { useWatchEvent } from "./api/use-watch-event";
export { dayHeader, eventTimeText, groupByDay } from "./model/time";
export {
  emptyEventForm,
  eventFormOf,
  validateEventForm,
  START_IN_FUTURE,
  type EventFormValues,
  type EventFormErrors,
} from "./model/form";
