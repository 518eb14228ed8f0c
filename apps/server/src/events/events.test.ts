import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  eventListSchema,
  eventSchema,
  notificationListSchema,
  type EventInput,
  type VicinityEvent,
} from "@vicinity/contract";
import type { BuiltServer } from "../app";
import { eventRsvps, events, notifications, reports, users } from "../db/schema";
import { apiCaller, guestCookie, registerMember, testEngines, useListeningServer } from "../test/harness";
import { CITY, offset } from "../test/geo";
import { eventInput, HOUR_MS, inHours } from "../test/inputs";
import { closeOpenSockets, connected, emitAck, nextEvent, socketFor } from "../test/sockets";
import { claimReminders, setRsvp } from "./service";
import { foldLine } from "./ics";

afterEach(closeOpenSockets);

describe.each(testEngines())("events (%s)", (engine) => {
  const t = useListeningServer(engine);
  let server: BuiltServer;
  beforeAll(() => {
    server = t.server;
  });

  const call = apiCaller(() => t.server);
  const host = async (cookie: string, over: Partial<EventInput> = {}) => {
    const res = await call("POST", "/api/events", cookie, eventInput(over));
    expect(res.statusCode, res.body).toBe(201);
    return eventSchema.parse(res.json());
  };
  const list = async (query: string, cookie?: string) => {
    const res = await call("GET", `/api/events?latitude=${CITY.latitude}&longitude=${CITY.longitude}&${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return eventListSchema.parse(res.json());
  };

  it("a member hosts an event; anyone nearby finds it, at its snapped pin, soonest or nearest first", async () => {
    const alex = await registerMember(server, "alex@example.com");
    const later = await host(alex.cookie, {
      title: "Later and nearer",
      startsAt: inHours(48),
      endsAt: inHours(50),
      ...offset(0.5, 10),
    });
    const sooner = await host(alex.cookie, {
      title: "Sooner and farther",
      startsAt: inHours(5),
      endsAt: inHours(6),
      ...offset(9, 200),
    });
    expect(sooner).toMatchObject({
      isHost: true,
      goingCount: 0,
      placesLeft: 20,
      myRsvp: null,
      cancelledAt: null,
      isPast: false,
    });
    // The pin is the venue's snapped position, not the one the host placed.
    const placed = offset(9, 200);
    expect(sooner.latitude).not.toBe(placed.latitude);
    expect(Math.abs(sooner.latitude - placed.latitude)).toBeLessThan(0.01);

    expect((await list("sort=soonest")).events.map((e) => e.id)).toEqual([sooner.id, later.id]);
    expect((await list("sort=nearest")).events.map((e) => e.id)).toEqual([later.id, sooner.id]);
    expect((await list("radius=5")).events.map((e) => e.id)).toEqual([later.id]);
    // Visitors and guests look too.
    const guest = await guestCookie(server);
    expect((await list("", guest)).events).toHaveLength(2);
    expect((await call("GET", `/api/events/${later.id}`)).statusCode).toBe(200);
  });

  it("answers every mistake of the host's form with 400 and a message, and stores nothing", async () => {
    const alex = await registerMember(server, "form@example.com");
    const cases: Array<[Partial<EventInput> | Record<string, unknown>, RegExp]> = [
      [{ endsAt: inHours(23) }, /end must be after the start/],
      [{ startsAt: inHours(-2), endsAt: inHours(1) }, /start must be in the future/],
      [{ capacity: 0 }, /capacity must be from 1 to 10,000/],
      [{ capacity: 10_001 }, /capacity must be from 1 to 10,000/],
      [{ capacity: 2.5 }, /whole number/],
      [{ title: "ab" }, /at least 3/],
      [{ title: "x".repeat(101) }, /at most 100/],
      [{ description: "x".repeat(4001) }, /at most 4000/],
      [{ venueName: "" }, /Venue is required/],
      [{ timeZone: "Mars/Olympus" }, /time zone/],
      [{ category: "orgy" }, /category must be one of/],
      [{ latitude: 91 }, /latitude/],
      [{ endsAt: inHours(24 + 8 * 24) }, /at most 7 days/],
      [{ coverMediaId: "00000000-0000-4000-8000-000000000000" }, /upload it first/],
      [{ title: "Beach\u0000party" }, /control characters/],
    ];
    for (const [over, message] of cases) {
      const res = await call("POST", "/api/events", alex.cookie, { ...eventInput(), ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect((res.json() as { message: string }).message, JSON.stringify(over)).toMatch(message);
    }
    expect(await t.database.db.select().from(events)).toEqual([]);
    // Guests and visitors never host.
    expect((await call("POST", "/api/events", await guestCookie(server), eventInput())).statusCode).toBe(403);
    expect((await call("POST", "/api/events", undefined, eventInput())).statusCode).toBe(401);
  });

  it("with capacity 1 a second member waits, and is promoted (and told) when the first leaves", async () => {
    const hostM = await registerMember(server, "host1@example.com");
    const ben = await registerMember(server, "ben@example.com");
    const carl = await registerMember(server, "carl@example.com");
    const event = await host(hostM.cookie, { capacity: 1 });
    const rsvp = async (cookie: string, status: string) =>
      eventSchema.parse((await call("PUT", `/api/events/${event.id}/rsvp`, cookie, { status })).json());
    expect(await rsvp(ben.cookie, "going")).toMatchObject({ myRsvp: "going", goingCount: 1, placesLeft: 0 });
    expect(await rsvp(carl.cookie, "going")).toMatchObject({ myRsvp: "waitlisted", goingCount: 1, waitlistCount: 1 });
    // The host cannot answer his own event; guests cannot answer at all.
    expect((await call("PUT", `/api/events/${event.id}/rsvp`, hostM.cookie, { status: "going" })).statusCode).toBe(400);
    expect(
      (await call("PUT", `/api/events/${event.id}/rsvp`, await guestCookie(server), { status: "going" })).statusCode,
    ).toBe(403);
    expect((await call("PUT", `/api/events/${event.id}/rsvp`, ben.cookie, { status: "maybe" })).statusCode).toBe(400);

    const left = await call("DELETE", `/api/events/${event.id}/rsvp`, ben.cookie);
    expect(eventSchema.parse(left.json())).toMatchObject({ myRsvp: null, goingCount: 1, waitlistCount: 0 });
    expect(eventSchema.parse((await call("GET", `/api/events/${event.id}`, carl.cookie)).json()).myRsvp).toBe("going");
    const told = notificationListSchema.parse((await call("GET", "/api/notifications", carl.cookie)).json());
    expect(told.unread).toBe(1);
    expect(told.notifications[0]).toMatchObject({
      kind: "event_promoted",
      data: { eventId: event.id, title: "Beach volleyball" },
    });
    expect((await call("POST", "/api/notifications/read", carl.cookie)).statusCode).toBe(200);
    expect(notificationListSchema.parse((await call("GET", "/api/notifications", carl.cookie)).json()).unread).toBe(0);
  });

  it("50 simultaneous RSVPs for 10 places: exactly 10 going and 40 waiting", async () => {
    const hostM = await registerMember(server, "host50@example.com");
    const event = await host(hostM.cookie, { capacity: 10 });
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const [row] = await t.database.db
        .insert(users)
        .values({
          email: `rsvp${i}@example.com`,
          username: `rsvp${i}`,
          passwordHash: "x",
          locationSecret: randomBytes(8).toString("hex"),
        })
        .returning({ id: users.id });
      ids.push(row!.id);
    }
    const answers = await Promise.all(ids.map((id) => setRsvp(t.database.db, id, event.id, "going")));
    expect(answers.filter((a) => a.status === "going")).toHaveLength(10);
    expect(answers.filter((a) => a.status === "waitlisted")).toHaveLength(40);
    const rows = await t.database.db.select().from(eventRsvps).where(eq(eventRsvps.eventId, event.id));
    expect(rows.filter((r) => r.status === "going")).toHaveLength(10);
    expect(rows.filter((r) => r.status === "waitlisted")).toHaveLength(40);
    // Five leave at once: the first five waiting move up, and still never more than 10.
    const leaving = rows
      .filter((r) => r.status === "going")
      .slice(0, 5)
      .map((r) => r.userId);
    await Promise.all(leaving.map((id) => setRsvp(t.database.db, id, event.id, null)));
    const after = await t.database.db.select().from(eventRsvps).where(eq(eventRsvps.eventId, event.id));
    expect(after.filter((r) => r.status === "going")).toHaveLength(10);
    expect(after.filter((r) => r.status === "waitlisted")).toHaveLength(35);
  });

  it("keeps the exact address for those going when the host says so", async () => {
    const hostM = await registerMember(server, "private-host@example.com");
    const dan = await registerMember(server, "dan@example.com");
    const event = await host(hostM.cookie, { addressFor: "going" });
    expect(event.address).toBe("400 1st St N, Jacksonville Beach");
    const seen = async (cookie?: string) =>
      eventSchema.parse((await call("GET", `/api/events/${event.id}`, cookie)).json()).address;
    expect(await seen(dan.cookie)).toBeNull();
    expect(await seen()).toBeNull();
    await call("PUT", `/api/events/${event.id}/rsvp`, dan.cookie, { status: "interested" });
    expect(await seen(dan.cookie)).toBeNull();
    await call("PUT", `/api/events/${event.id}/rsvp`, dan.cookie, { status: "going" });
    expect(await seen(dan.cookie)).toBe("400 1st St N, Jacksonville Beach");
  });

  it("hides events of a host in a block either way, and lists neither past nor cancelled ones", async () => {
    const hostM = await registerMember(server, "blocky@example.com");
    const eve = await registerMember(server, "eve@example.com");
    const open = await host(hostM.cookie, { title: "Open one" });
    const cancelled = await host(hostM.cookie, { title: "Called off" });
    await call("PUT", `/api/events/${cancelled.id}/rsvp`, eve.cookie, { status: "going" });
    expect(
      (await call("POST", `/api/events/${cancelled.id}/cancel`, hostM.cookie, { reason: "Rain all day" })).statusCode,
    ).toBe(200);
    const past = await host(hostM.cookie, { title: "Done" });
    await t.database.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - 3 * HOUR_MS), endsAt: new Date(Date.now() - HOUR_MS) })
      .where(eq(events.id, past.id));

    expect((await list("", eve.cookie)).events.map((e) => e.id)).toEqual([open.id]);
    // His own going list still shows the cancelled one, cancelled; the past one keeps its page.
    const going = (await list("filter=going", eve.cookie)).events;
    expect(going.map((e) => [e.id, e.cancelReason])).toEqual([[cancelled.id, "Rain all day"]]);
    expect(eventSchema.parse((await call("GET", `/api/events/${past.id}`, eve.cookie)).json()).isPast).toBe(true);
    expect((await call("PUT", `/api/events/${past.id}/rsvp`, eve.cookie, { status: "going" })).statusCode).toBe(409);
    expect((await call("PUT", `/api/events/${cancelled.id}/rsvp`, eve.cookie, { status: "going" })).statusCode).toBe(
      409,
    );
    const told = notificationListSchema.parse((await call("GET", "/api/notifications", eve.cookie)).json());
    expect(told.notifications.map((n) => n.kind)).toEqual(["event_cancelled"]);
    expect(told.notifications[0]?.data.reason).toBe("Rain all day");

    await call("POST", `/api/users/${hostM.id}/block`, eve.cookie);
    expect((await list("", eve.cookie)).events).toEqual([]);
    expect((await call("GET", `/api/events/${open.id}`, eve.cookie)).statusCode).toBe(404);
    expect((await call("PUT", `/api/events/${open.id}/rsvp`, eve.cookie, { status: "going" })).statusCode).toBe(404);
    // Only the host edits or cancels.
    expect((await call("POST", `/api/events/${open.id}/cancel`, eve.cookie, { reason: "mine now" })).statusCode).toBe(
      404,
    );
  });

  it("downloads a valid iCalendar file (RFC 5545: UTC times, escaped text, folded lines, CRLF)", async () => {
    const hostM = await registerMember(server, "ics@example.com");
    const event = await host(hostM.cookie, {
      title: "Drinks; then dancing, maybe",
      description: "Line one\nLine two with a long tail ".repeat(4),
    });
    const res = await call("GET", `/api/events/${event.id}/calendar.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="vicinity-event-/);
    const body = res.body;
    expect(body.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(body.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(body.replace(/\r\n/g, "")).not.toMatch(/\n/);
    for (const line of body.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = body.replace(/\r\n /g, "");
    expect(unfolded).toContain(`UID:${event.id}@events.vicinity.app`);
    expect(unfolded).toContain(`DTSTART:${event.startsAt.replace(/[-:]/g, "").replace(/\.\d{3}Z$/, "Z")}`);
    expect(unfolded).toContain("SUMMARY:Drinks\\; then dancing\\, maybe");
    expect(unfolded).toContain("DESCRIPTION:Line one\\nLine two");
    expect(
      foldLine("é".repeat(80))
        .split("\r\n ")
        .every((part) => Buffer.byteLength(part) <= 75),
    ).toBe(true);
  });

  it("gives each member a private calendar feed of his events, which he can reset", async () => {
    const hostM = await registerMember(server, "feedhost@example.com");
    const fay = await registerMember(server, "fay@example.com");
    const event = await host(hostM.cookie, { title: "Feed party" });
    await call("PUT", `/api/events/${event.id}/rsvp`, fay.cookie, { status: "going" });
    const { url } = (await call("GET", "/api/users/calendar", fay.cookie)).json() as { url: string };
    expect((await call("GET", "/api/users/calendar", fay.cookie)).json()).toEqual({ url });
    const path = new URL(url).pathname;
    const feed = await call("GET", path);
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain("SUMMARY:Feed party");
    const { url: fresh } = (await call("POST", "/api/users/calendar", fay.cookie)).json() as { url: string };
    expect(fresh).not.toBe(url);
    expect((await call("GET", path)).statusCode).toBe(404);
    expect((await call("GET", new URL(fresh).pathname)).statusCode).toBe(200);
    expect((await call("GET", "/api/calendar/not-a-token.ics")).statusCode).toBe(404);
  });

  it("files a report on an event in the members' report queue", async () => {
    const hostM = await registerMember(server, "reported-host@example.com");
    const gus = await registerMember(server, "gus@example.com");
    const event = await host(hostM.cookie);
    expect(
      (await call("POST", `/api/events/${event.id}/report`, gus.cookie, { reason: "spam", details: "Ad for a club" }))
        .statusCode,
    ).toBe(201);
    expect((await call("POST", `/api/events/${event.id}/report`, hostM.cookie, { reason: "spam" })).statusCode).toBe(
      400,
    );
    expect((await call("POST", `/api/events/${event.id}/report`, gus.cookie, { reason: "boring" })).statusCode).toBe(
      400,
    );
    const rows = await t.database.db.select().from(reports);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reporterId: gus.id,
      reportedId: hostM.id,
      eventId: event.id,
      reason: "spam",
      status: "open",
    });
  });

  it("tells an open page that its event changed, and reminds going members once an hour before", async () => {
    const hostM = await registerMember(server, "live-host@example.com");
    const hal = await registerMember(server, "hal@example.com");
    const event = await host(hostM.cookie, { startsAt: inHours(0.5), endsAt: inHours(2) });
    const socket = socketFor(t.url, hal.cookie);
    await connected(socket);
    expect(await emitAck(socket, "watchEvents", { eventIds: [event.id] })).toEqual({ ok: true });
    expect((await emitAck(socket, "watchEvents", { eventIds: ["nope"] })).ok).toBe(false);
    expect(await emitAck(socket, "watchEvents", { eventIds: [event.id] })).toEqual({ ok: true });
    const changed = nextEvent(socket, "eventChanged", (e) => e.eventId === event.id);
    await call("PUT", `/api/events/${event.id}/rsvp`, hal.cookie, { status: "going" });
    await changed;

    const reminded = nextEvent(socket, "notification", (n) => n.kind === "event_reminder");
    const due = await claimReminders(t.database.db, 60);
    expect(due.map((d) => d.event_id)).toEqual([event.id]);
    // The route's sweep sends them; here, as it would.
    const { sendNotifications } = await import("../notifications/service");
    await sendNotifications(
      t.database.db,
      server.context.notify,
      due.map((d) => d.user_id),
      "event_reminder",
      { eventId: event.id, title: event.title },
    );
    expect((await reminded).data.eventId).toBe(event.id);
    expect(await claimReminders(t.database.db, 60)).toEqual([]);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, hal.id))).toHaveLength(1);
  });

  it("lists today's and this weekend's events in the viewer's time zone, with a sealed cursor", async () => {
    // Three hosts (each may host 10 a day).
    const hosts = [
      await registerMember(server, "ivan@example.com"),
      await registerMember(server, "jon@example.com"),
      await registerMember(server, "ken@example.com"),
    ];
    const many: VicinityEvent[] = [];
    for (let i = 0; i < 22; i++)
      many.push(
        await host(hosts[i % 3]!.cookie, {
          title: `Meetup number ${i}`,
          startsAt: inHours(30 + i),
          endsAt: inHours(31 + i),
        }),
      );
    const first = await list("");
    expect(first.events).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(`cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.events.map((e) => e.title)).toEqual(["Meetup number 20", "Meetup number 21"]);
    expect(second.nextCursor).toBeNull();
    expect((await call("GET", `/api/events?latitude=30&longitude=-81&cursor=forged`)).statusCode).toBe(400);
    expect(
      (
        await call(
          "GET",
          `/api/events?latitude=30&longitude=-81&cursor=${encodeURIComponent(first.nextCursor!)}&filter=today`,
        )
      ).statusCode,
    ).toBe(400);
    const today = await list("filter=today&timeZone=America/New_York");
    for (const e of today.events) expect(Date.parse(e.startsAt) - Date.now()).toBeLessThan(24 * HOUR_MS);
    expect((await call("GET", `/api/events?latitude=30&longitude=-81&timeZone=Nowhere/Land`)).statusCode).toBe(400);
    expect((await call("GET", `/api/events?latitude=30&longitude=-81&radius=7`)).statusCode).toBe(400);
  });
});
