import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildServer, type BuiltServer } from "../app";
import type { Database } from "../db/database";
import { createTestDatabase, registerMember, testConfig } from "../test/harness";
import type { Message } from "@vicinity/contract";
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

/** A socket still connected after a round trip through its node (a disconnect carried by Redis would have come first). */
async function stillConnected(socket: ClientSocket): Promise<boolean> {
  for (let i = 0; i < 3; i += 1) await emitAck(socket, "joinConversation", "00000000-0000-4000-8000-000000000000");
  return socket.connected;
}

/**
 * A node that closes lets only its own sockets go (they reconnect to another node), and
 * two apps on one Redis (two REDIS_PREFIX) never share a socket.io channel. Both were broken: the
 * adapter's channel did not use the prefix, and a closing node disconnected every node's sockets.
 */
describe.runIf(process.env.REDIS_URL)("closing one node through the Redis adapter", () => {
  let database: Database;
  const open: BuiltServer[] = [];
  const start = async (config: ReturnType<typeof testConfig>) => {
    const server = await buildServer(config, { database });
    open.push(server);
    return { server, url: await listen(server) };
  };
  const memberSocket = async (node: { server: BuiltServer; url: string }, email: string) => {
    const member = await registerMember(node.server, email);
    const socket = socketFor(node.url, member.cookie);
    await connected(socket);
    return socket;
  };

  /** A member's socket on each; `closing` closes (its socket goes): is the one on `kept` still connected? */
  const closeOneKeepOther = async (
    kept: { server: BuiltServer; url: string },
    closing: { server: BuiltServer; url: string },
  ) => {
    const stays = await memberSocket(kept, `stays-${open.length}@example.com`);
    const goes = await memberSocket(closing, `goes-${open.length}@example.com`);
    const gone = new Promise<void>((resolve) => goes.once("disconnect", () => resolve()));
    await closing.server.close();
    await gone;
    return stillConnected(stays);
  };

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL ? "postgres" : "pglite");
  });
  afterAll(async () => {
    for (const server of open) await server.close();
    await database.close();
  });

  it("disconnects its own sockets and leaves the other node's connected", async () => {
    const config = testConfig({ redisUrl: process.env.REDIS_URL });
    const a = await start(config);
    const b = await start(config);
    expect(await closeOneKeepOther(a, b)).toBe(true);
  });

  it("lets a send in flight finish first: the sender gets his answer and a member on the other node the push", async () => {
    const config = testConfig({ redisUrl: process.env.REDIS_URL });
    const a = await start(config);
    const b = await start(config);
    const bob = await registerMember(a.server, `bob-${open.length}@example.com`);
    const alice = await registerMember(b.server, `alice-${open.length}@example.com`);
    const opened = await a.server.app.inject({
      method: "POST",
      url: "/api/conversations",
      headers: { cookie: alice.cookie },
      payload: { userId: bob.id },
    });
    const conversationId = (opened.json() as { id: string }).id;
    const bobSocket = socketFor(a.url, bob.cookie);
    const aliceSocket = socketFor(b.url, alice.cookie);
    await Promise.all([connected(bobSocket), connected(aliceSocket)]);
    // Node B starts to close as soon as Alice's send has reached its handler (it awaits the database).
    let closed: Promise<void> | undefined;
    for (const s of b.server.realtime.io.of("/").sockets.values())
      s.onAny(() => void setImmediate(() => (closed ??= b.server.close())));
    const pushed = nextEvent(bobSocket, "newMessage", (m) => m.tempId === "closing-1", 10_000);
    const ack = await emitAck<Message>(aliceSocket, "sendMessage", {
      conversationId,
      content: "Sent as node B closes",
      tempId: "closing-1",
    });
    expect(closed).toBeDefined();
    expect(ack).toMatchObject({ ok: true, data: { tempId: "closing-1" } });
    expect((await pushed).id).toBe(dataOf(ack).id);
    await closed;
    expect(aliceSocket.connected).toBe(false);
    expect(bobSocket.connected).toBe(true);
  });

  it("keeps two apps with different prefixes on one Redis apart", async () => {
    const first = await start(testConfig({ redisUrl: process.env.REDIS_URL }));
    const second = await start(testConfig({ redisUrl: process.env.REDIS_URL }));
    expect(first.server.context.config.redisPrefix).not.toBe(second.server.context.config.redisPrefix);
    expect(await closeOneKeepOther(first, second)).toBe(true);
  });
});
