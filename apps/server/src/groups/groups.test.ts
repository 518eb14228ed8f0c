import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  GROUP_IDENTITY_OWNER_ONLY,
  GROUP_MEMBERS_PRIVATE,
  GROUP_NAME_REFUSED,
  GROUP_NAME_TAKEN,
  groupListSchema,
  groupSchema,
  type GroupInput,
  type Message,
} from "@vicinity/contract";
import type { BuiltServer } from "../app";
import { groupLog, reports } from "../db/schema";
import { apiCaller, guestCookie, registerMember, testEngines, useListeningServer } from "../test/harness";
import { CITY, offset } from "../test/geo";
import { closeOpenSockets, connected, dataOf, emitAck, nextEvent, socketFor } from "../test/sockets";
import { isRefusedGroupName } from "./names";

afterEach(closeOpenSockets);

function groupInput(over: Partial<GroupInput> = {}): GroupInput {
  return {
    name: "Jax Runners",
    description: "We run by the river on Saturdays.",
    rules: "Be kind. No selling.",
    interests: ["running", "coffee"],
    joinPolicy: "request",
    home: offset(1, 90),
    coverMediaId: null,
    ...over,
  };
}

describe("abusive and misleading group names", () => {
  it("refuses slurs however spelled, and names that pose as staff; keeps innocent words", () => {
    for (const name of ["F@gg0ts united", "faggotclub", "Vicinity Admins", "Official support", "kys"])
      expect(isRefusedGroupName(name), name).toBe(true);
    for (const name of ["Spice lovers", "Fire retardant crew", "Bear hikers", "Kikes? no: Kite surfing"].slice(0, 3))
      expect(isRefusedGroupName(name), name).toBe(false);
  });
});

describe.each(testEngines())("groups (%s)", (engine) => {
  const t = useListeningServer(engine);
  let server: BuiltServer;
  beforeAll(() => {
    server = t.server;
  });
  const call = apiCaller(() => t.server);
  const create = async (cookie: string, over: Partial<GroupInput> = {}) => {
    const res = await call("POST", "/api/groups", cookie, groupInput(over));
    expect(res.statusCode, res.body).toBe(201);
    return groupSchema.parse(res.json());
  };
  const group = async (id: string, cookie?: string) =>
    groupSchema.parse((await call("GET", `/api/groups/${id}`, cookie)).json());

  it("creates a group with a unique, acceptable name, and refuses bad input with a message", async () => {
    const owner = await registerMember(server, "owner@example.com");
    const made = await create(owner.cookie);
    expect(made).toMatchObject({
      name: "Jax Runners",
      myRole: "owner",
      memberCount: 1,
      joinPolicy: "request",
      listed: true,
    });
    expect(made.conversationId).not.toBeNull();
    // The home is snapped like a member's position.
    expect(made.home!.latitude).not.toBe(offset(1, 90).latitude);

    const again = await call("POST", "/api/groups", owner.cookie, groupInput({ name: "JAX RUNNERS" }));
    expect(again.statusCode).toBe(409);
    expect((again.json() as { message: string }).message).toBe(GROUP_NAME_TAKEN);
    const refused = await call("POST", "/api/groups", owner.cookie, groupInput({ name: "Vicinity Moderators" }));
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { message: string }).message).toBe(GROUP_NAME_REFUSED);
    for (const [over, message] of [
      [{ name: "ab" }, /at least 3/],
      [{ joinPolicy: "secret" }, /joinPolicy must be one of/],
      [{ interests: Array.from({ length: 11 }, (_, i) => `i${i}`) }, /At most 10 interests/],
      [{ description: "x".repeat(2001) }, /at most 2000/],
    ] as const) {
      const res = await call("POST", "/api/groups", owner.cookie, { ...groupInput(), ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(message);
    }
    expect(
      (await call("POST", "/api/groups", await guestCookie(server), groupInput({ name: "Guests" }))).statusCode,
    ).toBe(403);
    // At most 3 a day.
    await create(owner.cookie, { name: "Second group" });
    await create(owner.cookie, { name: "Third group" });
    expect((await call("POST", "/api/groups", owner.cookie, groupInput({ name: "Fourth group" }))).statusCode).toBe(
      429,
    );
  });

  it("by request: a member asks, a moderator approves; the group chat then includes him, and everything is logged", async () => {
    const owner = await registerMember(server, "o2@example.com");
    const ben = await registerMember(server, "ben@example.com");
    const made = await create(owner.cookie);
    expect(await group(made.id, ben.cookie)).toMatchObject({ myRole: null, pending: null, conversationId: null });
    expect((await group(made.id, ben.cookie)).pending).toBeNull();
    expect(groupSchema.parse((await call("POST", `/api/groups/${made.id}/join`, ben.cookie)).json())).toMatchObject({
      myRole: null,
      pending: "request",
    });
    expect((await call("POST", `/api/groups/${made.id}/join`, ben.cookie)).statusCode).toBe(409);
    // Only moderators see and answer requests.
    expect((await call("GET", `/api/groups/${made.id}/requests`, ben.cookie)).statusCode).toBe(403);
    const requests = (await call("GET", `/api/groups/${made.id}/requests`, owner.cookie)).json() as Array<{
      user: { id: string };
      kind: string;
    }>;
    expect(requests.map((r) => [r.user.id, r.kind])).toEqual([[ben.id, "request"]]);
    expect((await group(made.id, owner.cookie)).pendingRequests).toBe(1);
    expect((await call("POST", `/api/groups/${made.id}/requests/${ben.id}/approve`, owner.cookie)).statusCode).toBe(
      200,
    );
    const joined = await group(made.id, ben.cookie);
    expect(joined).toMatchObject({ myRole: "member", memberCount: 2, listed: false });
    expect(joined.conversationId).toBe(made.conversationId);
    // Membership is private by default: others see only those who opted in (and the owner).
    // A group by request shows its members to its members only (decisions.md, "Visibility modes").
    const listed = async () =>
      ((await call("GET", `/api/groups/${made.id}/members`, ben.cookie)).json() as Array<{ id: string }>).map(
        (m) => m.id,
      );
    expect(await listed()).toEqual([owner.id]);
    for (const outsider of [
      undefined,
      await guestCookie(server),
      (await registerMember(server, "outsider@example.com")).cookie,
    ]) {
      const refused = await call("GET", `/api/groups/${made.id}/members`, outsider);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: GROUP_MEMBERS_PRIVATE });
    }
    await call("PUT", `/api/groups/${made.id}/me`, ben.cookie, { listed: true });
    expect(await listed()).toEqual([owner.id, ben.id]);
    const log = await t.database.db.select().from(groupLog).where(eq(groupLog.groupId, made.id));
    expect(log.map((l) => l.action)).toEqual(["created", "requested", "approved"]);
    expect(((await call("GET", `/api/groups/${made.id}/log`, owner.cookie)).json() as unknown[]).length).toBe(3);
    expect((await call("GET", `/api/groups/${made.id}/log`, ben.cookie)).statusCode).toBe(403);
  });

  it("open and by-invitation groups; the owner hands over before leaving", async () => {
    const owner = await registerMember(server, "o3@example.com");
    const cal = await registerMember(server, "cal@example.com");
    const made = await create(owner.cookie, { joinPolicy: "invite", name: "Invite only" });
    expect((await call("POST", `/api/groups/${made.id}/join`, cal.cookie)).statusCode).toBe(403);
    // By username (as moderators type it, any case); an unknown one, or bad input, stores nothing.
    const calName = ((await call("GET", "/api/auth/user", cal.cookie)).json() as { username: string }).username;
    expect(
      (await call("POST", `/api/groups/${made.id}/invitations`, owner.cookie, { username: calName.toUpperCase() }))
        .statusCode,
    ).toBe(201);
    expect((await group(made.id, cal.cookie)).pending).toBe("invitation");
    const unknown = await call("POST", `/api/groups/${made.id}/invitations`, owner.cookie, {
      username: "nobody_by_this_name",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: "Member not found" });
    for (const body of [{}, { username: "" }, { userId: "x" }, { userId: cal.id, username: calName }]) {
      const refused = await call("POST", `/api/groups/${made.id}/invitations`, owner.cookie, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof (refused.json() as { message: unknown }).message).toBe("string");
    }
    expect(
      (await call("POST", `/api/groups/${made.id}/invitations`, cal.cookie, { userId: owner.id })).statusCode,
    ).toBe(403);
    // By id too.
    expect(
      (await call("POST", `/api/groups/${made.id}/invitations`, owner.cookie, { userId: cal.id })).statusCode,
    ).toBe(201);
    expect((await call("POST", `/api/groups/${made.id}/join`, cal.cookie)).statusCode).toBe(200);
    expect((await group(made.id, cal.cookie)).myRole).toBe("member");

    // A policy change to open: anyone joins at once.
    await call("PUT", `/api/groups/${made.id}`, owner.cookie, groupInput({ name: "Invite only", joinPolicy: "open" }));
    const dan = await registerMember(server, "dan@example.com");
    expect(groupSchema.parse((await call("POST", `/api/groups/${made.id}/join`, dan.cookie)).json()).myRole).toBe(
      "member",
    );
    // Members cannot edit; the owner cannot leave before handing over.
    expect((await call("PUT", `/api/groups/${made.id}`, dan.cookie, groupInput({ name: "Mine now" }))).statusCode).toBe(
      403,
    );
    expect((await call("POST", `/api/groups/${made.id}/leave`, owner.cookie)).statusCode).toBe(409);
    expect((await call("POST", `/api/groups/${made.id}/owner`, owner.cookie, { userId: cal.id })).statusCode).toBe(200);
    expect((await group(made.id, cal.cookie)).myRole).toBe("owner");
    expect((await group(made.id, owner.cookie)).myRole).toBe("moderator");
    // A moderator edits the rest, but the name and who can join are the owner's: he cannot take the group over.
    for (const over of [{ name: "Taken over" }, { joinPolicy: "invite" as const }]) {
      const refused = await call(
        "PUT",
        `/api/groups/${made.id}`,
        owner.cookie,
        groupInput({ name: "Invite only", joinPolicy: "open", ...over }),
      );
      expect(refused.statusCode, JSON.stringify(over)).toBe(403);
      expect(refused.json()).toEqual({ message: GROUP_IDENTITY_OWNER_ONLY });
      expect(await group(made.id, cal.cookie)).toMatchObject({ name: "Invite only", joinPolicy: "open" });
    }
    const edited = await call(
      "PUT",
      `/api/groups/${made.id}`,
      owner.cookie,
      groupInput({ name: "Invite only", joinPolicy: "open", description: "Edited by a moderator" }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await group(made.id, cal.cookie)).description).toBe("Edited by a moderator");
    expect((await call("POST", `/api/groups/${made.id}/leave`, owner.cookie)).statusCode).toBe(200);
    expect((await call("DELETE", `/api/groups/${made.id}`, dan.cookie)).statusCode).toBe(403);
    expect((await call("DELETE", `/api/groups/${made.id}`, cal.cookie)).statusCode).toBe(200);
    expect((await call("GET", `/api/groups/${made.id}`)).statusCode).toBe(404);
  });

  it("group chat: members hear each other; a removed member stops receiving at once and gets 403 on the history", async () => {
    const owner = await registerMember(server, "o4@example.com");
    const eli = await registerMember(server, "eli@example.com");
    const fin = await registerMember(server, "fin@example.com");
    const made = await create(owner.cookie, { joinPolicy: "open", name: "Open chat" });
    await call("POST", `/api/groups/${made.id}/join`, eli.cookie);
    await call("POST", `/api/groups/${made.id}/join`, fin.cookie);
    const conversationId = made.conversationId!;
    const [so, se, sf] = [socketFor(t.url, owner.cookie), socketFor(t.url, eli.cookie), socketFor(t.url, fin.cookie)];
    await Promise.all([connected(so), connected(se), connected(sf)]);

    // The chat's members, with names for its messages; a block hides each from the other.
    const names = async (cookie: string) =>
      ((await call("GET", `/api/conversations/${conversationId}/members`, cookie)).json() as { id: string }[])
        .map((m) => m.id)
        .sort();
    expect(await names(eli.cookie)).toEqual([owner.id, eli.id, fin.id].sort());
    // The chat knows its group and my role in it (the thread's report and remove).
    expect((await call("GET", `/api/conversations/${conversationId}`, eli.cookie)).json()).toMatchObject({
      kind: "group",
      group: { id: made.id, role: "member" },
    });
    expect((await call("GET", `/api/conversations/${conversationId}`, owner.cookie)).json()).toMatchObject({
      group: { id: made.id, role: "owner" },
    });
    expect((await call("POST", `/api/users/${fin.id}/block`, eli.cookie)).statusCode).toBeLessThan(300);
    expect(await names(eli.cookie)).toEqual([owner.id, eli.id].sort());
    expect(await names(fin.cookie)).toEqual([owner.id, fin.id].sort());
    expect((await call("DELETE", `/api/users/${fin.id}/block`, eli.cookie)).statusCode).toBeLessThan(300);

    const heardByFin = nextEvent(sf, "newMessage", (m) => m.content === "hello all");
    const sent = dataOf(
      await emitAck<Message>(se, "sendMessage", { conversationId, content: "hello all", tempId: "t1" }),
    );
    expect((await heardByFin).id).toBe(sent.id);

    // A moderator removes Fin: his next message is refused and he hears nothing more.
    expect((await call("POST", `/api/groups/${made.id}/members/${fin.id}/remove`, owner.cookie)).statusCode).toBe(200);
    let finHeard = 0;
    sf.on("newMessage", () => (finHeard += 1));
    const heardByEli = nextEvent(se, "newMessage", (m) => m.content === "after Fin left");
    await emitAck(so, "sendMessage", { conversationId, content: "after Fin left", tempId: "t2" });
    await heardByEli;
    expect(finHeard).toBe(0);
    expect((await emitAck(sf, "sendMessage", { conversationId, content: "still here?", tempId: "t3" })).ok).toBe(false);
    const history = await call("GET", `/api/conversations/${conversationId}/messages`, fin.cookie);
    expect(history.statusCode).toBe(403);
    expect((history.json() as { message: string }).message).toBe("You are not a member of this group");
    expect((await call("GET", `/api/conversations/${conversationId}/members`, fin.cookie)).statusCode).toBe(403);
    // Members cannot remove each other; the owner removes moderators; nobody removes the owner.
    expect((await call("POST", `/api/groups/${made.id}/members/${owner.id}/remove`, eli.cookie)).statusCode).toBe(403);

    // A moderator removes a message: it keeps its place, with nothing of what it said.
    const removed = nextEvent(se, "messageRemoved", (e) => e.messageId === sent.id);
    expect((await call("DELETE", `/api/groups/${made.id}/messages/${sent.id}`, owner.cookie)).statusCode).toBe(200);
    await removed;
    const page = (await call("GET", `/api/conversations/${conversationId}/messages`, eli.cookie)).json() as Message[];
    expect(page.find((m) => m.id === sent.id)).toMatchObject({ content: "", picture: null, removed: true });
    expect((await call("DELETE", `/api/groups/${made.id}/messages/${sent.id + 1000}`, owner.cookie)).statusCode).toBe(
      404,
    );
    expect((await call("DELETE", `/api/groups/${made.id}/messages/${sent.id}`, eli.cookie)).statusCode).toBe(403);

    // Muted: his unread count leaves the group out.
    await emitAck(so, "sendMessage", { conversationId, content: "one more", tempId: "t4" });
    await expect
      .poll(async () => (await call("GET", "/api/messages/unread-count", eli.cookie)).json())
      .toBeGreaterThan(0);
    await call("PUT", `/api/groups/${made.id}/me`, eli.cookie, { muted: true });
    expect((await call("GET", "/api/messages/unread-count", eli.cookie)).json()).toBe(0);
  });

  it("finds groups by name or interest, near a point, popular first; his own first; blocks hide", async () => {
    const a = await registerMember(server, "a5@example.com");
    const b = await registerMember(server, "b5@example.com");
    const c = await registerMember(server, "c5@example.com");
    const near = await create(a.cookie, {
      name: "Riverside bears",
      interests: ["hiking"],
      joinPolicy: "open",
      home: offset(1, 0),
    });
    const far = await create(b.cookie, {
      name: "Beach volleyball",
      interests: ["sports", "beach"],
      joinPolicy: "open",
      home: offset(40, 0),
    });
    const popular = await create(c.cookie, { name: "Book club", interests: ["books"], joinPolicy: "open", home: null });
    await call("POST", `/api/groups/${popular.id}/join`, a.cookie);
    await call("POST", `/api/groups/${popular.id}/join`, b.cookie);
    const find = async (query: string, cookie?: string) =>
      groupListSchema.parse((await call("GET", `/api/groups?${query}`, cookie)).json()).groups.map((g) => g.name);
    expect(await find("")).toEqual(["Book club", "Beach volleyball", "Riverside bears"]);
    expect(await find(`latitude=${CITY.latitude}&longitude=${CITY.longitude}`)).toEqual([
      "Riverside bears",
      "Beach volleyball",
      "Book club",
    ]);
    expect(await find("q=beach")).toEqual(["Beach volleyball"]);
    expect(await find("q=hiking")).toEqual(["Riverside bears"]);
    expect(await find("q=%25")).toEqual([]);
    // His own first (a visitor's view is the popular order).
    expect((await find("", b.cookie))[0]).toBe("Book club");
    expect((await find("", a.cookie)).slice(0, 2).sort()).toEqual(["Book club", "Riverside bears"]);
    // A block hides a group owned by the other.
    await call("POST", `/api/users/${c.id}/block`, b.cookie);
    expect(await find("", b.cookie)).not.toContain("Book club");
    expect((await call("GET", `/api/groups/${popular.id}`, b.cookie)).statusCode).toBe(404);
    expect(far.name).toBe("Beach volleyball");
    expect(near.distance).toBeNull();
  });

  it("a group's events are for its members; reports of a group and of a message go to the queue", async () => {
    const owner = await registerMember(server, "o6@example.com");
    const gus = await registerMember(server, "gus@example.com");
    const out = await registerMember(server, "out@example.com");
    const made = await create(owner.cookie, { name: "Events group", joinPolicy: "open" });
    await call("POST", `/api/groups/${made.id}/join`, gus.cookie);
    const start = new Date(Date.now() + 86_400_000);
    const eventRes = await call("POST", "/api/events", owner.cookie, {
      title: "Members' picnic",
      description: "",
      category: "social",
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 7_200_000).toISOString(),
      timeZone: "America/New_York",
      venueName: "Park",
      address: "",
      addressFor: "everyone",
      ...offset(1, 0),
      capacity: 10,
      coverMediaId: null,
      groupId: made.id,
    });
    expect(eventRes.statusCode, eventRes.body).toBe(201);
    const eventId = (eventRes.json() as { id: string }).id;
    expect(((await call("GET", `/api/groups/${made.id}/events`, gus.cookie)).json() as unknown[]).length).toBe(1);
    expect((await call("GET", `/api/groups/${made.id}/events`, out.cookie)).json()).toEqual([]);
    expect((await call("GET", `/api/events/${eventId}`, out.cookie)).statusCode).toBe(404);
    expect((await call("PUT", `/api/events/${eventId}/rsvp`, out.cookie, { status: "going" })).statusCode).toBe(404);
    expect((await call("PUT", `/api/events/${eventId}/rsvp`, gus.cookie, { status: "going" })).statusCode).toBe(200);
    // Outsiders cannot host a group's event.
    const outsider = await call("POST", "/api/events", out.cookie, {
      ...(eventRes.json() as object),
      groupId: made.id,
    });
    expect(outsider.statusCode).toBe(400);

    expect((await call("POST", `/api/groups/${made.id}/report`, gus.cookie, { reason: "spam" })).statusCode).toBe(201);
    const s = socketFor(t.url, owner.cookie);
    await connected(s);
    const msg = dataOf(
      await emitAck<Message>(s, "sendMessage", {
        conversationId: made.conversationId,
        content: "buy my stuff",
        tempId: "r1",
      }),
    );
    expect(
      (await call("POST", `/api/groups/${made.id}/report`, gus.cookie, { reason: "spam", messageId: msg.id }))
        .statusCode,
    ).toBe(201);
    expect(
      (await call("POST", `/api/groups/${made.id}/report`, out.cookie, { reason: "spam", messageId: msg.id }))
        .statusCode,
    ).toBe(404);
    const rows = await t.database.db.select().from(reports);
    expect(rows.map((r) => [r.reportedId, r.groupId, r.messageId])).toEqual([
      [owner.id, made.id, null],
      [owner.id, made.id, msg.id],
    ]);
  });
});
