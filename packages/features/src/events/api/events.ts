import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import {
  calendarFeedSchema,
  EVENT_PATHS,
  eventAttendeesSchema,
  eventListSchema,
  eventSchema,
  type EventFilter,
  type EventInput,
  type EventList,
  type VicinityEvent,
} from "@vicinity/contract";
import { ApiError, apiRequest } from "@vicinity/features/shared";

/** What a list of events asks the server for (GET /api/events). */
export interface EventsListParams {
  latitude: number;
  longitude: number;
  radius: number;
  filter: EventFilter;
  sort: "soonest" | "nearest";
  timeZone: string;
}

/** The events feature's query keys: other features invalidate through these. */
export const eventKeys = {
  all: ["events"] as const,
  lists: () => ["events", "list"] as const,
  list: (params: EventsListParams) => ["events", "list", params] as const,
  detail: (id: string) => ["events", "detail", id] as const,
  attendees: (id: string) => ["events", "attendees", id] as const,
  calendar: () => ["events", "calendar"] as const,
};

function listUrl(params: EventsListParams, cursor: string | null): string {
  const query = new URLSearchParams({
    latitude: String(params.latitude),
    longitude: String(params.longitude),
    radius: String(params.radius),
    filter: params.filter,
    sort: params.sort,
    timeZone: params.timeZone,
  });
  if (cursor) query.set("cursor", cursor);
  return `${EVENT_PATHS.events}?${query.toString()}`;
}

/** GET /api/events: one page of upcoming events near a point, and the cursor of the next. */
export async function getEvents(params: EventsListParams, cursor: string | null = null): Promise<EventList> {
  const response = await apiRequest("GET", listUrl(params, cursor));
  return eventListSchema.parse(await response.json());
}

/** The pages of events for a list (infinite scroll); null params: not asked yet (no position). */
export function useEventsList(params: EventsListParams | null) {
  return useInfiniteQuery({
    queryKey: eventKeys.list(
      params ?? { latitude: 0, longitude: 0, radius: 0, filter: "all", sort: "soonest", timeZone: "UTC" },
    ),
    queryFn: ({ pageParam }) => getEvents(params!, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: params !== null,
  });
}

export async function getEvent(id: string): Promise<VicinityEvent> {
  const response = await apiRequest("GET", EVENT_PATHS.event(id));
  return eventSchema.parse(await response.json());
}

const noRetryOn404 = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status === 404) && count < 1;

export function useEvent(id: string, enabled = true) {
  return useQuery({ queryKey: eventKeys.detail(id), queryFn: () => getEvent(id), retry: noRetryOn404, enabled });
}

export function useEventAttendees(id: string) {
  return useQuery({
    queryKey: eventKeys.attendees(id),
    queryFn: async () => eventAttendeesSchema.parse(await (await apiRequest("GET", EVENT_PATHS.attendees(id))).json()),
  });
}

/** An answer from the server that is the event as it is now: the page shows it, the lists refetch. */
function settle(queryClient: QueryClient, event: VicinityEvent) {
  queryClient.setQueryData(eventKeys.detail(event.id), event);
  void queryClient.invalidateQueries({ queryKey: eventKeys.attendees(event.id) });
  void queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
}

/** PUT /api/events/:id/rsvp (going or interested, listed or not) and DELETE (leave). */
export function useRsvp(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (answer: { status: "going" | "interested"; listed: boolean } | null) => {
      const response = answer
        ? await apiRequest("PUT", EVENT_PATHS.rsvp(id), answer)
        : await apiRequest("DELETE", EVENT_PATHS.rsvp(id));
      return eventSchema.parse(await response.json());
    },
    retry: false,
    onSuccess: (event) => settle(queryClient, event),
  });
}

/** POST /api/events (201) or PUT /api/events/:id: the event as stored. */
export function useSaveEvent(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EventInput) => {
      const response = id
        ? await apiRequest("PUT", EVENT_PATHS.event(id), input)
        : await apiRequest("POST", EVENT_PATHS.events, input);
      return eventSchema.parse(await response.json());
    },
    retry: false,
    onSuccess: (event) => settle(queryClient, event),
  });
}

export function useCancelEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reason: string) =>
      eventSchema.parse(await (await apiRequest("POST", EVENT_PATHS.cancel(id), { reason })).json()),
    retry: false,
    onSuccess: (event) => settle(queryClient, event),
  });
}

export function useReportEvent(id: string) {
  return useMutation({
    mutationFn: async (report: { reason: string; details: string }) => {
      await apiRequest("POST", EVENT_PATHS.report(id), report);
    },
    retry: false,
  });
}

/** GET /api/users/calendar: the member's private feed URL. */
export function useCalendarFeed() {
  return useQuery({
    queryKey: eventKeys.calendar(),
    queryFn: async () => calendarFeedSchema.parse(await (await apiRequest("GET", EVENT_PATHS.calendar)).json()),
  });
}

/** POST /api/users/calendar: a new secret; the old URL stops working. */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => calendarFeedSchema.parse(await (await apiRequest("POST", EVENT_PATHS.calendar)).json()),
    retry: false,
    onSuccess: (feed) => queryClient.setQueryData(eventKeys.calendar(), feed),
  });
}
