import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildServer, type BuiltServer } from "../app";
import type { Database } from "../db/database";
import { createTestDatabase, registerMember, testConfig } from "../test/harness";
import { closeOpenSockets, connected, emitAck, listen, socketFor, type ClientSocket } from "../test/sockets";

afterEach(closeOpenSockets);

/** A socket still connected after a round trip through its node (a disconnect carried by Redis would have come first). */
async function stillConnected(socket: ClientSocket): Promise<boolean> {
  for (let i = 0; i < 3; i += 1) await emitAck(socket, "joinConversation", "00000000-0000-4000-8000-000000000000");
  return socket.connected;
}

/**
 * Issue 17: a node that closes lets only its own sockets go (they reconnect to another node), and
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
  const closeOneKeepOther = async (kept: { server: BuiltServer; url: string }, closing: { server: BuiltServer; url: string }) => {
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

  it("keeps two apps with different prefixes on one Redis apart", async () => {
    const first = await start(testConfig({ redisUrl: process.env.REDIS_URL }));
    const second = await start(testConfig({ redisUrl: process.env.REDIS_URL }));
    expect(first.server.context.config.redisPrefix).not.toBe(second.server.context.config.redisPrefix);
    expect(await closeOneKeepOther(first, second)).toBe(true);
  });
});
