import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "../db/database";
import {
  apiCaller,
  registerMember,
  resetDatabase,
  startTestServer,
  testEngines,
  type TestServer,
} from "../test/harness";
import { storeMessage } from "./service";

/**
 * Messages sent together are stored together (store-batch.ts): many in one statement, each as if
 * alone: stored once in the order sent, a retry in the same batch answered as a retry, a block
 * refusing only its own message, a bad one failing alone.
 */
describe.each(testEngines())("messages stored in batches (%s)", (engine) => {
  let t: TestServer;
  const call = apiCaller(() => t.server);
  beforeAll(async () => {
    t = await startTestServer(engine);
  });
  afterAll(() => t.close());
  beforeEach(() => resetDatabase(t.database));

  async function conversationOf(a: { cookie: string }, b: { id: string }) {
    const res = await call("POST", "/api/conversations", a.cookie, { userId: b.id });
    expect(res.statusCode).toBe(200);
    return (res.json() as { id: string }).id;
  }
  const send = (senderId: string, conversationId: string, tempId: string, content = tempId) =>
    storeMessage(t.database.db, t.server.context.participants, senderId, { conversationId, content, tempId });

  it("stores 300 sent at once, each once, in the order sent, in fewer statements than messages", async () => {
    const a = await registerMember(t.server, "a@example.com");
    const b = await registerMember(t.server, "b@example.com");
    const conversationId = await conversationOf(a, b);
    const [before] = await queryRows<{ n: string }>(
      t.database.db,
      sql`SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = current_database()`,
    );
    // The conversation's members known first (else each send would look them up, and reach the store in another order).
    const first = await send(a.id, conversationId, "first");
    const results = await Promise.all(Array.from({ length: 299 }, (_, i) => send(a.id, conversationId, `m${i}`)));
    results.unshift(first);
    expect(results.every((r) => r.created)).toBe(true);
    expect(new Set(results.map((r) => r.message.id)).size).toBe(300);
    // Ids follow the order sent (a batch inserts in its arrival order).
    const ids = results.map((r) => Number(r.message.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    const [{ count }] = (await queryRows<{ count: string }>(
      t.database.db,
      sql`SELECT count(*)::text AS count FROM messages WHERE conversation_id = ${conversationId}::uuid`,
    )) as [{ count: string }];
    expect(Number(count)).toBe(300);
    // The conversation's time and the sender's read mark moved to the last one.
    const [marks] = await queryRows<{ read: string }>(
      t.database.db,
      sql`SELECT last_read_message_id::text AS read FROM conversation_participants WHERE conversation_id = ${conversationId}::uuid AND user_id = ${a.id}::uuid`,
    );
    expect(Number(marks!.read)).toBe(Math.max(...ids));
    if (engine === "postgres") {
      // Commits of this database over the 300 sends: batches, not one each.
      const [after] = await queryRows<{ n: string }>(
        t.database.db,
        sql`SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = current_database()`,
      );
      expect(Number(after!.n) - Number(before!.n)).toBeLessThan(150);
    }
  });

  it("answers the same send twice in one batch as a send and its retry; a block refuses only its own message", async () => {
    const a = await registerMember(t.server, "a@example.com");
    const b = await registerMember(t.server, "b@example.com");
    const c = await registerMember(t.server, "c@example.com");
    const withB = await conversationOf(a, b);
    const withC = await conversationOf(a, c);
    expect((await call("POST", `/api/users/${a.id}/block`, c.cookie)).statusCode).toBe(200);
    const [first, again, blocked, other] = await Promise.allSettled([
      send(a.id, withB, "same"),
      send(a.id, withB, "same"),
      send(a.id, withC, "to-c"),
      send(a.id, withB, "other"),
    ]);
    expect(first).toMatchObject({ status: "fulfilled", value: { created: true } });
    expect(again).toMatchObject({ status: "fulfilled", value: { created: false } });
    expect((again as PromiseFulfilledResult<{ message: { id: number } }>).value.message.id).toBe(
      (first as PromiseFulfilledResult<{ message: { id: number } }>).value.message.id,
    );
    expect(blocked).toMatchObject({ status: "rejected", reason: { statusCode: 403 } });
    expect(other).toMatchObject({ status: "fulfilled", value: { created: true } });
    const rows = await queryRows<{ temp_id: string }>(t.database.db, sql`SELECT temp_id FROM messages ORDER BY id`);
    expect(rows.map((r) => r.temp_id)).toEqual(["same", "other"]);
  });

  it("a message that cannot be stored fails alone: the others of its batch are stored", async () => {
    const a = await registerMember(t.server, "a@example.com");
    const b = await registerMember(t.server, "b@example.com");
    const conversationId = await conversationOf(a, b);
    await send(a.id, conversationId, "first");
    // Text PostgreSQL refuses (a NUL byte) in the middle of a batch.
    const results = await Promise.allSettled(
      ["one", "two\u0000", "three", "four"].map((content, i) => send(a.id, conversationId, `t${i}`, content)),
    );
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
    const rows = await queryRows<{ content: string }>(t.database.db, sql`SELECT content FROM messages ORDER BY id`);
    expect(rows.map((r) => r.content)).toEqual(["first", "one", "three", "four"]);
  });
});
