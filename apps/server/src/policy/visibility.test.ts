import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  mapMemberCap,
  SERVER_EVENTS,
  tileKey,
  tileOf,
  type FavoritesList,
  type MapArea,
  type MemberAlbums,
  type ServerToClientEvents,
  type TapsList,
  type ViewedMe,
} from "@vicinity/contract";
import { buildServer, type BuiltServer } from "../app";
import { locations, users } from "../db/schema";
import { queryRows, type Database } from "../db/database";
import { saveLocation } from "../location/save-location";
import { storeMessage } from "../messages/service";
import { createTestDatabase, registerAdmin, registerMember, testConfig, testEngines } from "../test/harness";
import { CITY, offset } from "../test/geo";
import { eventInput } from "../test/inputs";
import { jpegWithGps, pictureForm } from "../test/pictures";
import { connected, emitAck, listen, socketFor, type ClientSocket } from "../test/sockets";

/**
 * Who may see whom, as a table (docs/decisions/0035): every surface (an API route or a socket push) × every
 * kind of subject, each cell what the viewer — a member at the city centre — gets, asked of the
 * real server. The surfaces are the server's own: every GET route of its route table and every
 * event it pushes must be a row here or be named below as showing no other member, so a new
 * surface fails this test until someone decides what it shows of whom.
 */

/** A member subject: one account each. */
const MEMBERS = [
  "shown",
  "crowd only",
  "private mode",
  "blocked by him",
  "blocking him",
  "suspended",
  "stale",
] as const;
type MemberSubject = (typeof MEMBERS)[number];
/** Then the viewer's own relations: to a group he is not in, to an event he is not going to. */
const RELATIONS = ["not a member of the group", "not going to the event"] as const;
const SUBJECTS = [...MEMBERS, ...RELATIONS] as const;
type Subject = (typeof SUBJECTS)[number];

/** What the viewer gets of a subject on a surface; "n/a" where the subject has no meaning there. */
type Answer =
  | "distance"
  | "distance hidden"
  | "absent"
  | "marker"
  | "crowd"
  | "blocked (he may unblock)"
  | "pushed"
  | "pushed (crowd count only)"
  | "nothing"
  | "told"
  | "listed"
  | "refused"
  | "address hidden"
  | "visible"
  | "n/a";

/** The members' columns, then the viewer's relations. */
const row = (
  members: Record<MemberSubject, Answer>,
  relations: Partial<Record<(typeof RELATIONS)[number], Answer>> = {},
) =>
  ({ ...members, "not a member of the group": "n/a", "not going to the event": "n/a", ...relations }) as Record<
    Subject,
    Answer
  >;

/** The live map's pushes, changes and whole tiles alike: a move of his shows only if he may be seen. */
const MAP_PUSHES = row({
  shown: "pushed",
  "crowd only": "pushed (crowd count only)",
  "private mode": "nothing",
  "blocked by him": "nothing",
  "blocking him": "nothing",
  suspended: "nothing",
  stale: "n/a",
});

const TABLE: Record<string, Record<Subject, Answer>> = {
  "GET /api/users/nearby": row({
    shown: "distance",
    "crowd only": "distance hidden",
    "private mode": "distance hidden",
    "blocked by him": "absent",
    "blocking him": "absent",
    suspended: "absent",
    stale: "absent",
  }),
  "GET /api/users/:id": row({
    shown: "distance",
    "crowd only": "distance hidden",
    "private mode": "distance hidden",
    "blocked by him": "blocked (he may unblock)",
    "blocking him": "absent",
    suspended: "absent",
    stale: "distance",
  }),
  "GET /api/map/area": row({
    shown: "marker",
    "crowd only": "crowd",
    "private mode": "absent",
    "blocked by him": "absent",
    "blocking him": "absent",
    suspended: "absent",
    stale: "absent",
  }),
  "push mapChanges": MAP_PUSHES,
  /** Whole tiles: only to a viewer whose tiles hold more members than his cap (lowered for the probe). */
  "push mapTiles": MAP_PUSHES,
  "push userOnlineStatusUpdate": row({
    shown: "told",
    "crowd only": "nothing",
    "private mode": "nothing",
    "blocked by him": "nothing",
    "blocking him": "nothing",
    suspended: "nothing",
    stale: "told",
  }),
  "push typing": row({
    shown: "told",
    "crowd only": "told",
    "private mode": "told",
    "blocked by him": "nothing",
    "blocking him": "nothing",
    suspended: "n/a",
    stale: "told",
  }),
  "push messagesRead": row({
    shown: "told",
    "crowd only": "told",
    "private mode": "told",
    "blocked by him": "nothing",
    "blocking him": "nothing",
    suspended: "n/a",
    stale: "told",
  }),
  "GET /api/events/:id": row(
    {
      shown: "visible",
      "crowd only": "visible",
      "private mode": "visible",
      "blocked by him": "absent",
      "blocking him": "absent",
      suspended: "absent",
      stale: "visible",
    },
    { "not going to the event": "address hidden" },
  ),
  "GET /api/events/:id/attendees": row({
    shown: "listed",
    "crowd only": "listed",
    "private mode": "listed",
    "blocked by him": "absent",
    "blocking him": "absent",
    suspended: "absent",
    stale: "listed",
  }),
  "GET /api/groups/:id/members": row(
    {
      shown: "listed",
      "crowd only": "listed",
      "private mode": "listed",
      "blocked by him": "absent",
      "blocking him": "absent",
      suspended: "absent",
      stale: "listed",
    },
    { "not a member of the group": "refused" },
  ),
  "GET /api/conversations/:id/members": row({
    shown: "listed",
    "crowd only": "listed",
    "private mode": "listed",
    "blocked by him": "absent",
    "blocking him": "absent",
    suspended: "absent",
    stale: "listed",
  }),
  "push eventChanged": row(
    {
      shown: "told",
      "crowd only": "told",
      "private mode": "told",
      "blocked by him": "nothing",
      "blocking him": "nothing",
      suspended: "nothing",
      stale: "told",
    },
    { "not a member of the group": "nothing" },
  ),
  "push newMessage": row(
    {
      shown: "told",
      "crowd only": "told",
      "private mode": "told",
      "blocked by him": "nothing",
      "blocking him": "nothing",
      suspended: "n/a",
      stale: "told",
    },
    { "not a member of the group": "refused" },
  ),
  // Signals (issue 38): each subject tapped the viewer, was starred by him and opened his profile, before the blocks.
  "GET /api/taps": row({
    shown: "listed",
    "crowd only": "listed",
    "private mode": "listed",
    "blocked by him": "absent",
    "blocking him": "absent",
    suspended: "absent",
    stale: "listed",
  }),
  "GET /api/favorites": row({
    shown: "listed",
    "crowd only": "listed",
    "private mode": "listed",
    "blocked by him": "absent",
    "blocking him": "absent",
    suspended: "absent",
    stale: "listed",
  }),
  /** A member in private mode leaves no trace, even of a visit made before. */
  "GET /api/views": row({
    shown: "listed",
    "crowd only": "listed",
    "private mode": "absent",
    "blocked by him": "absent",
    "blocking him": "absent",
    suspended: "absent",
    stale: "listed",
  }),
  /**
   * Private albums (issue 38, decisions/0046): each subject shared an album of one picture with the viewer before the
   * blocks. "listed" is the album in the answer and its picture served to the viewer; "absent" is neither.
   */
  "GET /api/users/:id/albums": row({
    shown: "listed",
    "crowd only": "listed",
    "private mode": "listed",
    "blocked by him": "absent",
    "blocking him": "absent",
    suspended: "absent",
    stale: "listed",
  }),
  // Admins judge members: they see every one, the suspended too (admin/routes.ts says which).
  "GET /api/admin/members": row({
    shown: "listed",
    "crowd only": "listed",
    "private mode": "listed",
    "blocked by him": "listed",
    "blocking him": "listed",
    suspended: "listed",
    stale: "listed",
  }),
};

/** Surfaces that show no other member (or only the caller's own things), and why. */
const SHOWS_NO_OTHER_MEMBER: Record<string, string> = {
  "GET /api/auth/user": "himself",
  "GET /api/users/blocked": "those he blocked, so he can unblock them",
  "GET /api/users/location": "his own position",
  "GET /api/users/photos": "his own pictures",
  "GET /api/users/sessions": "his own sessions",
  "GET /api/users/export": "his own data",
  "GET /api/users/calendar": "his own feed's address",
  "GET /api/users/online-count": "a count (active members only: presence.onlineCount)",
  "GET /api/calendar/:token": "his own events, each through getEvent (GET /api/events/:id's rule)",
  "GET /api/events": "events, each by GET /api/events/:id's rule (listEvents shares eventVisibleSql)",
  "GET /api/events/:id/calendar.ics": "one event, by GET /api/events/:id's rule (getEvent)",
  "GET /api/groups": "groups, by GET /api/groups/:id's rule (groupVisibleSql)",
  "GET /api/groups/:id": "a group and its owner, hidden when the owner is in a block with him (groupVisibleSql)",
  "GET /api/groups/:id/events": "the group's events, to its members, each by getEvent",
  "GET /api/groups/:id/requests": "to moderators: those asking to join",
  "GET /api/groups/:id/log": "to moderators: the group's log",
  "GET /api/conversations": "his conversations, messages by messageVisibleSql",
  "GET /api/conversations/:id": "one of his conversations",
  "GET /api/conversations/:id/messages": "messages by messageVisibleSql (messages.test.ts)",
  "GET /api/messages/missed": "messages by messageVisibleSql",
  "GET /api/messages/unread-count": "a count, by messageVisibleSql",
  "GET /api/notifications": "his own notifications",
  "GET /api/phrases": "his own saved phrases (nobody else's: phrases.test.ts)",
  "GET /api/albums": "his own private albums (nobody else's: albums.test.ts)",
  "GET /api/albums/:id/shares":
    "to an album's owner, the active members he shares it with (a block ends the shares: albums.test.ts)",
  "GET /api/map/config": "the map's settings",
  "GET /api/map/tiles/:z/:x/:y.png": "map pictures, no members",
  "GET /api/ads/next": "an ad",
  "GET /api/ads/click/:link": "a redirect",
  "GET /media/:id":
    "a picture: blocks and message pictures by media/routes.ts (media.test.ts); album pictures by policy/albums.ts (the row of GET /api/users/:id/albums fetches one)",
  "GET /api/admin/members/:id": "to admins, one member (as GET /api/admin/members)",
  "GET /api/admin/ads": "to admins, campaigns",
  "GET /api/admin/ads/:id": "to admins, a campaign",
  "GET /api/admin/analytics": "to admins, counts",
  "GET /api/admin/audit": "to admins, the audit log",
  "GET /api/admin/overview": "to admins, counts",
  "GET /api/admin/pictures": "to admins, pictures to review",
  "GET /api/admin/reports": "to admins, reports",
  "GET /api/admin/reports/:id": "to admins, a report",
  "GET /healthz": "operations",
  "GET /readyz": "operations",
  "GET /metrics": "operations",
  "GET /dev/mail": "development only",
  "push authError": "to himself",
  "push notification":
    "his own notifications, made by the features that send them (a tap names its sender: refused across a block, and a block takes it away)",
  "push albumsChanged":
    "to the members an album is shared with, its owner's id (a block ends the shares first: albums.test.ts)",
  "push pictureOpened":
    "to a direct conversation's two members: a message id and when its view-once picture was opened",
  "push messageRemoved":
    "to a conversation's participants: a message id (a moderator's removal, or its sender's unsend)",
};

describe.each(testEngines())("who may see whom: surfaces × subjects (%s)", (engine) => {
  let database: Database;
  let server: BuiltServer;
  let url: string;
  const sockets: ClientSocket[] = [];
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", path: string, cookie?: string, payload?: object) =>
    server.app.inject({ method, url: path, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const ok = async (method: "GET" | "POST" | "PUT" | "DELETE", path: string, cookie?: string, payload?: object) => {
    const res = await call(method, path, cookie, payload);
    if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
    return res.json() as Record<string, unknown> & Array<Record<string, unknown>>;
  };
  const openSocket = async (cookie: string) => {
    const socket = socketFor(url, cookie);
    sockets.push(socket);
    await connected(socket);
    return socket;
  };

  interface Person {
    id: string;
    username: string;
    cookie: string;
  }
  let viewer: Person;
  let admin: Person;
  let viewerSocket: ClientSocket;
  const subject = {} as Record<
    Subject,
    Person & {
      conversationId: string;
      eventId: string;
      socket: ClientSocket | null;
      at: { latitude: number; longitude: number };
    }
  >;
  let openGroup: string;
  let closedGroup: string;
  let closedConversation: string;
  let closedGroupEvent: string;
  let hostsEvent: string;
  /** Every push the viewer's socket received, in order. */
  const received: Array<{ event: keyof ServerToClientEvents; payload: unknown }> = [];
  const LEVEL = 12;
  const tiles = () => {
    const c = tileOf(CITY.latitude, CITY.longitude, LEVEL);
    const keys: string[] = [];
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++) keys.push(tileKey({ z: LEVEL, x: c.x + dx, y: c.y + dy }));
    return keys;
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    server = await buildServer(testConfig(), { database });
    url = await listen(server);

    viewer = await registerMember(server, "viewer@example.com");
    await ok("PUT", "/api/users/location", viewer.cookie, CITY);
    admin = await registerAdmin(server, database, "admin@example.com");
    const owner = await registerMember(server, "owner@example.com");
    const groupInput = (name: string, joinPolicy: string) => ({
      name,
      description: "",
      rules: "",
      interests: [],
      joinPolicy,
      home: null,
      coverMediaId: null,
    });
    openGroup = String((await ok("POST", "/api/groups", owner.cookie, groupInput("Open runners", "open"))).id);
    const closed = await ok("POST", "/api/groups", owner.cookie, groupInput("Closed runners", "invite"));
    closedGroup = String(closed.id);
    closedConversation = String(closed.conversationId);
    const host = await registerMember(server, "host@example.com");
    // Its address for those going only: the viewer, not going, must not read it.
    const eventInputOf = (title: string) => eventInput({ title, addressFor: "going", capacity: 50 });
    hostsEvent = String((await ok("POST", "/api/events", host.cookie, eventInputOf("The host's party"))).id);
    // An event of the closed group (its owner hosts it): for its members only.
    closedGroupEvent = String(
      (await ok("POST", "/api/events", owner.cookie, { ...eventInputOf("Members' run"), groupId: closedGroup })).id,
    );

    // Each member subject: near the viewer (his own 500 m cell, 1.2 km apart), a direct
    // conversation with him holding one message of the viewer's, going (listed) to the host's
    // event, a listed member of the open group, and host of an event of his own.
    let i = 0;
    for (const kind of MEMBERS) {
      const m = await registerMember(server, `s${i}@example.com`);
      const at = offset(1.2 + 1.2 * i, 20 + 40 * i);
      i += 1;
      await ok("PUT", "/api/users/location", m.cookie, at);
      const conversation = await ok("POST", "/api/conversations", viewer.cookie, { userId: m.id });
      await storeMessage(database.db, server.context.participants, viewer.id, {
        conversationId: String(conversation.id),
        content: "hi",
        tempId: randomUUID(),
      });
      await ok("PUT", `/api/events/${hostsEvent}/rsvp`, m.cookie, { status: "going", listed: true });
      await ok("POST", `/api/groups/${openGroup}/join`, m.cookie);
      await ok("PUT", `/api/groups/${openGroup}/me`, m.cookie, { listed: true });
      const own = await ok("POST", "/api/events", m.cookie, eventInputOf(`Party ${i}`));
      await ok("POST", `/api/users/${viewer.id}/tap`, m.cookie, { kind: "hi" });
      await ok("PUT", `/api/users/${m.id}/favorite`, viewer.cookie);
      await ok("GET", `/api/users/${viewer.id}`, m.cookie);
      const album = await ok("POST", "/api/albums", m.cookie, { name: `Album ${i}` });
      const upload = await server.app.inject({
        method: "POST",
        url: "/api/media?kind=album",
        headers: { cookie: m.cookie },
        payload: pictureForm(await jpegWithGps(40, 30)),
      });
      await ok("POST", `/api/albums/${String(album.id)}/pictures`, m.cookie, { mediaId: upload.json().id });
      await ok("PUT", `/api/albums/${String(album.id)}/shares/${viewer.id}`, m.cookie);
      subject[kind] = { ...m, conversationId: String(conversation.id), eventId: String(own.id), socket: null, at };
    }
    await ok("PUT", "/api/users/location/visibility", subject["crowd only"].cookie, { visibility: "crowd" });
    await ok("PUT", "/api/users/location/visibility", subject["private mode"].cookie, { visibility: "hidden" });
    await ok("POST", `/api/users/${subject["blocked by him"].id}/block`, viewer.cookie);
    await ok("POST", `/api/users/${viewer.id}/block`, subject["blocking him"].cookie);
    await database.db
      .update(locations)
      .set({ updatedAt: new Date(Date.now() - 9 * 3_600_000) })
      .where(eq(locations.userId, subject.stale.id));
    // Suspended last (his session ends with it).
    await database.db
      .update(users)
      .set({ suspendedAt: new Date(), suspensionReason: "test" })
      .where(eq(users.id, subject.suspended.id));

    for (const kind of MEMBERS) if (kind !== "suspended") subject[kind].socket = await openSocket(subject[kind].cookie);
    viewerSocket = await openSocket(viewer.cookie);
    for (const event of SERVER_EVENTS)
      viewerSocket.on(event, ((payload: unknown) => received.push({ event, payload })) as never);
    expect(await emitAck(viewerSocket, "mapSubscribe", { tiles: tiles() })).toEqual({ ok: true });
  });

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server?.close();
    await database?.close();
  });

  /**
   * What reached the viewer's socket while `act` ran: once the node has handled every socket event
   * and presence change it was given, a round trip on the viewer's socket brings whatever was sent
   * to it before.
   */
  const pushedDuring = async (act: () => Promise<void>) => {
    const from = received.length;
    await act();
    await server.realtime.settled();
    await server.context.presence.idle();
    await emitAck(viewerSocket, "watchEvents", { eventIds: [] });
    return received.slice(from);
  };

  /** He moves 3 km (another crowd cell too), and back: the server's change, whoever he is; what the viewer's map was sent. */
  const mapPush = async (kind: Subject, event: "mapChanges" | "mapTiles"): Promise<Answer> => {
    const s = subject[kind];
    const pushes = await pushedDuring(async () => {
      for (const to of [offset(4.5, 200), s.at]) {
        const { before } = await saveLocation(
          database.db,
          (await database.db.select().from(users).where(eq(users.id, s.id)))[0]!,
          to,
        );
        server.context.mapChanges.memberChanged(s.id, before);
        await server.context.mapChanges.flush();
      }
    });
    const maps = pushes.filter((p) => p.event === event).map((p) => JSON.stringify(p.payload));
    expect(pushes.filter((p) => p.event === (event === "mapTiles" ? "mapChanges" : "mapTiles"))).toEqual([]);
    if (maps.length === 0) return "nothing";
    return maps.some((text) => text.includes(s.id) || text.includes(s.username))
      ? "pushed"
      : "pushed (crowd count only)";
  };

  const PROBES: Record<string, (kind: Subject) => Promise<Answer>> = {
    "GET /api/users/nearby": async (kind) => {
      const list = await ok(
        "GET",
        `/api/users/nearby?latitude=${CITY.latitude}&longitude=${CITY.longitude}&radius=25&limit=50`,
        viewer.cookie,
      );
      const found = list.find((u) => u.id === subject[kind].id);
      if (!found) return "absent";
      return found.distanceHidden ? "distance hidden" : typeof found.distance === "number" ? "distance" : "absent";
    },
    "GET /api/users/:id": async (kind) => {
      const res = await call("GET", `/api/users/${subject[kind].id}`, viewer.cookie);
      if (res.statusCode === 404) return "absent";
      const body = res.json() as { isBlocked: boolean; distanceHidden: boolean; distance: number | null };
      if (body.isBlocked) return "blocked (he may unblock)";
      return body.distanceHidden ? "distance hidden" : body.distance !== null ? "distance" : "absent";
    },
    "GET /api/map/area": async (kind) => {
      const area = (await ok("GET", `/api/map/area?tiles=${tiles().join(",")}`, viewer.cookie)) as unknown as MapArea;
      if (area.tiles.some((t) => t.members.some((m) => m.id === subject[kind].id))) return "marker";
      const [own] = await database.db.select().from(locations).where(eq(locations.userId, subject[kind].id));
      const cell = own ? tileKey(tileOf(own.snappedLatitude, own.snappedLongitude, 14)) : "";
      return area.tiles.some((t) => t.crowds.some((c) => c.id === cell)) ? "crowd" : "absent";
    },
    "push mapChanges": (kind) => mapPush(kind, "mapChanges"),
    "push mapTiles": async (kind) => {
      server.context.mapChanges.memberCap = () => 0;
      try {
        return await mapPush(kind, "mapTiles");
      } finally {
        server.context.mapChanges.memberCap = mapMemberCap;
      }
    },
    "push userOnlineStatusUpdate": async (kind) => {
      const pushes = await pushedDuring(async () => {
        await server.context.presence.markOffline(subject[kind].id);
        await server.context.presence.heartbeat(subject[kind].id);
      });
      return pushes.some(
        (p) => p.event === "userOnlineStatusUpdate" && (p.payload as { userId: string }).userId === subject[kind].id,
      )
        ? "told"
        : "nothing";
    },
    "push typing": async (kind) => {
      const s = subject[kind];
      const pushes = await pushedDuring(async () => {
        s.socket!.emit("typing", { conversationId: s.conversationId, isTyping: true });
        // Its handler has begun once a later event on the same socket is answered.
        await emitAck(s.socket!, "watchEvents", { eventIds: [] });
      });
      return pushes.some((p) => p.event === "typing") ? "told" : "nothing";
    },
    "push messagesRead": async (kind) => {
      const s = subject[kind];
      const [last] = await queryRows<{ id: number }>(
        database.db,
        sql`SELECT max(id)::int AS id FROM messages WHERE conversation_id = ${s.conversationId}::uuid`,
      );
      const pushes = await pushedDuring(async () => {
        await ok("POST", `/api/conversations/${s.conversationId}/read`, s.cookie, { messageId: last!.id });
      });
      return pushes.some((p) => p.event === "messagesRead") ? "told" : "nothing";
    },
    "GET /api/events/:id": async (kind) => {
      if (kind === "not going to the event") {
        const event = await ok("GET", `/api/events/${hostsEvent}`, viewer.cookie);
        return event.address === null ? "address hidden" : "visible";
      }
      const res = await call("GET", `/api/events/${subject[kind].eventId}`, viewer.cookie);
      return res.statusCode === 404 ? "absent" : "visible";
    },
    "GET /api/events/:id/attendees": async (kind) => {
      const body = await ok("GET", `/api/events/${hostsEvent}/attendees`, viewer.cookie);
      return (body.listed as Array<{ id: string }>).some((a) => a.id === subject[kind].id) ? "listed" : "absent";
    },
    "GET /api/groups/:id/members": async (kind) => {
      if (kind === "not a member of the group") {
        const res = await call("GET", `/api/groups/${closedGroup}/members`, viewer.cookie);
        const anonymous = await call("GET", `/api/groups/${closedGroup}/members`);
        return res.statusCode === 403 && anonymous.statusCode === 403 ? "refused" : "listed";
      }
      const list = await ok("GET", `/api/groups/${openGroup}/members`, viewer.cookie);
      return list.some((m) => m.id === subject[kind].id) ? "listed" : "absent";
    },
    "GET /api/conversations/:id/members": async (kind) => {
      const list = await ok("GET", `/api/conversations/${subject[kind].conversationId}/members`, viewer.cookie);
      return list.some((m) => m.id === subject[kind].id) ? "listed" : "absent";
    },
    "push eventChanged": async (kind) => {
      // A group's event the viewer may not see: the closed group's.
      const watched = kind === "not a member of the group" ? closedGroupEvent : subject[kind].eventId;
      await emitAck(viewerSocket, "watchEvents", { eventIds: [watched] });
      const pushes = await pushedDuring(async () => server.context.notify.toEventWatchers(watched));
      await emitAck(viewerSocket, "watchEvents", { eventIds: [] });
      return pushes.some((p) => p.event === "eventChanged") ? "told" : "nothing";
    },
    "push newMessage": async (kind) => {
      if (kind === "not a member of the group") {
        const ack = await emitAck(viewerSocket, "joinConversation", closedConversation);
        return ack.ok ? "told" : "refused";
      }
      const s = subject[kind];
      const pushes = await pushedDuring(async () => {
        await emitAck(s.socket!, "sendMessage", {
          conversationId: s.conversationId,
          content: "hello",
          tempId: randomUUID(),
        });
      });
      return pushes.some((p) => p.event === "newMessage") ? "told" : "nothing";
    },
    "GET /api/taps": async (kind) => {
      const { taps } = (await ok("GET", "/api/taps", viewer.cookie)) as unknown as TapsList;
      return taps.some((t) => t.member.id === subject[kind].id) ? "listed" : "absent";
    },
    "GET /api/favorites": async (kind) => {
      const { favorites } = (await ok("GET", "/api/favorites", viewer.cookie)) as unknown as FavoritesList;
      return favorites.some((f) => f.member.id === subject[kind].id) ? "listed" : "absent";
    },
    "GET /api/views": async (kind) => {
      const { views } = (await ok("GET", "/api/views", viewer.cookie)) as unknown as ViewedMe;
      return views.some((v) => v.member.id === subject[kind].id) ? "listed" : "absent";
    },
    "GET /api/users/:id/albums": async (kind) => {
      const res = await call("GET", `/api/users/${subject[kind].id}/albums`, viewer.cookie);
      const shared = res.statusCode === 200 ? (res.json() as MemberAlbums).sharedWithMe : [];
      const [own] = await queryRows<{ id: string }>(
        database.db,
        sql`SELECT ap.media_id AS id FROM album_pictures ap JOIN albums a ON a.id = ap.album_id WHERE a.owner_id = ${subject[kind].id}::uuid`,
      );
      const served = (await call("GET", `/media/${own!.id}?w=40`, viewer.cookie)).statusCode === 200;
      if (shared.length === 1 && served) return "listed";
      return shared.length === 0 && !served ? "absent" : "refused";
    },
    "GET /api/admin/members": async (kind) => {
      const list = (await ok("GET", `/api/admin/members?q=${subject[kind].username}`, admin.cookie)) as unknown;
      const members = (Array.isArray(list) ? list : ((list as { members?: unknown[] }).members ?? [])) as Array<{
        id: string;
      }>;
      return members.some((m) => m.id === subject[kind].id) ? "listed" : "absent";
    },
  };

  it("names every surface of the server: each GET route and each push is a row of the table or shows no other member", () => {
    const surfaces = [
      ...server.routes.filter((r) => r.method === "GET" && r.access !== "none").map((r) => `GET ${r.url}`),
      ...SERVER_EVENTS.map((e) => `push ${e}`),
    ];
    const unnamed = surfaces.filter((s) => !(s in TABLE) && !(s in SHOWS_NO_OTHER_MEMBER));
    expect(unnamed, "a new surface: give it a row in TABLE (and a probe) or a reason in SHOWS_NO_OTHER_MEMBER").toEqual(
      [],
    );
    const stale = [...Object.keys(TABLE), ...Object.keys(SHOWS_NO_OTHER_MEMBER)].filter(
      (s) => !surfaces.includes(s) && s !== "GET /dev/mail" && s !== "GET /metrics",
    );
    expect(stale, "rows for surfaces the server no longer has").toEqual([]);
    expect(Object.keys(PROBES).sort()).toEqual(Object.keys(TABLE).sort());
  });

  for (const surface of Object.keys(TABLE)) {
    it(`${surface}: each subject as the table says`, async () => {
      const actual: Partial<Record<Subject, Answer>> = {};
      for (const kind of SUBJECTS)
        actual[kind] = TABLE[surface]![kind] === "n/a" ? "n/a" : await PROBES[surface]!(kind);
      expect(actual).toEqual(TABLE[surface]);
    });
  }
});
