import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer, type BuiltServer } from "../app";
import { NARROWING_WRITES } from "../policy/read-fences";
import { tileKey, tileOf } from "@vicinity/contract";
import { CITY, offset } from "./geo";
import { apiCaller, createTestDatabase, registerMember, testConfig } from "./harness";
import { openReplica, queryRows, type Database } from "../db/database";
import { lsnValue, ReadRouting, WROTE_COOKIE } from "../db/replicas";

/**
 * Reads on a real streaming replica (scripts/replica.ts makes one on port 5433; `.ci/run` sets
 * REPLICA_TEST_URL to it): what goes there, read-your-writes, the fence after a block, the lag
 * bound (the replica's replay paused: it really falls behind), a replica down or not a replica.
 * On CI it must run: a missing REPLICA_TEST_URL is an error there, not a skip.
 */
const replicaUrl = process.env.REPLICA_TEST_URL?.trim();
if (process.env.CI === "true" && !replicaUrl)
  throw new Error(
    "CI must set REPLICA_TEST_URL (a replica made by scripts/replica.ts): the replica tests may not be skipped",
  );

/**
 * The server's bound here: long, so that a replica slowed by the rest of the suite (every test
 * file's database is copied through the log) is never skipped where a test wants it used. The
 * bound itself is checked with a routing of its own, TIGHT_LAG_MS.
 */
const MAX_LAG_MS = 60_000;
const TIGHT_LAG_MS = 500;

/** Waits for a state (never for a time): polls `check` until it holds, or fails after `ms`. */
async function until(check: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The test database on the primary (its replica is the same database on the replica's server). */
let base: Database;

/** SQL on the replica's server itself (pausing and resuming its replay); a pause waits until replay has stopped. */
async function onReplica(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: replicaUrl });
  await client.connect();
  try {
    await client.query(query);
    if (query.includes("pause"))
      await until(async () => {
        if ((await client.query("SELECT pg_get_wal_replay_pause_state() AS s")).rows[0]?.s === "paused") return true;
        // Replay stops at its next record: give it one (a transaction's commit).
        await queryRows(base.db, sql`SELECT txid_current()`);
        return false;
      }, "the replica's replay is paused");
  } finally {
    await client.end();
  }
}

// Without a replica (the default machine, PGlite or a lone PostgreSQL) the suite is not made, as the PostgreSQL
// suites are not without DATABASE_URL (harness.ts, testEngines); on CI it must be (above).
if (replicaUrl)
  describe("read replicas (a real streaming replica)", () => {
    let reads: ReadRouting;
    let server: BuiltServer;
    let replicaName = "";
    /** The test database on the replica's server. */
    let replicaUrlOfTest = "";
    const call = apiCaller(() => server);

    beforeAll(async () => {
      // A run stopped half-way may have left the replay paused.
      await onReplica("SELECT pg_wal_replay_resume()");
      base = await createTestDatabase("postgres");
      const [row] = await queryRows<{ name: string }>(base.db, sql`SELECT current_database() AS name`);
      const url = new URL(replicaUrl!);
      url.pathname = `/${row!.name}`;
      replicaUrlOfTest = url.toString();
      // The test database reaches the replica as the primary's log does.
      await until(async () => {
        const client = new pg.Client({ connectionString: url.toString() });
        return client.connect().then(
          () => client.end().then(() => true),
          () => false,
        );
      }, "the test database is on the replica");
      const replica = await openReplica(url.toString(), 2);
      replicaName = replica.name;
      reads = new ReadRouting(base.db, [replica], { maxLagMs: MAX_LAG_MS, pollMs: 50 });
      await reads.start();
      const database: Database = {
        ...base,
        reads,
        close: async () => {
          await reads.close();
          await base.close();
        },
      };
      server = await buildServer(testConfig({ mediaDir: mkdtempSync(path.join(tmpdir(), "vicinity-test-media-")) }), {
        database,
      });
    });
    afterAll(async () => {
      await onReplica("SELECT pg_wal_replay_resume()");
      await server?.close();
      await reads?.close();
      await base?.close();
    });

    async function memberAt(email: string, km: number) {
      const m = await registerMember(server, email);
      expect((await call("PUT", "/api/users/location", m.cookie, offset(km))).statusCode).toBe(200);
      return m;
    }
    const nearbyNames = async (cookie?: string) => {
      const res = await call("GET", `/api/users/nearby?latitude=${CITY.latitude}&longitude=${CITY.longitude}`, cookie);
      expect(res.statusCode).toBe(200);
      return (res.json() as Array<{ username: string; rightNow?: unknown }>).map((u) => u.username);
    };
    const replicaReads = () => reads.readsBy()[replicaName] ?? 0;

    it("is a replica in recovery, streaming the primary's log", async () => {
      await until(() => reads.target() === replicaName, "the replica has replayed a position the node sampled");
      expect(reads.status()).toEqual([{ name: replicaName, up: true, lagMs: expect.any(Number) }]);
      expect(reads.target()).toBe(replicaName);
      const { body } = await server.context.metrics.text();
      expect(body).toMatch(new RegExp(`db_replica_lag_seconds\\{replica="${replicaName}"\\} \\d`));
    });

    it("every narrowing write of policy/read-fences.ts is a route of the server", () => {
      const routes = new Set(server.routes.map((r) => `${r.method} ${r.url}`));
      for (const write of NARROWING_WRITES) expect(routes, write).toContain(write);
    });

    it("sends reads there; a member sees his own writes at once; a block holds on the very next read; a lagging replica is skipped", async () => {
      const a = await memberAt("a@example.com", 1);
      const b = await memberAt("b@example.com", 2);
      // Their own writes (sign-up, location) on the replica: their reads may go there.
      await until(() => reads.target(reads.sinceFor(b.id)) === replicaName, "the replica has B's writes");
      await until(() => reads.target(reads.sinceFor(a.id)) === replicaName, "the replica has A's writes");
      let before = replicaReads();
      expect(await nearbyNames(b.cookie)).toContain(a.username);
      expect(replicaReads()).toBe(before + 1);

      const tight = new ReadRouting(base.db, [await openReplica(replicaUrlOfTest, 1)], {
        maxLagMs: TIGHT_LAG_MS,
        pollMs: 50,
      });
      await tight.start();
      await onReplica("SELECT pg_wal_replay_pause()");
      try {
        // A write that narrows nothing: the others read on the replica and do not see it yet (it lags: a real replica).
        const note = await call("PUT", "/api/users/right-now", a.cookie, { note: "Just written" });
        expect(note.statusCode).toBe(200);
        expect(note.cookies.find((c) => c.name === WROTE_COOKIE)?.value).toMatch(/^\d+$/);
        before = replicaReads();
        const seenByB = await call("GET", `/api/users/${a.id}`, b.cookie);
        expect(replicaReads()).toBe(before + 1);
        expect(seenByB.json()).not.toMatchObject({ rightNow: { note: "Just written" } });
        // ...but he who wrote it reads on the primary and sees it.
        const primaryBefore = reads.primaryReads;
        expect((await call("GET", `/api/users/${a.id}`, a.cookie)).json()).toMatchObject({
          rightNow: { note: "Just written" },
        });
        expect(reads.primaryReads).toBe(primaryBefore + 1);
        // A browser that tells when it wrote (another node's cookie) reads on the primary too.
        const cookie = `${b.cookie}; ${WROTE_COOKIE}=${Date.now()}`;
        expect((await call("GET", `/api/users/${a.id}`, cookie)).json()).toMatchObject({
          rightNow: { note: "Just written" },
        });

        // A blocks B: B's very next read, on any surface, goes where the block is.
        expect((await call("POST", `/api/users/${b.id}/block`, a.cookie)).statusCode).toBe(200);
        before = replicaReads();
        expect(await nearbyNames(b.cookie)).not.toContain(a.username);
        expect((await call("GET", `/api/users/${a.id}`, b.cookie)).statusCode).toBe(404);
        expect(replicaReads()).toBe(before);

        // Behind by more than the bound: skipped for every read.
        await until(() => (tight.status()[0]?.lagMs ?? 0) > TIGHT_LAG_MS, "the paused replica is past the bound");
        expect(tight.target(0)).toBe("primary");
        // A node that starts while the replica is behind (it has replayed none of its samples) sees the lag grow too,
        // not an unknown lag (CI once waited 30 s on a null here: the replica was behind when `tight` started).
        const late = new ReadRouting(base.db, [await openReplica(replicaUrlOfTest, 1)], {
          maxLagMs: TIGHT_LAG_MS,
          pollMs: 50,
        });
        await late.start();
        try {
          await queryRows(base.db, sql`SELECT txid_current()`);
          await until(() => (late.status()[0]?.lagMs ?? 0) > TIGHT_LAG_MS, "a late node sees the paused replica lag");
          expect(late.status()[0]?.up).toBe(true);
          expect(late.target(0)).toBe("primary");
        } finally {
          await late.close();
        }
      } finally {
        await onReplica("SELECT pg_wal_replay_resume()");
      }
      await until(() => tight.target(0) === replicaName, "the replica is back within the bound");
      await tight.close();
      // Caught up again: back in use, with the block.
      await until(() => reads.target() === replicaName, "the replica caught up");
      before = replicaReads();
      expect(await nearbyNames(b.cookie)).not.toContain(a.username);
      expect(replicaReads()).toBe(before + 1);
    });

    it("the map's area, the events' and groups' listings read on the replica too", async () => {
      const c = await memberAt("c@example.com", 3);
      await until(() => reads.target(reads.sinceFor(c.id)) === replicaName, "the replica has C's writes");
      const tile = tileKey(tileOf(CITY.latitude, CITY.longitude, 10));
      const before = replicaReads();
      for (const url of [
        `/api/map/area?tiles=${tile}`,
        `/api/events?latitude=${CITY.latitude}&longitude=${CITY.longitude}`,
        `/api/groups?latitude=${CITY.latitude}&longitude=${CITY.longitude}`,
      ]) {
        const res = await call("GET", url, c.cookie);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      }
      expect(replicaReads()).toBe(before + 3);
    });

    it("a replica that is down, or a URL that is the primary itself, is skipped: the primary answers", async () => {
      const down = new URL(replicaUrl!);
      down.port = "1";
      const messages: string[] = [];
      const skip = new ReadRouting(
        base.db,
        [await openReplica(down.toString(), 1), await openReplica(process.env.DATABASE_URL!, 1)],
        {
          maxLagMs: TIGHT_LAG_MS,
          onError: (m) => messages.push(m),
        },
      );
      await skip.start();
      try {
        expect(skip.status().map((s) => s.up)).toEqual([false, false]);
        expect(messages.some((m) => m.includes("is not a replica in recovery"))).toBe(true);
        const [row] = await skip.read(0, (db) => queryRows<{ one: number }>(db, sql`SELECT 1 AS one`));
        expect(row).toEqual({ one: 1 });
        expect(skip.primaryReads).toBe(1);
        // A read that may wait for a replica (the analytics report) does not wait for one that is down.
        const asked = performance.now();
        await skip.read(Date.now(), (db) => queryRows(db, sql`SELECT 1 AS one`), 5000);
        expect(performance.now() - asked).toBeLessThan(2500);
        expect(skip.primaryReads).toBe(2);
      } finally {
        await skip.close();
      }
    });
  });

describe("what a read must see", () => {
  it("is the latest of the reader's own write, his browser's cookie (a second's margin, never past now) and the fence", () => {
    const reads = new ReadRouting({} as Database["db"], [], { maxLagMs: 5000, now: () => 10_000 });
    expect(reads.sinceFor(null)).toBe(0);
    expect(reads.sinceFor(null, "5000")).toBe(6000);
    expect(reads.sinceFor(null, "9500")).toBe(10_000);
    expect(reads.sinceFor(null, "99999999")).toBe(10_000);
    expect(reads.sinceFor(null, "not a time")).toBe(0);
    reads.fence(3000);
    expect(reads.sinceFor("someone")).toBe(3000);
    // Without a replica nothing is remembered (every read is on the primary anyway).
    reads.wrote("someone", 7000);
    expect(reads.sinceFor("someone")).toBe(3000);
  });
});

describe("log positions", () => {
  it("order as the log does", () => {
    expect(lsnValue("0/15000000")).toBe(0x15000000n);
    expect(lsnValue("1/0") > lsnValue("0/FFFFFFFF")).toBe(true);
    expect(lsnValue("16/B374D848")).toBe((0x16n << 32n) | 0xb374d848n);
  });
});
