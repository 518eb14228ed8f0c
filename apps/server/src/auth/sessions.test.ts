import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { sessions, users } from "../db/schema";
import { createTestDatabase, resetDatabase, testEngines } from "../test/harness";
import { SESSION_ALIVE_KNOWN_MS, SESSION_IDLE_MS, SessionStore } from "./sessions";

describe.each(testEngines())("a socket's session liveness (%s)", (engine) => {
  let database: Database;
  let clock = 0;
  let store: SessionStore;
  const now = () => new Date(clock);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await resetDatabase(database);
    clock = Date.parse("2026-06-13T21:30:00Z");
    store = new SessionStore(database.db, "s".repeat(40), now);
  });

  async function memberSession(): Promise<{ idHash: string; userId: string }> {
    const name = randomUUID().slice(0, 8);
    const [user] = await database.db
      .insert(users)
      .values({ email: `${name}@example.com`, username: `m${name}`, passwordHash: "x", locationSecret: name })
      .returning({ id: users.id });
    const userId = user!.id;
    const token = await store.create({ kind: "member", userId });
    return { idHash: store.idHashOf(token), userId };
  }

  const lastActive = (idHash: string, at: number) =>
    database.db
      .update(sessions)
      .set({ lastActiveAt: new Date(at) })
      .where(eq(sessions.idHash, idHash));

  it("asks the database at the first event: an idle, expired or unknown session is not alive", async () => {
    const { idHash } = await memberSession();
    await lastActive(idHash, clock - SESSION_IDLE_MS - 1000);
    expect(await store.liveness(idHash)()).toBe(false);
    expect(await store.liveness("no-such-session")()).toBe(false);
  });

  it("does not count a suspended or deleted member's session as alive", async () => {
    const suspended = await memberSession();
    await database.db.update(users).set({ suspendedAt: now() }).where(eq(users.id, suspended.userId));
    expect(await store.liveness(suspended.idHash)()).toBe(false);
    const deleted = await memberSession();
    await database.db.delete(users).where(eq(users.id, deleted.userId));
    expect(await store.liveness(deleted.idHash)()).toBe(false);
  });

  it(`answers from what it learnt for ${SESSION_ALIVE_KNOWN_MS} ms, then asks again`, async () => {
    const { idHash } = await memberSession();
    const alive = store.liveness(idHash);
    expect(await alive()).toBe(true);
    // Removed behind the node's back (no `onEnded`, which would have closed the socket at once):
    // the answer it has holds until its time is up, and no longer.
    await database.db.delete(sessions).where(eq(sessions.idHash, idHash));
    clock += SESSION_ALIVE_KNOWN_MS - 1;
    expect(await alive()).toBe(true);
    clock += 1;
    expect(await alive()).toBe(false);
  });

  it("never takes a session for alive past its own end (the idle limit)", async () => {
    const { idHash } = await memberSession();
    // Its idle limit ends in one second, sooner than the time an answer is kept.
    await lastActive(idHash, clock - SESSION_IDLE_MS + 1000);
    const alive = store.liveness(idHash);
    expect(await alive()).toBe(true);
    clock += 1000;
    expect(await alive()).toBe(false);
  });

  it("keeps a guest's session alive like a member's", async () => {
    const token = await store.create({ kind: "guest", guestId: randomUUID(), guestAge: 25 });
    expect(await store.liveness(store.idHashOf(token))()).toBe(true);
  });

  it("aliveAmong keeps the same rule: a live member's and a guest's, not an idle, expired, suspended or unknown one", async () => {
    const live = await memberSession();
    const idle = await memberSession();
    await lastActive(idle.idHash, clock - SESSION_IDLE_MS);
    const expired = await memberSession();
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(clock) })
      .where(eq(sessions.idHash, expired.idHash));
    const suspended = await memberSession();
    await database.db.update(users).set({ suspendedAt: now() }).where(eq(users.id, suspended.userId));
    const guest = store.idHashOf(await store.create({ kind: "guest", guestId: randomUUID(), guestAge: 25 }));
    const asked = [live.idHash, idle.idHash, expired.idHash, suspended.idHash, guest, "no-such-session"];
    expect([...(await store.aliveAmong(asked))].sort()).toEqual([live.idHash, guest].sort());
    for (const idHash of asked) {
      expect(await store.liveness(idHash)(), idHash).toBe(idHash === live.idHash || idHash === guest);
    }
  });
});
