import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { ConversationSummary, TypingEvent, MessagesReadEvent, Message } from "@vicinity/contract";
import { buildServer } from "../app";
import { locations } from "../db/schema";
import {
  createTestDatabase,
  registerMember,
  STRONG_PASSWORD,
  testConfig,
  testEngines,
  useListeningServer,
} from "../test/harness";
import {
  closeOpenSockets,
  connected,
  dataOf,
  emitAck,
  listen,
  nextEvent,
  socketFor,
  type ClientSocket,
} from "../test/sockets";

afterEach(closeOpenSockets);

/** Resolves once the socket is disconnected; rejects after `ms`. */
function disconnectedWithin(socket: ClientSocket, ms: number): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    if (socket.disconnected) return resolve(0);
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    socket.once("disconnect", () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}

/** Emits raw arguments, exactly as a hostile client may (no ack added). */
function emitRaw(socket: ClientSocket, event: string, ...args: unknown[]) {
  (socket.emit as (e: string, ...a: unknown[]) => void)(event, ...args);
}

/** Everything of `event` a socket receives (for "nothing arrived" checks). */
function collect<T>(socket: ClientSocket, event: "typing" | "messagesRead"): T[] {
  const seen: T[] = [];
  (socket.on as (e: string, h: (p: T) => void) => void)(event, (p) => seen.push(p));
  return seen;
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function deeplyNested(depth: number): unknown {
  let value: unknown = "x";
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}

describe.each(testEngines())("socket security (%s)", (engine) => {
  const t = useListeningServer(engine);

  async function pair() {
    const a = await registerMember(t.server, "alice@example.com");
    const b = await registerMember(t.server, "bobby@example.com");
    const res = await t.server.app.inject({
      method: "POST",
      url: "/api/conversations",
      headers: { cookie: a.cookie },
      payload: { userId: b.id },
    });
    return { a, b, conversation: res.json() as ConversationSummary };
  }

  it("survives every event with malformed arguments and acks that are not functions", async () => {
    const { a, conversation } = await pair();
    const socket = socketFor(t.url, a.cookie);
    await connected(socket);
    const payloads: unknown[] = [
      "not-a-uuid",
      conversation.id,
      { latitude: 30.3, longitude: -81.6 },
      { conversationId: conversation.id, content: "hi", tempId: "t-raw" },
      { conversationId: conversation.id, isTyping: true },
      null,
      42,
      [],
      "\u0000",
      { content: "a\u0000b" },
      deeplyNested(2000),
      "x".repeat(50_000),
    ];
    const notAcks: unknown[] = ["not-a-function", 42, null, {}, [], true];
    for (const event of [
      "updateLocation",
      "joinConversation",
      "leaveConversation",
      "sendMessage",
      "typing",
      "noSuchEvent",
    ]) {
      for (const payload of payloads) {
        for (const notAck of notAcks) emitRaw(socket, event, payload, notAck);
        emitRaw(socket, event, payload, "extra", 1, 2);
        emitRaw(socket, event);
      }
    }
    // The reported reproductions, as they were sent.
    emitRaw(socket, "joinConversation", "not-a-uuid", "not-a-function");
    emitRaw(socket, "leaveConversation", "not-a-uuid", "not-a-function");
    emitRaw(socket, "updateLocation", { latitude: 30.3, longitude: -81.6 }, 42);
    emitRaw(socket, "auth", { userId: a.id, username: a.username }, 42);

    // The same socket and the server still answer.
    expect(await emitAck(socket, "joinConversation", conversation.id)).toEqual({ ok: true });
    expect(await emitAck(socket, "joinConversation", "not-a-uuid")).toEqual({
      ok: false,
      message: "conversation id is not valid",
    });
    const me = await t.server.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: a.cookie } });
    expect(me.statusCode).toBe(200);
  });

  it("answers a malformed payload with a readable refusal, and an event with no payload too", async () => {
    const { a } = await pair();
    const socket = socketFor(t.url, a.cookie);
    await connected(socket);
    const noPayload = await new Promise((resolve) =>
      (socket.emit as (e: string, ack: (r: unknown) => void) => void)("sendMessage", resolve),
    );
    expect(noPayload).toMatchObject({ ok: false });
    const nul = await emitAck(socket, "sendMessage", {
      conversationId: "00000000-0000-4000-8000-000000000000",
      content: "a\u0000b",
      tempId: "t-nul",
    });
    // Refused for good: not a retry, since trying again can never succeed.
    expect(nul).toEqual({ ok: false, message: "Text can't contain control characters (content)" });
  });

  it("disconnects a session's socket within a second of its logout, on the same node", async () => {
    const { a, b, conversation } = await pair();
    const socket = socketFor(t.url, a.cookie);
    const bob = socketFor(t.url, b.cookie);
    await Promise.all([connected(socket), connected(bob)]);
    const gone = disconnectedWithin(socket, 1000);
    const res = await t.server.app.inject({ method: "POST", url: "/api/logout", headers: { cookie: a.cookie } });
    expect(res.statusCode).toBe(200);
    expect(await gone).toBeLessThan(1000);
    // The closed socket cannot come back with the ended session.
    const again = socketFor(t.url, a.cookie);
    await expect(connected(again)).rejects.toThrow("Sign in to connect");
    // Bob's socket is not touched.
    expect(bob.connected).toBe(true);
    expect(
      dataOf(
        await emitAck<Message>(bob, "sendMessage", {
          conversationId: conversation.id,
          content: "still here",
          tempId: "b-1",
        }),
      ).content,
    ).toBe("still here");
  });

  it("disconnects the other sessions' sockets after a password change, and keeps this one's", async () => {
    const a = await registerMember(t.server, "alice@example.com");
    const login = await t.server.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "alice@example.com", password: STRONG_PASSWORD },
    });
    const otherCookie = `vicinity_sid=${login.cookies.find((c) => c.name === "vicinity_sid")!.value}`;
    const here = socketFor(t.url, a.cookie);
    const there = socketFor(t.url, otherCookie);
    await Promise.all([connected(here), connected(there)]);
    const gone = disconnectedWithin(there, 1000);
    const res = await t.server.app.inject({
      method: "PUT",
      url: "/api/users/password",
      headers: { cookie: a.cookie },
      payload: { currentPassword: STRONG_PASSWORD, newPassword: "a different long passphrase" },
    });
    expect(res.statusCode).toBe(200);
    await gone;
    expect(await emitAck(here, "updateLocation", { latitude: 30.3, longitude: -81.6 })).toEqual({ ok: true });
  });

  it("asks the database for the session at a socket's first event: an expired session's event is refused and its socket closed", async () => {
    const a = await registerMember(t.server, "alice@example.com");
    const socket = socketFor(t.url, a.cookie);
    await connected(socket);
    // Idle past the limit, as if nobody had been at the screen for 31 minutes.
    await t.database.db.execute(sql`UPDATE sessions SET last_active_at = now() - interval '31 minutes'`);
    const gone = disconnectedWithin(socket, 2000);
    expect(await emitAck(socket, "updateLocation", { latitude: 30.3, longitude: -81.6 })).toEqual({
      ok: false,
      message: "Your session has ended. Sign in again.",
    });
    await gone;
    expect(await t.database.db.select().from(locations)).toEqual([]);
  });

  it("disconnects a deleted account's sockets", async () => {
    const a = await registerMember(t.server, "alice@example.com");
    const socket = socketFor(t.url, a.cookie);
    await connected(socket);
    const gone = disconnectedWithin(socket, 1000);
    const res = await t.server.app.inject({
      method: "DELETE",
      url: "/api/users/account",
      headers: { cookie: a.cookie },
      payload: { password: STRONG_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    await gone;
  });

  it("tells neither side of a block the other's typing or read marks", async () => {
    const { a, b, conversation } = await pair();
    const sa = socketFor(t.url, a.cookie);
    const sb = socketFor(t.url, b.cookie);
    await Promise.all([connected(sa), connected(sb)]);
    // The control: before the block, both arrive.
    const typed = nextEvent(sb, "typing");
    sa.emit("typing", { conversationId: conversation.id, isTyping: true });
    expect(await typed).toMatchObject({ userId: a.id, isTyping: true });
    const sent = dataOf(
      await emitAck<Message>(sa, "sendMessage", { conversationId: conversation.id, content: "hello", tempId: "a-1" }),
    );
    const read = nextEvent(sa, "messagesRead", (e) => e.userId === b.id);
    await t.server.app.inject({
      method: "POST",
      url: `/api/conversations/${conversation.id}/read`,
      headers: { cookie: b.cookie },
      payload: { messageId: sent.id },
    });
    expect(await read).toMatchObject({ lastReadMessageId: sent.id });

    expect(
      (await t.server.app.inject({ method: "POST", url: `/api/users/${a.id}/block`, headers: { cookie: b.cookie } }))
        .statusCode,
    ).toBeLessThan(300);
    const typingAtB = collect<TypingEvent>(sb, "typing");
    const typingAtA = collect<TypingEvent>(sa, "typing");
    const readsAtA = collect<MessagesReadEvent>(sa, "messagesRead");
    // Bob's own read mark still reaches his own socket: that is when the others would have arrived.
    const ownRead = nextEvent(sb, "messagesRead", (e) => e.userId === b.id && e.lastReadMessageId === sent.id);
    sa.emit("typing", { conversationId: conversation.id, isTyping: false });
    sb.emit("typing", { conversationId: conversation.id, isTyping: true });
    await t.server.app.inject({
      method: "POST",
      url: `/api/conversations/${conversation.id}/read`,
      headers: { cookie: b.cookie },
      payload: { messageId: sent.id },
    });
    await ownRead;
    await settle(300);
    expect(typingAtB).toEqual([]);
    expect(typingAtA).toEqual([]);
    expect(readsAtA).toEqual([]);
  });
});

describe.runIf(process.env.REDIS_URL)("sockets end with their session on every node", () => {
  it("a closed node's answer to another node's request publishes nothing and rejects nothing", async () => {
    const database = await createTestDatabase("pglite");
    const node = await buildServer(testConfig({ redisUrl: process.env.REDIS_URL }), { database });
    // The client the Redis adapter answers other nodes' requests through (fetchSockets, disconnectSockets).
    const pub = (
      node.realtime.io.of("/").adapter as unknown as {
        pubClient: { publish(channel: string, message: string): Promise<number> };
      }
    ).pubClient;
    await node.close();
    // What the adapter does when a request it was answering finishes after the close: it must not
    // become an unhandled "The client is closed".
    await expect(pub.publish("socket.io-response#/#", "late")).resolves.toBe(0);
    await database.close();
  });

  it("a logout on node A disconnects the session's socket on node B within a second", async () => {
    const database = await createTestDatabase(process.env.DATABASE_URL ? "postgres" : "pglite");
    const config = testConfig({ redisUrl: process.env.REDIS_URL });
    const nodeA = await buildServer(config, { database });
    const nodeB = await buildServer(config, { database });
    try {
      await listen(nodeA);
      const urlB = await listen(nodeB);
      const a = await registerMember(nodeA, `alice-${Date.now()}@example.com`);
      const socket = socketFor(urlB, a.cookie);
      await connected(socket);
      const gone = disconnectedWithin(socket, 1000);
      const res = await nodeA.app.inject({ method: "POST", url: "/api/logout", headers: { cookie: a.cookie } });
      expect(res.statusCode).toBe(200);
      expect(await gone).toBeLessThan(1000);
    } finally {
      closeOpenSockets();
      await nodeA.close();
      await nodeB.close();
      await database.close();
    }
  });
});
