import { randomBytes } from "node:crypto";
import { and, eq, sql, type SQL } from "drizzle-orm";
import {
  EVENTS_PAGE_SIZE,
  type EventInput,
  type EventsQuery,
  type RsvpStatus,
  type VicinityEvent,
} from "@vicinity/contract";
import { queryRows, type Db } from "../db/database";
import { events, groupMembers, media } from "../db/schema";
import { badRequest, conflict, notFound } from "../http/errors";
import { displayKm, snapToPrivacyGrid, type LatLon } from "../location/privacy-grid";
import {
  attendeeListedSql,
  eventVisibleSql,
  mayAnswerEvent,
  seesEventAddress,
  type EventViewer,
} from "../policy/events";
import { localDayRange, weekendRange } from "./time";

interface EventRow extends Record<string, unknown> {
  id: string;
  host_id: string;
  title: string;
  description: string;
  category: VicinityEvent["category"];
  starts_at: string | Date;
  ends_at: string | Date;
  time_zone: string;
  venue_name: string;
  address: string;
  address_for: "everyone" | "going";
  snapped_latitude: number;
  snapped_longitude: number;
  capacity: number;
  cover_media_id: string | null;
  cancelled_at: string | Date | null;
  cancel_reason: string | null;
  updated_at: string | Date;
  group_id: string | null;
  host_username: string;
  host_display_name: string | null;
  host_first_name: string | null;
  host_image: string | null;
  going_count: number;
  interested_count: number;
  waitlist_count: number;
  my_rsvp: RsvpStatus | null;
  meters: number | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** The columns of an event as a viewer sees it: counts, his RSVP, the host; `meters` from `center`. */
function eventColumns(viewerId: string | null, center: SQL | null): SQL {
  const count = (status: RsvpStatus) =>
    sql`(SELECT count(*)::int FROM event_rsvps r WHERE r.event_id = e.id AND r.status = ${status})`;
  return sql`
    e.id, e.host_id, e.title, e.description, e.category, e.starts_at, e.ends_at, e.time_zone, e.venue_name, e.address,
    e.address_for, e.snapped_latitude, e.snapped_longitude, e.capacity, e.cover_media_id, e.cancelled_at, e.cancel_reason, e.updated_at, e.group_id,
    h.username AS host_username, h.display_name AS host_display_name, h.first_name AS host_first_name, h.profile_image_url AS host_image,
    ${count("going")} AS going_count, ${count("interested")} AS interested_count, ${count("waitlisted")} AS waitlist_count,
    ${viewerId ? sql`(SELECT r.status FROM event_rsvps r WHERE r.event_id = e.id AND r.user_id = ${viewerId}::uuid)` : sql`NULL`} AS my_rsvp,
    ${center ? sql`earth_distance(e.snapped_earth, ${center})` : sql`NULL::float8`} AS meters`;
}

function present(r: EventRow, viewer: EventViewer, now: number): VicinityEvent {
  const going = Number(r.going_count);
  const isHost = viewer.id === r.host_id;
  const seesAddress = seesEventAddress(viewer, { addressFor: r.address_for, hostId: r.host_id, myRsvp: r.my_rsvp });
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    category: r.category,
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
    timeZone: r.time_zone,
    venueName: r.venue_name,
    address: seesAddress ? r.address : null,
    addressFor: r.address_for,
    latitude: Number(r.snapped_latitude),
    longitude: Number(r.snapped_longitude),
    distance: r.meters === null ? null : displayKm(Number(r.meters)),
    capacity: Number(r.capacity),
    goingCount: going,
    interestedCount: Number(r.interested_count),
    waitlistCount: Number(r.waitlist_count),
    placesLeft: Math.max(0, Number(r.capacity) - going),
    coverUrl: r.cover_media_id ? `/media/${r.cover_media_id}` : null,
    host: {
      id: r.host_id,
      username: r.host_username,
      displayName: r.host_display_name ?? r.host_first_name,
      profileImageUrl: r.host_image,
    },
    myRsvp: viewer.member ? r.my_rsvp : null,
    isHost,
    cancelledAt: r.cancelled_at ? iso(r.cancelled_at) : null,
    cancelReason: r.cancel_reason,
    isPast: new Date(r.ends_at).getTime() <= now,
    updatedAt: iso(r.updated_at),
    groupId: r.group_id,
  };
}

/** One event as this viewer sees it, or 404 (none, or a block either way with its host). */
export async function getEvent(
  db: Db,
  viewer: EventViewer,
  eventId: string,
  from: LatLon | null = null,
): Promise<VicinityEvent> {
  const center = from ? sql`ll_to_earth(${from.latitude}::float8, ${from.longitude}::float8)` : null;
  const [row] = await queryRows<EventRow>(
    db,
    sql`SELECT ${eventColumns(viewer.id, center)} FROM events e JOIN users h ON h.id = e.host_id
        WHERE e.id = ${eventId}::uuid AND (${eventVisibleSql(viewer)})`,
  );
  if (!row) throw notFound("Event not found");
  return present(row, viewer, Date.now());
}

/**
 * Upcoming events near a point (ends after now, not cancelled), the same GiST index on snapped
 * positions as nearby; "going" and "hosting" are the viewer's own, wherever they are (cancelled
 * ones included, so he sees them cancelled). One page of EVENTS_PAGE_SIZE after `offset`.
 */
export async function listEvents(
  db: Db,
  viewer: EventViewer,
  query: EventsQuery,
  offset: number,
): Promise<{ events: VicinityEvent[]; more: boolean }> {
  const now = Date.now();
  const center = sql`ll_to_earth(${query.latitude}::float8, ${query.longitude}::float8)`;
  const radiusM = query.radius * 1000;
  const own = query.filter === "going" || query.filter === "hosting";
  if (own && !viewer.member) return { events: [], more: false };
  const conditions: SQL[] = [sql`e.ends_at > now()`, eventVisibleSql(viewer)];
  if (!own)
    conditions.push(
      sql`e.cancelled_at IS NULL`,
      sql`earth_box(${center}, ${radiusM}::float8) @> e.snapped_earth`,
      sql`earth_distance(e.snapped_earth, ${center}) <= ${radiusM}::float8`,
    );
  if (query.filter === "today" || query.filter === "weekend") {
    const [start, end] =
      query.filter === "today" ? localDayRange(now, query.timeZone) : weekendRange(now, query.timeZone);
    conditions.push(
      sql`e.starts_at < ${new Date(end).toISOString()}::timestamptz AND e.ends_at > ${new Date(start).toISOString()}::timestamptz`,
    );
  }
  if (query.filter === "going")
    conditions.push(
      sql`EXISTS (SELECT 1 FROM event_rsvps r WHERE r.event_id = e.id AND r.user_id = ${viewer.id}::uuid AND r.status IN ('going', 'waitlisted'))`,
    );
  if (query.filter === "hosting") conditions.push(sql`e.host_id = ${viewer.id}::uuid`);
  const order = query.sort === "nearest" ? sql`meters, e.starts_at, e.id` : sql`e.starts_at, e.id`;
  const rows = await queryRows<EventRow>(
    db,
    sql`SELECT ${eventColumns(viewer.id, center)} FROM events e JOIN users h ON h.id = e.host_id
        WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY ${order} LIMIT ${EVENTS_PAGE_SIZE + 1} OFFSET ${offset}`,
  );
  return {
    events: rows.slice(0, EVENTS_PAGE_SIZE).map((r) => present(r, viewer, now)),
    more: rows.length > EVENTS_PAGE_SIZE,
  };
}

/** The host's checks beyond the schema: a start in the future, a cover that is his own event picture. */
async function checkInput(db: Db, hostId: string, input: EventInput, editing: boolean): Promise<void> {
  if (!editing && Date.parse(input.startsAt) <= Date.now()) throw badRequest("The start must be in the future");
  if (input.coverMediaId) {
    const [cover] = await db.select().from(media).where(eq(media.id, input.coverMediaId)).limit(1);
    if (!cover || cover.ownerId !== hostId) throw badRequest("Cover picture not found: upload it first");
    if (cover.kind !== "event") throw badRequest("Upload the cover as an event picture (kind=event)");
  }
  if (input.groupId) {
    const [member] = await db
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, input.groupId), eq(groupMembers.userId, hostId)))
      .limit(1);
    if (!member) throw badRequest("You can host events only for groups you are a member of");
  }
}

function columnsOf(input: EventInput, secret: string) {
  const snapped = snapToPrivacyGrid({ latitude: input.latitude, longitude: input.longitude }, secret);
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    timeZone: input.timeZone,
    venueName: input.venueName,
    address: input.address,
    addressFor: input.addressFor,
    latitude: input.latitude,
    longitude: input.longitude,
    snappedLatitude: snapped.latitude,
    snappedLongitude: snapped.longitude,
    capacity: input.capacity,
    coverMediaId: input.coverMediaId,
    groupId: input.groupId ?? null,
  };
}

export async function createEvent(db: Db, hostId: string, input: EventInput): Promise<string> {
  await checkInput(db, hostId, input, false);
  const secret = randomBytes(16).toString("hex");
  const [row] = await db
    .insert(events)
    .values({ hostId, locationSecret: secret, ...columnsOf(input, secret) })
    .returning({ id: events.id });
  if (!row) throw new Error("the event was not stored");
  return row.id;
}

interface LockedEvent extends Record<string, unknown> {
  id: string;
  host_id: string;
  capacity: number;
  cancelled_at: string | Date | null;
  ends_at: string | Date;
  location_secret: string;
  title: string;
  starts_at: string | Date;
  group_id: string | null;
}

/** Reads an event and locks its row until the transaction ends: RSVPs to one event take turns. */
async function lockEvent(tx: Db, eventId: string): Promise<LockedEvent> {
  const [event] = await queryRows<LockedEvent>(
    tx,
    sql`SELECT id, host_id, capacity, cancelled_at, ends_at, starts_at, location_secret, title, group_id FROM events WHERE id = ${eventId}::uuid FOR UPDATE`,
  );
  if (!event) throw notFound("Event not found");
  return event;
}

/** Moves the first waiting members up while places are free; answers who was promoted. */
async function promoteWaiting(tx: Db, event: LockedEvent): Promise<string[]> {
  const [going] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM event_rsvps WHERE event_id = ${event.id}::uuid AND status = 'going'`,
  );
  const free = Number(event.capacity) - Number(going?.n ?? 0);
  if (free <= 0) return [];
  const promoted = await queryRows<{ user_id: string }>(
    tx,
    sql`UPDATE event_rsvps SET status = 'going', updated_at = now()
        WHERE event_id = ${event.id}::uuid AND user_id IN (
          SELECT user_id FROM event_rsvps WHERE event_id = ${event.id}::uuid AND status = 'waitlisted'
          ORDER BY created_at, user_id LIMIT ${free})
        RETURNING user_id`,
  );
  return promoted.map((r) => r.user_id);
}

export async function updateEvent(
  db: Db,
  hostId: string,
  eventId: string,
  input: EventInput,
): Promise<{ promoted: string[]; title: string }> {
  await checkInput(db, hostId, input, true);
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx as unknown as Db, eventId);
    if (event.host_id !== hostId) throw notFound("Event not found");
    if (event.cancelled_at) throw conflict("This event was cancelled");
    if (new Date(event.ends_at).getTime() <= Date.now()) throw conflict("This event is over");
    // A start moved to the past is refused; one already begun may keep its start.
    if (Date.parse(input.startsAt) <= Date.now() && Date.parse(input.startsAt) !== new Date(event.starts_at).getTime())
      throw badRequest("The start must be in the future");
    await tx
      .update(events)
      .set({ ...columnsOf(input, event.location_secret), updatedAt: new Date() })
      .where(eq(events.id, eventId));
    // More places: the first waiting go. Fewer: nobody loses his place; newcomers wait.
    const promoted = await promoteWaiting(tx as unknown as Db, { ...event, capacity: input.capacity });
    return { promoted, title: input.title };
  });
}

/** Cancels an event; answers everyone who had answered it (to be told) and its title. */
export async function cancelEvent(
  db: Db,
  hostId: string,
  eventId: string,
  reason: string,
): Promise<{ told: string[]; title: string }> {
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx as unknown as Db, eventId);
    if (event.host_id !== hostId) throw notFound("Event not found");
    if (event.cancelled_at) throw conflict("This event is already cancelled");
    if (new Date(event.ends_at).getTime() <= Date.now()) throw conflict("This event is over");
    await tx
      .update(events)
      .set({ cancelledAt: new Date(), cancelReason: reason, updatedAt: new Date() })
      .where(eq(events.id, eventId));
    const told = await queryRows<{ user_id: string }>(
      tx as unknown as Db,
      sql`SELECT user_id FROM event_rsvps WHERE event_id = ${eventId}::uuid`,
    );
    return { told: told.map((r) => r.user_id), title: event.title };
  });
}

/**
 * A member's RSVP. The event's row is locked for the transaction, so concurrent
 * answers take turns: "going" is granted while places are left and waits otherwise, never more
 * going than the capacity. Leaving "going" (for "interested" or nothing) promotes the first waiting.
 */
export async function setRsvp(
  db: Db,
  userId: string,
  eventId: string,
  wanted: "going" | "interested" | null,
  listed = true,
): Promise<{ status: RsvpStatus | null; promoted: string[]; title: string; answered: boolean }> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const event = await lockEvent(t, eventId);
    if (!(await mayAnswerEvent(t, userId, event))) throw notFound("Event not found");
    if (wanted !== null) {
      if (event.host_id === userId) throw badRequest("You are hosting this event");
      if (event.cancelled_at) throw conflict("This event was cancelled");
      if (new Date(event.ends_at).getTime() <= Date.now()) throw conflict("This event is over");
    }
    const [current] = await queryRows<{ status: RsvpStatus }>(
      t,
      sql`SELECT status FROM event_rsvps WHERE event_id = ${eventId}::uuid AND user_id = ${userId}::uuid`,
    );
    const before = current?.status ?? null;
    let status: RsvpStatus | null = wanted;
    if (wanted === "going" && before !== "going") {
      const [going] = await queryRows<{ n: number }>(
        t,
        sql`SELECT count(*)::int AS n FROM event_rsvps WHERE event_id = ${eventId}::uuid AND status = 'going'`,
      );
      if (Number(going?.n ?? 0) >= Number(event.capacity)) status = "waitlisted";
    }
    if (status === null) {
      await t.execute(sql`DELETE FROM event_rsvps WHERE event_id = ${eventId}::uuid AND user_id = ${userId}::uuid`);
    } else if (before === null) {
      await t.execute(
        sql`INSERT INTO event_rsvps (event_id, user_id, status, listed) VALUES (${eventId}::uuid, ${userId}::uuid, ${status}, ${listed})`,
      );
    } else {
      // Waiting again keeps his place in the line (created_at); any other change starts afresh.
      const keepsPlace = before === status;
      await t.execute(
        sql`UPDATE event_rsvps SET status = ${status}, listed = ${listed}, updated_at = now() ${keepsPlace ? sql`` : sql`, created_at = now(), reminded_at = NULL`}
            WHERE event_id = ${eventId}::uuid AND user_id = ${userId}::uuid`,
      );
    }
    const promoted = before === "going" && status !== "going" ? await promoteWaiting(t, event) : [];
    // "answered": a first answer (what the analytics count as an RSVP), not a change of mind.
    return { status, promoted, title: event.title, answered: before === null && status !== null };
  });
}

/** The members going to an event who chose to be listed, minus those in a block with the viewer. */
export async function listedAttendees(db: Db, viewerId: string | null, eventId: string) {
  return queryRows<{
    id: string;
    username: string;
    display_name: string | null;
    first_name: string | null;
    profile_image_url: string | null;
  }>(
    db,
    sql`SELECT u.id, u.username, u.display_name, u.first_name, u.profile_image_url
        FROM event_rsvps r JOIN users u ON u.id = r.user_id
        WHERE r.event_id = ${eventId}::uuid AND ${attendeeListedSql(viewerId)}
        ORDER BY r.created_at, u.id LIMIT 200`,
  );
}

/** Going members whose event starts within `minutes` and who were not reminded: claimed once, on any node. */
export async function claimReminders(
  db: Db,
  minutes: number,
): Promise<Array<{ user_id: string; event_id: string; title: string }>> {
  return queryRows(
    db,
    sql`UPDATE event_rsvps r SET reminded_at = now()
        FROM events e
        WHERE e.id = r.event_id AND r.status = 'going' AND r.reminded_at IS NULL AND e.cancelled_at IS NULL
          AND e.starts_at > now() AND e.starts_at <= now() + make_interval(mins => ${minutes})
        RETURNING r.user_id, r.event_id, e.title`,
  );
}

/** The events in a member's calendar feed: those he is going to or hosts, from 30 days back. */
export async function calendarEvents(db: Db, userId: string): Promise<VicinityEvent[]> {
  const ids = await queryRows<{ id: string }>(
    db,
    sql`SELECT e.id FROM events e WHERE e.ends_at > now() - interval '30 days'
          AND (e.host_id = ${userId}::uuid OR EXISTS (SELECT 1 FROM event_rsvps r WHERE r.event_id = e.id AND r.user_id = ${userId}::uuid AND r.status = 'going'))
        ORDER BY e.starts_at LIMIT 500`,
  );
  const viewer = { id: userId, member: true };
  return (await Promise.all(ids.map((r) => getEvent(db, viewer, r.id).catch(() => null)))).filter(
    (e): e is VicinityEvent => e !== null,
  );
}

/** A group's upcoming events (not cancelled), soonest first, as this viewer sees them. */
export async function upcomingGroupEvents(db: Db, viewer: EventViewer, groupId: string): Promise<VicinityEvent[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM events WHERE group_id = ${groupId}::uuid AND ends_at > now() AND cancelled_at IS NULL ORDER BY starts_at, id LIMIT 50`,
  );
  return (await Promise.all(rows.map((r) => getEvent(db, viewer, r.id).catch(() => null)))).filter((e) => e !== null);
}
