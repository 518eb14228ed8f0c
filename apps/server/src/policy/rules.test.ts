import { randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines } from "../test/harness";
import { queryRows, type Database } from "../db/database";
import { blocks, locations, users } from "../db/schema";
import { CITY, offset } from "../test/geo";
import { saveLocation } from "../location/save-location";
import { isBlockedEitherWay } from "./blocks";
import {
  appearanceOf,
  appearanceSql,
  distanceHiddenSql,
  establishedShownSql,
  isEstablishedShown,
  showsDistance,
  type Appearance,
} from "./members";
import { messageVisibleSql, seesMessage } from "./messages";
import { isRecentView, leavesTrace, leavesTraceSql, recentViewSql } from "./signals";

/**
 * Each rule of the policy is written twice, as an SQL helper (for queries over many members) and a
 * plain function (for a row in hand): here both answer every case alike, on the real database.
 */
describe.each(testEngines())("the policy's SQL helpers and plain functions agree (%s)", (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.close();
  });

  const member = async (values: Partial<typeof users.$inferInsert> = {}) => {
    const name = `m${randomBytes(5).toString("hex")}`;
    const [row] = await database.db
      .insert(users)
      .values({
        email: `${name}@example.com`,
        username: name,
        passwordHash: "x",
        locationSecret: randomBytes(16).toString("hex"),
        ...values,
      })
      .returning();
    return row!;
  };

  it("signals: whether a visit leaves a trace (private mode, the switch) and whether it is recent enough for viewed me", async () => {
    for (const privateMode of [false, true])
      for (const trace of [false, true]) {
        const m = await member({ privateMode, leavesTrace: trace });
        const [row] = await queryRows<{ leaves: boolean }>(
          database.db,
          sql`SELECT ${leavesTraceSql()} AS leaves FROM users u WHERE u.id = ${m.id}::uuid`,
        );
        expect(row!.leaves, `${privateMode} ${trace}`).toBe(leavesTrace({ privateMode, leavesTrace: trace }));
      }
    const now = Date.now();
    for (const daysAgo of [0, 6.9, 7.1, 30]) {
      const viewedAt = new Date(now - daysAgo * 86_400_000);
      const [row] = await queryRows<{ recent: boolean }>(
        database.db,
        sql`SELECT ${recentViewSql()} AS recent FROM (SELECT ${viewedAt.toISOString()}::timestamptz AS viewed_at) pv`,
      );
      expect(row!.recent, `${daysAgo} days ago`).toBe(isRecentView(viewedAt, now));
    }
  });

  it("how a member appears, whether his distance shows, and the locations row's mirror of it (triggers of migration 0017)", async () => {
    for (const privateMode of [false, true]) {
      for (const mapVisibility of ["shown", "crowd"] as const) {
        const m = await member({ privateMode, mapVisibility });
        await saveLocation(database.db, m, CITY);
        const [row] = await queryRows<{ appearance: Appearance; hidden: boolean; mirror: boolean }>(
          database.db,
          sql`SELECT ${appearanceSql()} AS appearance, ${distanceHiddenSql()} AS hidden, l.distance_hidden AS mirror
              FROM users u JOIN locations l ON l.user_id = u.id WHERE u.id = ${m.id}::uuid`,
        );
        const plain = appearanceOf({ privateMode, mapVisibility });
        expect(row, `${privateMode} ${mapVisibility}`).toEqual({
          appearance: plain,
          hidden: !showsDistance(plain),
          mirror: !showsDistance(plain),
        });
      }
    }
    // The mirror follows a change of mode on the users row.
    const m = await member();
    await saveLocation(database.db, m, CITY);
    for (const set of [
      { mapVisibility: "crowd" as const },
      { privateMode: true },
      { privateMode: false, mapVisibility: "shown" as const },
    ]) {
      await database.db.update(users).set(set).where(eq(users.id, m.id));
      const [u] = await database.db.select().from(users).where(eq(users.id, m.id));
      const [l] = await database.db.select().from(locations).where(eq(locations.userId, m.id));
      expect(l!.distanceHidden, JSON.stringify(set)).toBe(!showsDistance(appearanceOf(u!)));
    }
  });

  it("established shown members: old enough, and their point held long enough (a move resets it)", async () => {
    const now = Date.now();
    for (const days of [6, 8]) {
      for (const heldHours of [0.5, 2]) {
        for (const mapVisibility of ["shown", "crowd"] as const) {
          const m = await member({ mapVisibility, createdAt: new Date(now - days * 86_400_000) });
          await saveLocation(database.db, m, CITY);
          await database.db
            .update(locations)
            .set({ heldSince: new Date(now - heldHours * 3_600_000) })
            .where(eq(locations.userId, m.id));
          const [row] = await queryRows<{ established: boolean; created_at: string | Date; held_since: string | Date }>(
            database.db,
            sql`SELECT ${establishedShownSql()} AS established, u.created_at, l.held_since FROM users u JOIN locations l ON l.user_id = u.id WHERE u.id = ${m.id}::uuid`,
          );
          const plain = isEstablishedShown(
            { appearance: appearanceOf(m), createdAt: new Date(row!.created_at), heldSince: new Date(row!.held_since) },
            Date.now(),
          );
          expect(row!.established, `${days} days, held ${heldHours} h, ${mapVisibility}`).toBe(plain);
          expect(plain).toBe(days === 8 && heldHours === 2 && mapVisibility === "shown");
        }
      }
    }
    // His position updated to the same snapped point keeps its age; to another point starts again.
    const m = await member();
    await saveLocation(database.db, m, CITY);
    await database.db
      .update(locations)
      .set({ heldSince: new Date(now - 2 * 3_600_000) })
      .where(eq(locations.userId, m.id));
    await saveLocation(database.db, m, CITY);
    const heldOf = async () =>
      (await database.db.select().from(locations).where(eq(locations.userId, m.id)))[0]!.heldSince.getTime();
    expect(await heldOf()).toBe(now - 2 * 3_600_000);
    await saveLocation(database.db, m, offset(3, 0));
    expect(await heldOf()).toBeGreaterThan(now - 60_000);
  });

  it("which messages a member sees, blocked either way or not", async () => {
    const me = await member();
    const other = await member();
    const stranger = await member();
    await database.db.insert(blocks).values({ blockerId: other.id, blockedId: me.id });
    for (const kind of ["direct", "group"] as const) {
      for (const sender of [null, me.id, other.id, stranger.id]) {
        const [row] = await queryRows<{ visible: boolean }>(
          database.db,
          sql`SELECT ${messageVisibleSql(me.id, sql`${kind}`)} AS visible FROM (SELECT ${sender}::uuid AS sender_id) m`,
        );
        const blocked = sender === null ? false : await isBlockedEitherWay(database.db, me.id, sender);
        expect(
          row!.visible,
          `${kind} from ${sender === me.id ? "me" : sender === other.id ? "a member in a block" : sender ? "a stranger" : "nobody"}`,
        ).toBe(seesMessage(me.id, { senderId: sender, kind }, blocked));
      }
    }
    expect(await isBlockedEitherWay(database.db, me.id, other.id)).toBe(true);
    expect(await isBlockedEitherWay(database.db, other.id, me.id)).toBe(true);
    expect(await isBlockedEitherWay(database.db, me.id, randomUUID())).toBe(false);
  });
});
