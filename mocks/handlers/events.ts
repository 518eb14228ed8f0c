import { delay, http, HttpResponse } from "msw";
import {
  EVENTS_PAGE_SIZE,
  EVENT_PATHS,
  NOTIFICATION_PATHS,
  type ErrorBody,
  type EventPerson,
  type Notification,
  type VicinityEvent,
} from "@vicinity/contract";
import {
  attendeesFixture,
  CALENDAR_URL,
  eventFixture,
  eventId,
  EVENTS_NEARBY,
  meAsPerson,
  notificationsFixture,
} from "../fixtures/events";
import { mapHandlers } from "./map";

const fail = (status: number, message: string) => HttpResponse.json<ErrorBody>({ message }, { status });

function listOf(events: readonly VicinityEvent[], request: Request) {
  const url = new URL(request.url);
  const filter = url.searchParams.get("filter") ?? "all";
  const offset = Number(url.searchParams.get("cursor") ?? 0);
  let found = events.filter((e) =>
    filter === "going"
      ? e.myRsvp === "going" || e.myRsvp === "waitlisted"
      : filter === "hosting"
        ? e.isHost
        : !e.cancelledAt && !e.isPast,
  );
  if (url.searchParams.get("sort") === "nearest")
    found = [...found].sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0));
  const page = found.slice(offset, offset + EVENTS_PAGE_SIZE);
  return {
    events: page,
    nextCursor: offset + EVENTS_PAGE_SIZE < found.length ? String(offset + EVENTS_PAGE_SIZE) : null,
  };
}

/**
 * An events API over a set of events, as the server behaves: the list (filters, pages), an event,
 * its attendees, RSVP (going joins the waitlist when full), hosting, cancelling, reporting, the
 * calendar feed. Each call of the factory has its own state (one story's answers change only it).
 */
export function eventsApi(
  events: readonly VicinityEvent[] = EVENTS_NEARBY,
  options: { attendees?: EventPerson[]; saveError?: string } = {},
) {
  const store = new Map(events.map((e) => [e.id, { ...e }]));
  let listed = options.attendees ?? attendeesFixture;
  let feed = CALENDAR_URL;
  const find = (id: string) => store.get(id);
  return [
    http.get(EVENT_PATHS.events, ({ request }) => HttpResponse.json(listOf([...store.values()], request))),
    http.get("/api/events/:id/attendees", ({ params }) => {
      const e = find(String(params.id));
      return e ? HttpResponse.json({ goingCount: e.goingCount, listed }) : fail(404, "Event not found");
    }),
    http.get("/api/events/:id", ({ params }) => {
      const e = find(String(params.id));
      return e ? HttpResponse.json(e) : fail(404, "Event not found");
    }),
    http.put("/api/events/:id/rsvp", async ({ params, request }) => {
      const e = find(String(params.id));
      if (!e) return fail(404, "Event not found");
      if (e.cancelledAt) return fail(409, "This event was cancelled");
      const body = (await request.json()) as { status: "going" | "interested"; listed: boolean };
      const wasGoing = e.myRsvp === "going";
      if (wasGoing) e.goingCount -= 1;
      if (e.myRsvp === "interested") e.interestedCount -= 1;
      if (e.myRsvp === "waitlisted") e.waitlistCount -= 1;
      if (body.status === "interested") {
        e.myRsvp = "interested";
        e.interestedCount += 1;
      } else if (wasGoing || e.goingCount < e.capacity) {
        e.myRsvp = "going";
        e.goingCount += 1;
      } else {
        e.myRsvp = "waitlisted";
        e.waitlistCount += 1;
      }
      e.placesLeft = Math.max(0, e.capacity - e.goingCount);
      listed = listed.filter((p) => p.id !== meAsPerson.id);
      if (e.myRsvp === "going" && body.listed) listed = [...listed, meAsPerson];
      return HttpResponse.json(e);
    }),
    http.delete("/api/events/:id/rsvp", ({ params }) => {
      const e = find(String(params.id));
      if (!e) return fail(404, "Event not found");
      if (e.myRsvp === "going") e.goingCount -= 1;
      if (e.myRsvp === "interested") e.interestedCount -= 1;
      if (e.myRsvp === "waitlisted") e.waitlistCount -= 1;
      e.myRsvp = null;
      e.placesLeft = Math.max(0, e.capacity - e.goingCount);
      listed = listed.filter((p) => p.id !== meAsPerson.id);
      return HttpResponse.json(e);
    }),
    http.post("/api/events/:id/cancel", async ({ params, request }) => {
      const e = find(String(params.id));
      if (!e) return fail(404, "Event not found");
      const { reason } = (await request.json()) as { reason: string };
      Object.assign(e, { cancelledAt: new Date().toISOString(), cancelReason: reason });
      return HttpResponse.json(e);
    }),
    http.post("/api/events/:id/report", () => HttpResponse.json({ ok: true }, { status: 201 })),
    http.post(EVENT_PATHS.events, async ({ request }) => {
      if (options.saveError) return fail(400, options.saveError);
      const input = (await request.json()) as Record<string, unknown>;
      const created = eventFixture({
        ...(input as Partial<VicinityEvent>),
        id: eventId(900),
        host: meAsPerson,
        isHost: true,
        goingCount: 0,
        interestedCount: 0,
        placesLeft: Number(input.capacity),
        coverUrl: input.coverMediaId ? `/media/${String(input.coverMediaId)}` : null,
      });
      store.set(created.id, created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put("/api/events/:id", async ({ params, request }) => {
      const e = find(String(params.id));
      if (!e) return fail(404, "Event not found");
      if (options.saveError) return fail(400, options.saveError);
      Object.assign(e, (await request.json()) as Partial<VicinityEvent>);
      return HttpResponse.json(e);
    }),
    http.get(EVENT_PATHS.calendar, () => HttpResponse.json({ url: feed })),
    http.post(EVENT_PATHS.calendar, () => {
      feed = CALENDAR_URL.replace("Zk3m", "Pq8s");
      return HttpResponse.json({ url: feed });
    }),
    ...mapHandlers.base,
  ];
}

/** The events list in the states a screen shows. */
export const eventsHandlers = {
  success: () => eventsApi(),
  empty: () => eventsApi([]),
  loading: () => [
    http.get(EVENT_PATHS.events, async () => {
      await delay("infinite");
      return HttpResponse.json({ events: [], nextCursor: null });
    }),
    ...eventsApi(),
  ],
  error: () => [
    http.get(EVENT_PATHS.events, () => fail(503, "Events are unavailable right now. Try again in a moment.")),
    ...eventsApi(),
  ],
  /** An event that never arrives, or fails. */
  eventLoading: () => [
    http.get("/api/events/:id", async () => {
      await delay("infinite");
      return HttpResponse.json(null);
    }),
    ...eventsApi(),
  ],
  eventError: () => [
    http.get("/api/events/:id", () => fail(503, "Events are unavailable right now. Try again in a moment.")),
    ...eventsApi(),
  ],
};

/** The bell's list: some unread, none, or the calls answered with a mark-all-read. */
export function notificationsApi(list: Notification[] = notificationsFixture) {
  let current = list.map((n) => ({ ...n }));
  return [
    http.get(NOTIFICATION_PATHS.list, () =>
      HttpResponse.json({ notifications: current, unread: current.filter((n) => !n.readAt).length }),
    ),
    http.post(NOTIFICATION_PATHS.read, () => {
      current = current.map((n) => ({ ...n, readAt: n.readAt ?? new Date().toISOString() }));
      return HttpResponse.json({ ok: true });
    }),
  ];
}

export const notificationsHandlers = {
  unread: () => notificationsApi(),
  none: () => notificationsApi([]),
};
