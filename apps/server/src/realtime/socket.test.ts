import { eq } from "drizzle-orm";
import { closeOpenSockets, connected, emitAck, listen, refusal, socketFor, type ClientSocket } from "../test/sockets";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Ack, UserOnlineStatusUpdate } from "@vicinity/contract";
import { buildServer, type BuiltServer } from "../app";
import { openDirectConversation } from "../messages/service";
import { blocks, conversationParticipants, conversations, locations } from "../db/schema";
import {
  createTestDatabase,
  guestCookie,
  registerMember,
  resetDatabase,
  testConfig,
  testEngines,
  useTwoNodes,
} from "../test/harness";
import type { Database } from "../db/database";

function nextStatus(
  socket: ClientSocket,
  userId: string,
  status: string,
  timeoutMs = 5000,
): Promise<UserOnlineStatusUpdate> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${status} update for ${userId}`)), timeoutMs);
    const handler = (update: UserOnlineStatusUpdate) => {
      if (update.userId === userId && update.status === status) {
        clearTimeout(timer);
        socket.off("userOnlineStatusUpdate", handler);
        resolve(update);
      }
    };
    socket.on("userOnlineStatusUpdate", handler);
  });
}

afterEach(closeOpenSockets);

describe.each(testEngines())("realtime (%s)", (engine) => {
  let database: Database;
  let server: BuiltServer;
  let url: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    server = await buildServer(testConfig(), { database });
    url = await listen(server);
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });
  beforeEach(() => resetDatabase(database));

  it("refuses a socket without a session, and a guest's", async () => {
    expect(await refusal(socketFor(url))).toBe("Sign in to connect");
    expect(await refusal(socketFor(url, await guestCookie(server)))).toBe("Sign in to connect");
  });

  it("refuses a handshake whose auth names someone else, accepts the matching one", async () => {
    const me = await registerMember(server, "me@example.com");
    const other = await registerMember(server, "other@example.com");
    expect(await refusal(socketFor(url, me.cookie, { auth: { userId: other.id, username: other.username } }))).toBe(
      "The socket's auth does not match your session",
    );
    await connected(socketFor(url, me.cookie, { auth: { userId: me.id, username: me.username } }));
  });

  it("refuses a socket from a foreign Origin", async () => {
    const me = await registerMember(server, "me@example.com");
    const socket = socketFor(url, me.cookie, { origin: "https://evil.example" });
    await expect(refusal(socket)).resolves.toBeTruthy();
  });

  it("disconnects a socket whose auth event disagrees with its session", async () => {
    const me = await registerMember(server, "me@example.com");
    const socket = socketFor(url, me.cookie);
    await connected(socket);
    const authError = new Promise<string>((resolve) => socket.once("authError", (p) => resolve(p.message)));
    const ack = await emitAck(socket, "auth", {
      userId: "00000000-0000-0000-0000-000000000000",
      username: me.username,
    });
    expect(ack).toEqual({ ok: false, message: "The socket's auth does not match your session" });
    expect(await authError).toBe("The socket's auth does not match your session");
    await new Promise<void>((resolve) =>
      socket.disconnected ? resolve() : socket.once("disconnect", () => resolve()),
    );
    expect(await emitAck(socketFor(url, me.cookie), "auth", { userId: me.id, username: me.username })).toEqual({
      ok: true,
    });
  });

  it("stores a valid updateLocation like PUT /api/users/location and refuses bad ones", async () => {
    const me = await registerMember(server, "me@example.com");
    const socket = socketFor(url, me.cookie);
    await connected(socket);
    for (const bad of [{ latitude: 91, longitude: 0 }, { latitude: "x", longitude: 0 }, {}, null, "30,-81"]) {
      const ack = await emitAck(socket, "updateLocation", bad);
      expect(ack.ok).toBe(false);
    }
    expect(await emitAck(socket, "updateLocation", { latitude: 30.33, longitude: -81.66 })).toEqual({ ok: true });
    const [row] = await database.db.select().from(locations).where(eq(locations.userId, me.id));
    expect(row).toMatchObject({ latitude: 30.33, longitude: -81.66 });
    expect(row?.snappedLatitude).not.toBe(30.33);
  });

  it("rate-limits updateLocation", async () => {
    const me = await registerMember(server, "me@example.com");
    const socket = socketFor(url, me.cookie);
    await connected(socket);
    const acks: Ack[] = [];
    for (let i = 0; i < 8; i += 1)
      acks.push(await emitAck(socket, "updateLocation", { latitude: 30 + i / 100, longitude: -81 }));
    expect(acks.filter((a) => a.ok)).toHaveLength(6);
    expect(acks.at(-1)).toEqual({ ok: false, message: "Location updated too often. Try again in a few seconds." });
  });

  it("lets only participants join or leave a conversation", async () => {
    const a = await registerMember(server, "alice@example.com");
    const b = await registerMember(server, "bobby@example.com");
    const c = await registerMember(server, "carol@example.com");
    const [conv] = await database.db
      .insert(conversations)
      .values({ directKey: `${a.id}:${b.id}` })
      .returning();
    await database.db.insert(conversationParticipants).values([
      { conversationId: conv!.id, userId: a.id },
      { conversationId: conv!.id, userId: b.id },
    ]);
    const sa = socketFor(url, a.cookie);
    const sc = socketFor(url, c.cookie);
    await Promise.all([connected(sa), connected(sc)]);
    expect(await emitAck(sa, "joinConversation", conv!.id)).toEqual({ ok: true });
    expect(await emitAck(sa, "leaveConversation", conv!.id)).toEqual({ ok: true });
    expect(await emitAck(sc, "joinConversation", conv!.id)).toEqual({
      ok: false,
      message: "You are not in this conversation",
    });
    expect(await emitAck(sc, "leaveConversation", conv!.id)).toEqual({
      ok: false,
      message: "You are not in this conversation",
    });
    expect(await emitAck(sa, "joinConversation", "not-a-uuid")).toEqual({
      ok: false,
      message: "conversation id is not valid",
    });
  });

  it("tells those he has a conversation with when he comes online and goes offline, but not those he blocked, nor strangers", async () => {
    const watcher = await registerMember(server, "watcher@example.com");
    const blocked = await registerMember(server, "blocked@example.com");
    const stranger = await registerMember(server, "stranger@example.com");
    const star = await registerMember(server, "star@example.com");
    await openDirectConversation(database.db, watcher.id, star.id);
    await openDirectConversation(database.db, blocked.id, star.id);
    await database.db.insert(blocks).values({ blockerId: star.id, blockedId: blocked.id });
    const sw = socketFor(url, watcher.cookie);
    const sb = socketFor(url, blocked.cookie);
    const sx = socketFor(url, stranger.cookie);
    await Promise.all([connected(sw), connected(sb), connected(sx)]);
    const seenByBlocked: UserOnlineStatusUpdate[] = [];
    sb.on("userOnlineStatusUpdate", (u) => {
      if (u.userId === star.id) seenByBlocked.push(u);
    });
    const seenByStranger: UserOnlineStatusUpdate[] = [];
    sx.on("userOnlineStatusUpdate", (u) => {
      if (u.userId === star.id) seenByStranger.push(u);
    });
    const online = nextStatus(sw, star.id, "online");
    const ss = socketFor(url, star.cookie);
    await connected(ss);
    expect(await online).toMatchObject({ userId: star.id, status: "online" });
    const offline = nextStatus(sw, star.id, "offline");
    ss.disconnect();
    const update = await offline;
    expect(new Date(update.lastSeen).getTime()).toBeGreaterThan(Date.now() - 10_000);
    expect(seenByBlocked).toEqual([]);
    // Pushes reach one member's sockets in order: a push to the stranger would be in by now.
    await emitAck(sx, "watchEvents", { eventIds: [] });
    expect(seenByStranger).toEqual([]);
  });
});

if (process.env.CI === "true" && !process.env.REDIS_URL) {
  throw new Error("CI must set REDIS_URL: the two-node Redis suite may not be skipped");
}

describe.runIf(process.env.REDIS_URL)("two server nodes through Redis", () => {
  const t = useTwoNodes();

  it("a presence update on node A reaches a member connected to node B, and back", async () => {
    const onB = await registerMember(t.nodeB, "on-b@example.com");
    const onA = await registerMember(t.nodeA, "on-a@example.com");
    await openDirectConversation(t.database.db, onA.id, onB.id);
    const sb = socketFor(t.urlB, onB.cookie);
    await connected(sb);
    const seen = nextStatus(sb, onA.id, "online");
    const sa = socketFor(t.urlA, onA.cookie);
    await connected(sa);
    expect(await seen).toMatchObject({ userId: onA.id, status: "online" });

    const offline = nextStatus(sb, onA.id, "offline");
    sa.disconnect();
    expect(await offline).toMatchObject({ userId: onA.id, status: "offline" });
  });

  it("a member with sockets on both nodes stays online until the last one closes", async () => {
    const watcher = await registerMember(t.nodeA, "watch@example.com");
    const both = await registerMember(t.nodeA, "both@example.com");
    await openDirectConversation(t.database.db, watcher.id, both.id);
    const sw = socketFor(t.urlA, watcher.cookie);
    await connected(sw);
    const s1 = socketFor(t.urlA, both.cookie);
    const s2 = socketFor(t.urlB, both.cookie);
    await Promise.all([connected(s1), connected(s2)]);
    const offlines: UserOnlineStatusUpdate[] = [];
    sw.on("userOnlineStatusUpdate", (u) => {
      if (u.userId === both.id && u.status === "offline") offlines.push(u);
    });
    s1.disconnect();
    await new Promise((r) => setTimeout(r, 500));
    expect(offlines).toEqual([]);
    const offline = nextStatus(sw, both.id, "offline");
    s2.disconnect();
    await offline;
  });
});

/** Queries on `db` wait for `gate` before they run: a slow database, on demand. */
function gated<T extends object>(target: T, gate: Promise<void>): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (property === "then" && typeof value === "function") {
        return (resolve: (v: unknown) => unknown, reject: (e: unknown) => unknown) =>
          gate.then(() => (value as (...a: unknown[]) => unknown).call(object, resolve, reject));
      }
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(object, args);
        return typeof result === "object" && result !== null ? gated(result, gate) : result;
      };
    },
  });
}

describe.runIf(process.env.REDIS_URL)("a node closing through Redis", () => {
  it("publishes nothing through its closed Redis link when a presence update finishes after the close", async () => {
    const database = await createTestDatabase("pglite");
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on("unhandledRejection", onRejection);
    try {
      const node = await buildServer(testConfig({ redisUrl: process.env.REDIS_URL }), { database });
      const member = await registerMember(node, "closing@example.com");
      // The presence update reads the member's blocks before it tells the others; that read is
      // held until the node (and its Redis link) has closed, as in a deploy under load.
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      node.context.db = gated(node.context.db, gate);
      await node.context.presence.heartbeat(member.id);
      await node.close();
      release();
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      process.off("unhandledRejection", onRejection);
      await database.close();
    }
    expect(rejections.map(String)).toEqual([]);
  });
});

describe("two server nodes without Redis (the control)", () => {
  it("do not share socket traffic: the Redis adapter is what carries it", async () => {
    const database = await createTestDatabase("pglite");
    const nodeA = await buildServer(testConfig(), { database });
    const nodeB = await buildServer(testConfig(), { database });
    try {
      const [urlA, urlB] = [await listen(nodeA), await listen(nodeB)];
      const onB = await registerMember(nodeB, "lonely-b@example.com");
      const onA = await registerMember(nodeA, "lonely-a@example.com");
      const sb = socketFor(urlB, onB.cookie);
      await connected(sb);
      const seen = nextStatus(sb, onA.id, "online", 1500);
      await connected(socketFor(urlA, onA.cookie));
      await expect(seen).rejects.toThrow(/no online update/);
    } finally {
      closeOpenSockets();
      await nodeA.close();
      await nodeB.close();
      await database.close();
    }
  });
});
