import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  EVENT_PATHS,
  eventCancelSchema,
  eventInputSchema,
  eventReportSchema,
  eventsQuerySchema,
  rsvpRequestSchema,
  shownNameOf,
  type VicinityEvent,
} from "@vicinity/contract";
import type { AppContext } from "../http/context";
import { readFor } from "../http/reads";

import { badRequest, notFound, parseOr400, tooManyRequests } from "../http/errors";
import { Sealer } from "../http/sealed";
import { sendNotifications } from "../notifications/service";
import { fileReport } from "../reports/service";
import { toIcs, type IcsEvent } from "./ics";
import { calendarFeedNonce, findCalendarFeed, resetCalendarFeed } from "./calendar-feed";
import { eventViewerOf, type EventViewer } from "../policy/events";
import {
  calendarEvents,
  cancelEvent,
  createEvent,
  getEvent,
  listedAttendees,
  listEvents,
  setRsvp,
  updateEvent,
} from "./service";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Events a member may host in a day. */
export const EVENTS_PER_DAY = 10;

function eventId(request: FastifyRequest<{ Params: { id: string } }>): string {
  if (!UUID.test(request.params.id)) throw notFound("Event not found");
  return request.params.id;
}

/** The events' view of the request's viewer (policy/viewer.ts, resolved by the route group). */
const viewerOf = (request: FastifyRequest): EventViewer => eventViewerOf(request.viewer);

function icsOf(e: VicinityEvent, origin: string): IcsEvent {
  return {
    id: e.id,
    title: e.title,
    description: e.description,
    startsAt: new Date(e.startsAt),
    endsAt: new Date(e.endsAt),
    location: [e.venueName, e.address].filter(Boolean).join(", "),
    latitude: e.latitude,
    longitude: e.longitude,
    url: `${origin}/events/${e.id}`,
    cancelled: e.cancelledAt !== null,
    updatedAt: new Date(e.updatedAt),
    organizer: shownNameOf(e.host),
  };
}

/** The secret part of a member's calendar feed URL: HMAC(his id, his nonce). */
function feedToken(secret: string, userId: string, nonce: string): string {
  return `${userId}.${createHmac("sha256", secret).update(`calendar:${userId}.${nonce}`).digest("base64url")}`;
}

/** Events anyone may look at (visitors and guests too): the list, a page, its attendees, its .ics, a calendar feed. */
export function registerEventRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const cursors = new Sealer(config.sessionSecret, "events-cursor");
  // The app's address (APP_URL), never the request's Host header.
  const origin = config.appUrl;

  app.get(EVENT_PATHS.events, async (request) => {
    const query = parseOr400(eventsQuerySchema, request.query);
    let offset = 0;
    if (query.cursor) {
      const opened = cursors.open(query.cursor) as { offset?: unknown; filter?: unknown } | null;
      if (
        !opened ||
        typeof opened.offset !== "number" ||
        !Number.isInteger(opened.offset) ||
        opened.offset < 0 ||
        opened.offset > 10_000 ||
        opened.filter !== query.filter
      ) {
        throw badRequest("cursor is not valid");
      }
      offset = opened.offset;
    }
    const page = await readFor(ctx, request, (on) => listEvents(on, viewerOf(request), query, offset));
    return {
      events: page.events,
      nextCursor: page.more ? cursors.seal({ offset: offset + page.events.length, filter: query.filter }) : null,
    };
  });

  app.get<{ Params: { id: string } }>("/api/events/:id", async (request) =>
    getEvent(db, viewerOf(request), eventId(request)),
  );

  app.get<{ Params: { id: string } }>("/api/events/:id/attendees", async (request) => {
    const viewer = viewerOf(request);
    const event = await getEvent(db, viewer, eventId(request));
    const rows = await listedAttendees(db, viewer.id, event.id);
    return {
      goingCount: event.goingCount,
      listed: rows.map((r) => ({
        id: r.id,
        username: r.username,
        displayName: r.display_name ?? r.first_name,
        profileImageUrl: viewer.member ? r.profile_image_url : null,
      })),
    };
  });

  app.get<{ Params: { id: string } }>("/api/events/:id/calendar.ics", async (request, reply) => {
    const event = await getEvent(db, viewerOf(request), eventId(request));
    return reply
      .header("Content-Type", "text/calendar; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="vicinity-event-${event.id}.ics"`)
      .send(toIcs([icsOf(event, origin)]));
  });

  // The member's private feed: the events he is going to (and those he hosts), from 30 days back.
  app.get<{ Params: { token: string } }>("/api/calendar/:token", async (request, reply) => {
    const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})\.ics$/.exec(request.params.token);
    const feed = match?.[1] && UUID.test(match[1]) ? await findCalendarFeed(db, match[1]) : null;
    const expected = feed ? Buffer.from(feedToken(config.sessionSecret, feed.userId, feed.nonce)) : null;
    const given = Buffer.from(`${match?.[1] ?? ""}.${match?.[2] ?? ""}`);
    if (!feed || !expected || expected.length !== given.length || !timingSafeEqual(expected, given))
      throw notFound("Calendar not found");
    const list = await calendarEvents(db, feed.userId);
    return reply
      .header("Content-Type", "text/calendar; charset=utf-8")
      .header("Cache-Control", "private, no-cache")
      .send(
        toIcs(
          list.map((e) => icsOf(e, origin)),
          { name: "Vicinity events" },
        ),
      );
  });
}

/** Hosting, answering and reporting events, and the member's calendar feed: members only. */
export function registerEventMemberRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const hosting = ctx.limits.get("events-hosted", EVENTS_PER_DAY, 24 * 60 * 60_000);
  /** The sockets whose pages show it refetch it (places left, cancelled, edited). */
  const changed = (id: string) => ctx.notify.toEventWatchers(id);

  app.post(EVENT_PATHS.events, async (request, reply) => {
    const me = request.member;
    const input = parseOr400(eventInputSchema, request.body);
    const { allowed, retryAfter } = await hosting.take(me.id);
    if (!allowed) throw tooManyRequests(`You can host at most ${EVENTS_PER_DAY} events a day.`, retryAfter);
    const id = await createEvent(db, me.id, input);
    ctx.activity.record("eventHosted", me.id);
    return reply.status(201).send(await getEvent(db, { id: me.id, member: true }, id));
  });

  app.put<{ Params: { id: string } }>("/api/events/:id", async (request) => {
    const me = request.member;
    const id = eventId(request);
    const input = parseOr400(eventInputSchema, request.body);
    const { promoted, title } = await updateEvent(db, me.id, id, input);
    await sendNotifications(db, ctx.notify, promoted, "event_promoted", { eventId: id, title });
    changed(id);
    return getEvent(db, { id: me.id, member: true }, id);
  });

  app.post<{ Params: { id: string } }>("/api/events/:id/cancel", async (request) => {
    const me = request.member;
    const id = eventId(request);
    const { reason } = parseOr400(eventCancelSchema, request.body);
    const { told, title } = await cancelEvent(db, me.id, id, reason);
    await sendNotifications(db, ctx.notify, told, "event_cancelled", { eventId: id, title, reason });
    changed(id);
    return getEvent(db, { id: me.id, member: true }, id);
  });

  /** Going, interested, or no answer (null): those promoted from the waitlist are told. */
  const answer = async (
    request: FastifyRequest<{ Params: { id: string } }>,
    wanted: "going" | "interested" | null,
    listed?: boolean,
  ) => {
    const me = request.member;
    const id = eventId(request);
    const { promoted, title, answered } = await setRsvp(db, me.id, id, wanted, listed);
    if (answered) ctx.activity.record("rsvp", me.id);
    await sendNotifications(db, ctx.notify, promoted, "event_promoted", { eventId: id, title });
    changed(id);
    return getEvent(db, { id: me.id, member: true }, id);
  };
  app.put<{ Params: { id: string } }>("/api/events/:id/rsvp", async (request) => {
    const body = parseOr400(rsvpRequestSchema, request.body);
    return answer(request, body.status, body.listed);
  });
  app.delete<{ Params: { id: string } }>("/api/events/:id/rsvp", async (request) => answer(request, null));

  // Reports on events go to the same queue as reports on members (about the host, with the event).
  app.post<{ Params: { id: string } }>("/api/events/:id/report", async (request, reply) => {
    const me = request.member;
    const id = eventId(request);
    const body = parseOr400(eventReportSchema, request.body);
    const event = await getEvent(db, { id: me.id, member: true }, id);
    if (event.isHost) throw badRequest("You cannot report your own event");
    await fileReport(ctx, me.id, { kind: "event", reportedId: event.host.id, eventId: id }, body);
    return reply.status(201).send({ ok: true });
  });

  // The app's address (APP_URL), never the request's Host header: a forged one must not make the feed's secret URL point elsewhere.
  const feedUrl = (userId: string, nonce: string) =>
    `${config.appUrl}/api/calendar/${feedToken(config.sessionSecret, userId, nonce)}.ics`;

  app.get(EVENT_PATHS.calendar, async (request) => {
    const me = request.member;
    return { url: feedUrl(me.id, await calendarFeedNonce(db, me.id)) };
  });

  // A new secret: the old URL stops working at once.
  app.post(EVENT_PATHS.calendar, async (request) => {
    const me = request.member;
    return { url: feedUrl(me.id, await resetCalendarFeed(db, me.id)) };
  });
}
