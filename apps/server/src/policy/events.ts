import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../db/database";
import { blockedEitherWaySql, notBlockedWithSql } from "./blocks";
import { activeSql } from "./members";
import type { Viewer } from "./viewer";

/**
 * Who may see an event, its address and its attendees, written once (SQL and plain side by side)
 * for the list, a page, its attendees, its .ics, the calendar feed, group pages and the socket's
 * watched events.
 */

/** Who looks at events: his id (blocks, his RSVP, hosting) or nobody (a visitor with no device cookie). */
export interface EventViewer {
  id: string | null;
  /** A member (may RSVP, sees the address when going); guests and visitors only look. */
  member: boolean;
}

/** The events' view of a viewer. */
export const eventViewerOf = (viewer: Viewer): EventViewer => ({
  id: viewer.member?.id ?? viewer.blocksOf,
  member: viewer.member !== null,
});

/**
 * Events a viewer may see at all: a host not suspended, no block either way with him, and a group's
 * event only for the group's members (a member's session, not a guest on his browser). `e` is the
 * events row, `h` its host's users row.
 */
export function eventVisibleSql(viewer: EventViewer, e = "e", h = "h"): SQL {
  const event = sql.raw(e);
  const group =
    viewer.member && viewer.id
      ? sql`(${event}.group_id IS NULL OR EXISTS (SELECT 1 FROM group_members gm WHERE gm.group_id = ${event}.group_id AND gm.user_id = ${viewer.id}::uuid))`
      : sql`${event}.group_id IS NULL`;
  return sql`${activeSql(h)} AND ${notBlockedWithSql(viewer.id, sql.raw(`${e}.host_id`))} AND ${group}`;
}

/** The address: when it is for everyone, for the host, and for a member going. */
export function seesEventAddress(
  viewer: EventViewer,
  event: { addressFor: "everyone" | "going"; hostId: string; myRsvp: string | null },
): boolean {
  return event.addressFor === "everyone" || viewer.id === event.hostId || (viewer.member && event.myRsvp === "going");
}

/** Who may answer (RSVP) an event: no block with its host, and for a group's event its members. */
export async function mayAnswerEvent(
  db: Db,
  userId: string,
  event: { host_id: string; group_id: string | null },
): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`SELECT NOT ${blockedEitherWaySql(sql`${userId}::uuid`, sql`${event.host_id}::uuid`)}
          AND (${event.group_id}::uuid IS NULL OR EXISTS (SELECT 1 FROM group_members WHERE group_id = ${event.group_id}::uuid AND user_id = ${userId}::uuid)) AS ok`,
  );
  return Boolean(row?.ok);
}

/** An attendee listed to a viewer: going, chose to be listed, active, no block either way. `r` is the RSVP row, `u` his users row. */
export function attendeeListedSql(viewerId: string | null, r = "r", u = "u"): SQL {
  return sql`${sql.raw(r)}.status = 'going' AND ${sql.raw(r)}.listed AND ${activeSql(u)} AND ${notBlockedWithSql(viewerId, sql.raw(`${u}.id`))}`;
}

/** Of these event ids, those the viewer may see (the socket's watched events). */
export async function visibleEventIds(db: Db, viewer: Viewer, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT e.id FROM events e JOIN users h ON h.id = e.host_id
        WHERE e.id = ANY(${`{${ids.join(",")}}`}::uuid[]) AND ${eventVisibleSql(eventViewerOf(viewer))}`,
  );
  const visible = new Set(rows.map((r) => r.id));
  return ids.filter((id) => visible.has(id));
}
