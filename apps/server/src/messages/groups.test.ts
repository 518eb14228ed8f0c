import type { InjectOptions } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import type { ConversationSummary, Message, TypingEvent } from "@vicinity/contract";
import { registerMember, testEngines, useListeningServer } from "../test/harness";
import { closeOpenSockets, connected, dataOf, emitAck, nextEvent, socketFor, type ClientSocket } from "../test/sockets";
import { createGroupConversation, setGroupMembership } from "./service";

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Conversations of any size, as a group's chat uses them. */
describe.each(testEngines())("group conversations (%s)", (engine) => {
  const t = useListeningServer(engine);
  const inject = (options: InjectOptions) => t.server.app.inject(options);
  afterEach(closeOpenSockets);

  async function crew() {
    const a = await registerMember(t.server, "alex@example.com");
    const b = await registerMember(t.server, "ben@example.com");
    const c = await registerMember(t.server, "cal@example.com");
    const group = await createGroupConversation(t.database.db, {
      creatorId: a.id,
      title: "Beach volleyball",
      memberIds: [b.id, c.id],
    });
    const sockets = { a: socketFor(t.url, a.cookie), b: socketFor(t.url, b.cookie), c: socketFor(t.url, c.cookie) };
    await Promise.all(Object.values(sockets).map(connected));
    return { a, b, c, group, sockets };
  }
  const inbox = async (cookie: string) =>
    (await inject({ method: "GET", url: "/api/conversations", headers: { cookie } })).json() as ConversationSummary[];
  const history = async (cookie: string, id: string) =>
    (
      await inject({ method: "GET", url: `/api/conversations/${id}/messages`, headers: { cookie } })
    ).json() as Message[];
  const unread = async (cookie: string) =>
    (await inject({ method: "GET", url: "/api/messages/unread-count", headers: { cookie } })).json() as number;
  const send = async (socket: ClientSocket, conversationId: string, content: string) =>
    emitAck<Message>(socket, "sendMessage", { conversationId, content, tempId: `${content}-${Math.random()}` });

  it("the inbox shows direct and group conversations: a group by its title and size, with no peer", async () => {
    const { a, b, group } = await crew();
    await inject({
      method: "POST",
      url: "/api/conversations",
      headers: { cookie: a.cookie },
      payload: { userId: b.id },
    });
    const rows = await inbox(a.cookie);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === group)).toMatchObject({
      kind: "group",
      title: "Beach volleyball",
      participantCount: 3,
      peer: null,
      blocked: false,
    });
    expect(rows.find((r) => r.id !== group)).toMatchObject({
      kind: "direct",
      title: null,
      participantCount: 2,
      peer: { id: b.id },
    });
  });

  it("every member has his own read mark; my message counts as read when every other member read it", async () => {
    const { a, b, c, group, sockets } = await crew();
    const sent = dataOf(await send(sockets.a, group, "Who's in on Saturday?"));
    expect(await unread(b.cookie)).toBe(1);
    expect(await unread(c.cookie)).toBe(1);
    const readByB = nextEvent(sockets.a, "messagesRead", (e) => e.userId === b.id);
    await inject({
      method: "POST",
      url: `/api/conversations/${group}/read`,
      headers: { cookie: b.cookie },
      payload: { messageId: sent.id },
    });
    expect(await readByB).toMatchObject({ conversationId: group, lastReadMessageId: sent.id });
    expect(await unread(b.cookie)).toBe(0);
    expect(await unread(c.cookie)).toBe(1);
    expect((await inbox(a.cookie))[0]?.peerLastReadMessageId).toBe(0);
    await inject({
      method: "POST",
      url: `/api/conversations/${group}/read`,
      headers: { cookie: c.cookie },
      payload: { messageId: sent.id },
    });
    expect((await inbox(a.cookie))[0]?.peerLastReadMessageId).toBe(sent.id);
  });

  it("tells every other member who is typing", async () => {
    const { a, group, sockets } = await crew();
    const atB = nextEvent(sockets.b, "typing");
    const atC = nextEvent(sockets.c, "typing");
    sockets.a.emit("typing", { conversationId: group, isTyping: true });
    expect(await atB).toEqual({ conversationId: group, userId: a.id, isTyping: true });
    expect(await atC).toEqual({ conversationId: group, userId: a.id, isTyping: true });
  });

  it("a block hides the blocked member's messages from the one who blocked (and back), and silences him for nobody else", async () => {
    const { a, b, c, group, sockets } = await crew();
    expect(
      (await inject({ method: "POST", url: `/api/users/${b.id}/block`, headers: { cookie: a.cookie } })).statusCode,
    ).toBeLessThan(300);
    const seenByA: Message[] = [];
    sockets.a.on("newMessage", (m) => seenByA.push(m));
    const typingAtA: TypingEvent[] = [];
    sockets.a.on("typing", (e) => typingAtA.push(e));

    // Ben still speaks in the group: Cal hears him, Alex does not.
    const atC = nextEvent(sockets.c, "newMessage", (m) => m.senderId === b.id);
    const fromBen = await send(sockets.b, group, "I can bring the ball");
    expect(fromBen.ok).toBe(true);
    expect((await atC).content).toBe("I can bring the ball");
    sockets.b.emit("typing", { conversationId: group, isTyping: true });
    // Cal's message reaches Alex: by then Ben's would have.
    const calToA = nextEvent(sockets.a, "newMessage", (m) => m.senderId === c.id);
    dataOf(await send(sockets.c, group, "Great"));
    await calToA;
    await settle(200);
    expect(seenByA.map((m) => m.senderId)).toEqual([c.id]);
    expect(typingAtA).toEqual([]);

    expect((await history(a.cookie, group)).map((m) => m.content)).toEqual(["Great"]);
    expect((await history(c.cookie, group)).map((m) => m.content)).toEqual(["Great", "I can bring the ball"]);
    expect(await unread(a.cookie)).toBe(1);
    const [summaryForA] = await inbox(a.cookie);
    expect(summaryForA).toMatchObject({ kind: "group", blocked: false, lastMessage: { content: "Great" } });
    // And back: Ben does not see Alex's messages either.
    dataOf(await send(sockets.a, group, "See you there"));
    expect((await history(b.cookie, group)).map((m) => m.content)).not.toContain("See you there");
    // A direct conversation between them stays closed.
    const direct = await inject({
      method: "POST",
      url: "/api/conversations",
      headers: { cookie: b.cookie },
      payload: { userId: a.id },
    });
    expect(direct.statusCode).toBe(403);
  });

  it("members join and leave: a new member sends, a former one is refused", async () => {
    const { c, group, sockets } = await crew();
    const d = await registerMember(t.server, "dan@example.com");
    const sd = socketFor(t.url, d.cookie);
    await connected(sd);
    expect(await send(sd, group, "hi all")).toEqual({ ok: false, message: "You are not a member of this group" });
    await setGroupMembership(t.database.db, t.server.context.participants, group, d.id, true);
    expect((await send(sd, group, "hi all")).ok).toBe(true);
    await setGroupMembership(t.database.db, t.server.context.participants, group, c.id, false);
    expect(await send(sockets.c, group, "still here?")).toEqual({
      ok: false,
      message: "You are not a member of this group",
    });
    expect((await inbox(c.cookie)).map((r) => r.id)).not.toContain(group);
  });
});
