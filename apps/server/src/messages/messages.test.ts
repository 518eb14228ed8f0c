import { eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Ack, ConversationSummary, Message } from "@vicinity/contract";
import { buildServer, type BuiltServer } from "../app";
import type { Database } from "../db/database";
import { blocks, messages } from "../db/schema";
import {
  createTestDatabase,
  guestCookie,
  registerMember,
  resetDatabase,
  testConfig,
  testEngines,
} from "../test/harness";
import { jpegWithGps, pictureForm } from "../test/pictures";
import { closeOpenSockets, connected, dataOf, emitAck, listen, nextEvent, socketFor } from "../test/sockets";

describe.each(testEngines())("messages (%s)", (engine) => {
  let database: Database;
  let server: BuiltServer;
  let url: string;
  const inject = (options: InjectOptions) => server.app.inject(options);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    server = await buildServer(testConfig({ messagesPerMinute: 30 }), { database });
    url = await listen(server);
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });
  beforeEach(() => resetDatabase(database));
  afterEach(closeOpenSockets);

  async function pair() {
    const a = await registerMember(server, "alice@example.com");
    const b = await registerMember(server, "bob@example.com");
    const res = await inject({
      method: "POST",
      url: "/api/conversations",
      headers: { cookie: a.cookie },
      payload: { userId: b.id },
    });
    expect(res.statusCode).toBe(200);
    return { a, b, conversation: res.json() as ConversationSummary };
  }

  const send = async (cookie: string, payload: unknown) => {
    const socket = socketFor(url, cookie);
    await connected(socket);
    return { socket, ack: await emitAck<Message>(socket, "sendMessage", payload) };
  };

  it("opens one conversation per pair, from either side", async () => {
    const { a, b, conversation } = await pair();
    expect(conversation).toMatchObject({
      peer: { id: b.id, username: b.username },
      lastMessage: null,
      unreadCount: 0,
      blocked: false,
    });
    const fromB = await inject({
      method: "POST",
      url: "/api/conversations",
      headers: { cookie: b.cookie },
      payload: { userId: a.id },
    });
    expect(fromB.json().id).toBe(conversation.id);
  });

  it("stores before acknowledging, pushes to both members, and a retried tempId returns the same message", async () => {
    const { a, b, conversation } = await pair();
    const bobSocket = socketFor(url, b.cookie);
    await connected(bobSocket);
    const pushed = nextEvent(bobSocket, "newMessage");
    const { socket, ack } = await send(a.cookie, {
      conversationId: conversation.id,
      content: "  Hi Bob  ",
      tempId: "t-1",
    });
    expect(ack.ok).toBe(true);
    const message = dataOf(ack);
    expect(message).toMatchObject({
      conversationId: conversation.id,
      senderId: a.id,
      content: "Hi Bob",
      tempId: "t-1",
      picture: null,
    });
    expect(await pushed).toEqual(message);

    const again = await emitAck<Message>(socket, "sendMessage", {
      conversationId: conversation.id,
      content: "Hi Bob",
      tempId: "t-1",
    });
    expect(again).toEqual({ ok: true, data: message });
    expect(await database.db.select().from(messages)).toHaveLength(1);

    const unread = await inject({ method: "GET", url: "/api/messages/unread-count", headers: { cookie: b.cookie } });
    expect(unread.json()).toBe(1);
    const inbox = await inject({ method: "GET", url: "/api/conversations", headers: { cookie: b.cookie } });
    expect(inbox.json()).toEqual([
      expect.objectContaining({ id: conversation.id, unreadCount: 1, lastMessage: message }),
    ]);
  });

  it("answers the sending socket with its ack only; the sender's other tabs and the recipient get the message pushed", async () => {
    const { a, b, conversation } = await pair();
    const bobSocket = socketFor(url, b.cookie);
    const otherTab = socketFor(url, a.cookie);
    const sending = socketFor(url, a.cookie);
    await Promise.all([connected(bobSocket), connected(otherTab), connected(sending)]);
    let echoes = 0;
    sending.on("newMessage", () => void (echoes += 1));
    const toBob = nextEvent(bobSocket, "newMessage");
    const toOtherTab = nextEvent(otherTab, "newMessage");
    const ack = await emitAck<Message>(sending, "sendMessage", {
      conversationId: conversation.id,
      content: "Hi",
      tempId: "e-1",
    });
    const message = dataOf(ack);
    expect(await toBob).toEqual(message);
    expect(await toOtherTab).toEqual(message);
    // A push to the sending socket would have left before its ack, on the same connection, in order;
    // one more round trip on it for good measure.
    await emitAck(sending, "joinConversation", conversation.id);
    expect(echoes).toBe(0);
  });

  it("pushes a retried send again (its first push may never have left a node that died), but not to one who blocked since", async () => {
    const { a, b, conversation } = await pair();
    const bobSocket = socketFor(url, b.cookie);
    await connected(bobSocket);
    const first = nextEvent(bobSocket, "newMessage");
    const { socket } = await send(a.cookie, { conversationId: conversation.id, content: "Hi", tempId: "r-1" });
    const message = await first;
    const again = nextEvent(bobSocket, "newMessage");
    expect(
      await emitAck<Message>(socket, "sendMessage", { conversationId: conversation.id, content: "Hi", tempId: "r-1" }),
    ).toEqual({ ok: true, data: message });
    expect(await again).toEqual(message);

    await database.db.insert(blocks).values({ blockerId: b.id, blockedId: a.id });
    let pushedAfterBlock = 0;
    bobSocket.on("newMessage", () => void (pushedAfterBlock += 1));
    const mine = nextEvent(socket, "newMessage");
    expect(
      await emitAck<Message>(socket, "sendMessage", { conversationId: conversation.id, content: "Hi", tempId: "r-1" }),
    ).toEqual({ ok: true, data: message });
    // The sender's own sockets are told (his other tabs); the push to Bob would have come as soon.
    expect(await mine).toEqual(message);
    await emitAck(bobSocket, "joinConversation", conversation.id);
    expect(pushedAfterBlock).toBe(0);
    expect(await database.db.select().from(messages)).toHaveLength(1);
  });

  it("refuses bad sends with a readable message and stores nothing", async () => {
    const { a, conversation } = await pair();
    const socket = socketFor(url, a.cookie);
    await connected(socket);
    const cases: Array<[unknown, RegExp]> = [
      [{ conversationId: conversation.id, content: "", tempId: "x" }, /Write something or attach a picture/],
      [{ conversationId: conversation.id, content: "   ", tempId: "x" }, /Write something or attach a picture/],
      [{ conversationId: conversation.id, content: "x".repeat(2001), tempId: "x" }, /at most 2,000 characters/],
      [{ conversationId: conversation.id, content: "hi" }, /tempId is required/],
      [{ conversationId: conversation.id, content: "hi", tempId: "x".repeat(65) }, /tempId can be at most 64/],
      [{ conversationId: "nope", content: "hi", tempId: "x" }, /conversation id is not valid/],
      [{ conversationId: conversation.id, content: 5, tempId: "x" }, /content must be text/],
      [{ conversationId: conversation.id, content: "hi", tempId: "x", extra: 1 }, /Unknown field: extra/],
      [
        {
          conversationId: conversation.id,
          content: "hi",
          tempId: "x",
          mediaId: "00000000-0000-4000-8000-000000000000",
        },
        /Picture not found/,
      ],
      [null, /./],
      ["hello", /./],
    ];
    for (const [payload, message] of cases) {
      const ack = await emitAck(socket, "sendMessage", payload);
      expect(ack.ok, JSON.stringify(payload)).toBe(false);
      expect((ack as { message: string }).message, JSON.stringify(payload)).toMatch(message);
    }
    expect(await database.db.select().from(messages)).toHaveLength(0);
    // Exactly 2,000 characters is fine.
    expect(
      (
        await emitAck(socket, "sendMessage", {
          conversationId: conversation.id,
          content: "y".repeat(2000),
          tempId: "max",
        })
      ).ok,
    ).toBe(true);
  });

  it("lets only participants join, read or send; everyone else is refused", async () => {
    const { conversation } = await pair();
    const eve = await registerMember(server, "eve@example.com");
    const socket = socketFor(url, eve.cookie);
    await connected(socket);
    expect(await emitAck(socket, "joinConversation", conversation.id)).toEqual({
      ok: false,
      message: "You are not in this conversation",
    });
    const sent = await emitAck(socket, "sendMessage", {
      conversationId: conversation.id,
      content: "let me in",
      tempId: "e-1",
    });
    expect(sent).toEqual({ ok: false, message: "Conversation not found" });
    for (const [method, path, payload] of [
      ["GET", `/api/conversations/${conversation.id}`, undefined],
      ["GET", `/api/conversations/${conversation.id}/messages`, undefined],
      ["POST", `/api/conversations/${conversation.id}/read`, { messageId: 1 }],
    ] as const) {
      const res = await inject({ method, url: path, headers: { cookie: eve.cookie }, ...(payload ? { payload } : {}) });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message).toBe("Conversation not found");
    }
    const missed = await inject({
      method: "GET",
      url: "/api/messages/missed?after=0",
      headers: { cookie: eve.cookie },
    });
    expect(missed.json()).toEqual([]);
    expect(await database.db.select().from(messages)).toHaveLength(0);
    for (const cookie of [undefined, await guestCookie(server)]) {
      const res = await inject({ method: "GET", url: "/api/conversations", headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(cookie ? 403 : 401);
    }
  });

  it("refuses conversations and messages when either blocked the other", async () => {
    const { a, b, conversation } = await pair();
    await database.db.insert(blocks).values({ blockerId: b.id, blockedId: a.id });
    const { ack } = await send(a.cookie, { conversationId: conversation.id, content: "hello?", tempId: "blocked-1" });
    expect(ack).toEqual({ ok: false, message: "You can't message this member" });
    const open = await inject({
      method: "POST",
      url: "/api/conversations",
      headers: { cookie: a.cookie },
      payload: { userId: b.id },
    });
    expect(open.statusCode).toBe(403);
    expect(open.json().message).toBe("You can't message this member");
    const inbox = (
      await inject({ method: "GET", url: "/api/conversations", headers: { cookie: b.cookie } })
    ).json() as ConversationSummary[];
    expect(inbox[0]?.blocked).toBe(true);
    expect(await database.db.select().from(messages)).toHaveLength(0);
  });

  it("pages history backwards and catches up after an id", async () => {
    const { a, conversation } = await pair();
    const socket = socketFor(url, a.cookie);
    await connected(socket);
    const ids: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      const sentMessage = dataOf(
        await emitAck<Message>(socket, "sendMessage", {
          conversationId: conversation.id,
          content: `m${i}`,
          tempId: `h-${i}`,
        }),
      );
      ids.push(sentMessage.id);
    }
    const first = await inject({
      method: "GET",
      url: `/api/conversations/${conversation.id}/messages?limit=10`,
      headers: { cookie: a.cookie },
    });
    expect((first.json() as Message[]).map((m) => m.content)).toEqual(
      Array.from({ length: 10 }, (_, i) => `m${24 - i}`),
    );
    const cursor = String(first.headers["x-next-cursor"]);
    const second = await inject({
      method: "GET",
      url: `/api/conversations/${conversation.id}/messages?limit=10&before=${cursor}`,
      headers: { cookie: a.cookie },
    });
    expect((second.json() as Message[]).map((m) => m.content)).toEqual(
      Array.from({ length: 10 }, (_, i) => `m${14 - i}`),
    );
    const missed = await inject({
      method: "GET",
      url: `/api/messages/missed?after=${ids[19]}`,
      headers: { cookie: a.cookie },
    });
    expect((missed.json() as Message[]).map((m) => m.content)).toEqual(["m20", "m21", "m22", "m23", "m24"]);
    for (const bad of ["limit=0", "limit=101", "before=abc", "cursor=1"]) {
      expect(
        (
          await inject({
            method: "GET",
            url: `/api/conversations/${conversation.id}/messages?${bad}`,
            headers: { cookie: a.cookie },
          })
        ).statusCode,
        bad,
      ).toBe(400);
    }
    expect(
      (await inject({ method: "GET", url: "/api/messages/missed", headers: { cookie: a.cookie } })).json().message,
    ).toMatch(/after/);
  });

  it("marks read: unread falls to zero and the sender sees the receipt; typing reaches the other member", async () => {
    const { a, b, conversation } = await pair();
    const alice = socketFor(url, a.cookie);
    const bob = socketFor(url, b.cookie);
    await Promise.all([connected(alice), connected(bob)]);
    const message = dataOf(
      await emitAck<Message>(alice, "sendMessage", {
        conversationId: conversation.id,
        content: "read me",
        tempId: "r-1",
      }),
    );

    const typing = nextEvent(alice, "typing");
    bob.emit("typing", { conversationId: conversation.id, isTyping: true });
    expect(await typing).toEqual({ conversationId: conversation.id, userId: b.id, isTyping: true });

    const receipt = nextEvent(alice, "messagesRead");
    const read = await inject({
      method: "POST",
      url: `/api/conversations/${conversation.id}/read`,
      headers: { cookie: b.cookie },
      payload: { messageId: message.id },
    });
    expect(read.json()).toEqual({ lastReadMessageId: message.id });
    expect(await receipt).toEqual({ conversationId: conversation.id, userId: b.id, lastReadMessageId: message.id });
    expect(
      (await inject({ method: "GET", url: "/api/messages/unread-count", headers: { cookie: b.cookie } })).json(),
    ).toBe(0);
    const aliceInbox = (
      await inject({ method: "GET", url: "/api/conversations", headers: { cookie: a.cookie } })
    ).json() as ConversationSummary[];
    expect(aliceInbox[0]?.peerLastReadMessageId).toBe(message.id);
    // Never backwards, never past the newest message.
    await inject({
      method: "POST",
      url: `/api/conversations/${conversation.id}/read`,
      headers: { cookie: b.cookie },
      payload: { messageId: 1_000_000 },
    });
    const [bobRead] = (
      await inject({ method: "GET", url: "/api/conversations", headers: { cookie: a.cookie } })
    ).json() as ConversationSummary[];
    expect(bobRead?.peerLastReadMessageId).toBe(message.id);
    for (const bad of [{}, { messageId: 0 }, { messageId: "1" }, { messageId: 1.5 }]) {
      expect(
        (
          await inject({
            method: "POST",
            url: `/api/conversations/${conversation.id}/read`,
            headers: { cookie: b.cookie },
            payload: bad,
          })
        ).statusCode,
      ).toBe(400);
    }
  });

  it("sends a picture message; only the two members can see the picture", async () => {
    const { a, b, conversation } = await pair();
    const up = await inject({
      method: "POST",
      url: "/api/media?kind=message",
      headers: { cookie: a.cookie },
      payload: pictureForm(await jpegWithGps(300, 200)),
    });
    expect(up.statusCode).toBe(201);
    const mediaId = (up.json() as { id: string }).id;
    const { ack } = await send(a.cookie, { conversationId: conversation.id, content: "", tempId: "p-1", mediaId });
    expect(ack.ok).toBe(true);
    const message = dataOf(ack);
    expect(message.picture).toEqual({ id: mediaId, url: `/media/${mediaId}`, width: 300, height: 200 });
    expect(
      (await inject({ method: "GET", url: `/media/${mediaId}?w=200`, headers: { cookie: b.cookie } })).statusCode,
    ).toBe(200);
    const eve = await registerMember(server, "eve@example.com");
    expect(
      (await inject({ method: "GET", url: `/media/${mediaId}?w=150`, headers: { cookie: eve.cookie } })).statusCode,
    ).toBe(404);
    expect((await inject({ method: "GET", url: `/media/${mediaId}?w=150` })).statusCode).toBe(404);
  });

  it("rate-limits sending, and says so as something to retry", async () => {
    const { a, conversation } = await pair();
    const socket = socketFor(url, a.cookie);
    await connected(socket);
    const acks: Ack<Message>[] = [];
    for (let i = 0; i < 31; i += 1)
      acks.push(
        await emitAck<Message>(socket, "sendMessage", {
          conversationId: conversation.id,
          content: `${i}`,
          tempId: `rl-${i}`,
        }),
      );
    expect(acks.filter((x) => x.ok)).toHaveLength(30);
    expect(acks.at(-1)).toEqual({
      ok: false,
      message: "You are sending messages too fast. Wait a moment and try again.",
      retry: true,
      rateLimited: true,
    });
  });

  it("keeps a deleted member's messages, from nobody", async () => {
    const { a, b, conversation } = await pair();
    await send(a.cookie, { conversationId: conversation.id, content: "bye", tempId: "d-1" });
    await inject({
      method: "DELETE",
      url: "/api/users/account",
      headers: { cookie: a.cookie },
      payload: { password: "correct horse battery staple" },
    });
    const [kept] = await database.db.select().from(messages).where(eq(messages.conversationId, conversation.id));
    expect(kept?.senderId).toBeNull();
    const inbox = (
      await inject({ method: "GET", url: "/api/conversations", headers: { cookie: b.cookie } })
    ).json() as ConversationSummary[];
    expect(inbox[0]).toMatchObject({ peer: null, lastMessage: { content: "bye", senderId: null } });
  });
});
