import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ConversationSummary } from "@vicinity/contract";
import type { BuiltServer } from "../app";
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_ADDRESS } from "../auth/limits";
import type { Database } from "../db/database";
import { conversationParticipants } from "../db/schema";
import { registerMember, STRONG_PASSWORD, useTwoNodes } from "../test/harness";
import { closeOpenSockets, connected, emitAck, socketFor } from "../test/sockets";

afterEach(closeOpenSockets);

/** With REDIS_URL, limits and the participants cache hold across nodes. */
describe.runIf(process.env.REDIS_URL)("state shared by two nodes through Redis", () => {
  const nodes = useTwoNodes();
  let database: Database;
  let nodeA: BuiltServer;
  let nodeB: BuiltServer;
  beforeAll(() => ({ database, nodeA, nodeB } = nodes));

  const login = (node: BuiltServer, email: string, password: string, remoteAddress = "203.0.113.7") =>
    node.app.inject({ method: "POST", url: "/api/auth/login", remoteAddress, payload: { email, password } });

  it("counts an account's failed sign-ins on both nodes together", async () => {
    await registerMember(nodeA, "shared@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i += 1)
      statuses.push(
        (await login(i % 2 ? nodeB : nodeA, "shared@example.com", "wrong guess", `198.51.100.${i}`)).statusCode,
      );
    expect(statuses.every((s) => s === 401)).toBe(true);
    // A stranger's next try is refused on either node.
    expect((await login(nodeA, "shared@example.com", STRONG_PASSWORD, "198.51.100.99")).statusCode).toBe(429);
    expect((await login(nodeB, "shared@example.com", STRONG_PASSWORD, "198.51.100.98")).statusCode).toBe(429);
  });

  it("counts an address's failed sign-ins on both nodes together", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS; i += 1)
      statuses.push(
        (await login(i % 2 ? nodeB : nodeA, `nobody${i}@example.com`, "wrong guess", "192.0.2.50")).statusCode,
      );
    expect(statuses.every((s) => s === 401)).toBe(true);
    expect((await login(nodeB, "someone-else@example.com", "wrong guess", "192.0.2.50")).statusCode).toBe(429);
    expect((await login(nodeA, "someone-else@example.com", "wrong guess", "192.0.2.50")).statusCode).toBe(429);
  });

  it("a membership change on node B is heard by node A, which remembered the old participants", async () => {
    const urlA = nodes.urlA;
    const a = await registerMember(nodeA, "alpha@example.com");
    const b = await registerMember(nodeA, "bravo@example.com");
    const c = await registerMember(nodeA, "charlie@example.com");
    const conversation = (
      await nodeA.app.inject({
        method: "POST",
        url: "/api/conversations",
        headers: { cookie: a.cookie },
        payload: { userId: b.id },
      })
    ).json() as ConversationSummary;
    const socketC = socketFor(urlA, c.cookie);
    await connected(socketC);
    // Node A remembers the two participants (and refuses Charlie).
    expect(await emitAck(socketC, "joinConversation", conversation.id)).toEqual({
      ok: false,
      message: "You are not in this conversation",
    });
    // Charlie joins the conversation through node B (what a group's join will do).
    await database.db.insert(conversationParticipants).values({ conversationId: conversation.id, userId: c.id });
    nodeB.context.participants.changed(conversation.id);
    await expect
      .poll(async () => emitAck(socketC, "joinConversation", conversation.id), { timeout: 3000, interval: 50 })
      .toEqual({ ok: true });
  });
});
