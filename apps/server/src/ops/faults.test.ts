import type { Message } from "@vicinity/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildServer, type BuiltServer } from "../app";
import type { Database } from "../db/database";
import { createTestDatabase, registerMember, testConfig, useTwoNodes } from "../test/harness";
import { createGroupConversation } from "../messages/service";
import { TcpRelay } from "../test/relay";
import { closeOpenSockets, connected, emitAck, listen, socketFor, type ClientSocket } from "../test/sockets";

/**
 * Redis restarting under two nodes: every node's Redis links (the socket
 * adapter's pair and the limits' client) go through a TCP relay; cutting it is Redis going away.
 * Cross-node delivery must resume by itself once it is back, and a message sent meanwhile must
 * arrive once, not be lost.
 */
describe.runIf(process.env.REDIS_URL)("Redis away and back under two nodes", () => {
  const target = new URL(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
  const relay = new TcpRelay(target.hostname, Number(target.port || 6379));
  // The relay listens before the nodes start, and again before they close (their Redis links
  // quit); it goes last. (After-hooks run in the reverse order of their registration.)
  beforeAll(() => relay.start());
  afterAll(() => relay.cut());
  const t = useTwoNodes({ redisUrl: () => relay.urlFor(process.env.REDIS_URL!) });
  afterAll(() => relay.start());
  afterEach(closeOpenSockets);

  /** Every newMessage a socket gets, by content. */
  function inbox(socket: ClientSocket): string[] {
    const got: string[] = [];
    socket.on("newMessage", (m: Message) => void got.push(m.content));
    return got;
  }
  async function until(check: () => boolean, timeoutMs: number, what: string) {
    const giveUp = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > giveUp) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** An acknowledged send, or a failure that says which send never got its answer. */
  async function sent(socket: ClientSocket, conversationId: string, content: string, tempId: string) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>(
      (_, reject) =>
        (timer = setTimeout(() => reject(new Error(`no acknowledgement of "${content}" in 10 s`)), 10_000)),
    );
    try {
      return await Promise.race([emitAck(socket, "sendMessage", { conversationId, content, tempId }), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  it(
    "delivers across nodes again once Redis is back, and a message sent while it was away arrives once",
    { timeout: 90_000 },
    async () => {
      const alice = await registerMember(t.nodeA, "alice.redis@example.com");
      const bob = await registerMember(t.nodeB, "bob.redis@example.com");
      const opened = await t.nodeA.app.inject({
        method: "POST",
        url: "/api/conversations",
        headers: { cookie: alice.cookie },
        payload: { userId: bob.id },
      });
      const conversationId = (opened.json() as { id: string }).id;
      const onA = socketFor(t.urlA, alice.cookie);
      const onB = socketFor(t.urlB, bob.cookie);
      await Promise.all([connected(onA), connected(onB)]);
      const bobGot = inbox(onB);

      expect((await sent(onA, conversationId, "before", "r-1")).ok).toBe(true);
      await until(() => bobGot.includes("before"), 5000, "the first message on node B");

      // Redis goes away: every link dropped, new ones refused.
      await Promise.race([
        relay.cut(),
        new Promise((_, reject) => setTimeout(() => reject(new Error("the relay did not close in 5 s")), 5000)),
      ]);
      await new Promise((r) => setTimeout(r, 300));
      const during = sent(onA, conversationId, "during", "r-2");
      await new Promise((r) => setTimeout(r, 500));
      // Redis is back: the nodes reconnect by themselves (no restart of theirs).
      await relay.start();
      const ack = await during;
      // Stored once (Bob's app catches up from the database what a push missed), or refused with
      // "try again" (the outbox does): never lost, never doubled.
      const history = await t.nodeB.app.inject({
        method: "GET",
        url: `/api/conversations/${conversationId}/messages`,
        headers: { cookie: bob.cookie },
      });
      const stored = (history.json() as Message[]).filter((m) => m.content === "during");
      if (ack.ok) expect(stored).toHaveLength(1);
      else {
        expect(ack).toMatchObject({ retry: true });
        expect(stored).toHaveLength(0);
      }

      /**
       * Whether a message sent on `from` reaches the other member's socket again, within 40 tries:
       * while the links come back a send may answer "try again" (the outbox would retry: so does
       * this), or the adapter's subscriber may still be reconnecting.
       */
      const deliveredAgain = async (from: ClientSocket, got: string[], label: string) => {
        for (let i = 0; i < 40; i += 1) {
          const content = `${label} ${i}`;
          const answer = await sent(from, conversationId, content, `r-${label}-${i}`);
          if (!answer.ok) {
            expect(answer).toMatchObject({ retry: true });
            await new Promise((r) => setTimeout(r, 250));
            continue;
          }
          try {
            await until(() => got.includes(content), 500, content);
            return true;
          } catch {
            // Not yet: try again.
          }
        }
        return false;
      };
      // Cross-node delivery has resumed by itself, both ways (each node's publisher and subscriber).
      expect(await deliveredAgain(onA, bobGot, "after"), "a message from node A reaches node B again").toBe(true);
      const aliceGot = inbox(onA);
      expect(await deliveredAgain(onB, aliceGot, "back"), "a message from node B reaches node A again").toBe(true);
      expect(bobGot.filter((c) => c === "before")).toHaveLength(1);
      expect(bobGot.filter((c) => c === "during").length, "pushed at most once").toBeLessThanOrEqual(1);
    },
  );
});

/**
 * A slow client: a member whose connection stops reading (a phone in a tunnel
 * that has not dropped yet) must not hold up anyone else. His socket's TCP reads are paused while
 * 200 messages of 2,000 characters (0.4 MB) go to a group he is in: the other member gets each
 * as fast as when nobody is slow, and the slow one gets every message once he reads again.
 */
describe("a slow client", () => {
  let database: Database;
  let node: BuiltServer;
  let url: string;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    node = await buildServer(testConfig({ messagesPerMinute: 100_000 }), { database });
    url = await listen(node);
  });
  afterAll(async () => {
    await node.close();
    await database.close();
  });
  afterEach(closeOpenSockets);

  it("does not slow the others, and gets everything once he reads again", async () => {
    const [alice, bob, carl] = await Promise.all(
      ["alice", "bob", "carl"].map((n) => registerMember(node, `${n}.slow@example.com`)),
    );
    const conversationId = await createGroupConversation(database.db, {
      creatorId: alice!.id,
      title: "Slow",
      memberIds: [bob!.id, carl!.id],
    });
    const sockets = [alice!, bob!, carl!].map((m) => socketFor(url, m.cookie));
    await Promise.all(sockets.map(connected));
    const [fromAlice, slow, fast] = sockets as [ClientSocket, ClientSocket, ClientSocket];

    /** Sends `n` messages one after the other; answers each message's time from the send to carl's newMessage. */
    const burst = async (label: string, n: number): Promise<number[]> => {
      const arrivals = new Map<string, number>();
      const onMessage = (m: Message) => void arrivals.set(m.content.slice(0, 20), performance.now());
      fast.on("newMessage", onMessage);
      const sentAt: Array<[string, number]> = [];
      for (let i = 0; i < n; i += 1) {
        const key = `${label} ${i}`.padEnd(20, ".");
        sentAt.push([key, performance.now()]);
        expect(
          (
            await emitAck(fromAlice, "sendMessage", {
              conversationId,
              content: key + "x".repeat(1980),
              tempId: `${label}-${i}`,
            })
          ).ok,
        ).toBe(true);
      }
      const giveUp = Date.now() + 20_000;
      while (arrivals.size < n && Date.now() < giveUp) await new Promise((r) => setTimeout(r, 20));
      fast.off("newMessage", onMessage);
      expect(arrivals.size, `carl got every ${label} message`).toBe(n);
      return sentAt.map(([key, at]) => arrivals.get(key)! - at);
    };
    const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

    const calm = await burst("calm", 40);
    // Bob stops reading: his socket's TCP connection is paused under socket.io.
    let bobGot = 0;
    slow.on("newMessage", () => void (bobGot += 1));
    const tcp = (slow.io.engine.transport as unknown as { ws: { _socket: { pause(): void; resume(): void } } }).ws
      ._socket;
    const before = bobGot;
    tcp.pause();
    const stalled = await burst("stalled", 200);
    expect(bobGot - before, "bob read nothing while paused").toBeLessThan(200);
    // Carl's latency with Bob stalled stays that of a calm room (a generous bound for a busy machine).
    expect(p95(stalled)).toBeLessThan(Math.max(50, p95(calm) * 5));
    tcp.resume();
    const giveUp = Date.now() + 20_000;
    while (bobGot - before < 200 && Date.now() < giveUp) await new Promise((r) => setTimeout(r, 20));
    expect(bobGot - before, "bob got every message once he read again").toBe(200);
  });
});
