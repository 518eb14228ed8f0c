import { eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ConversationSummary, NearbyUser } from "@vicinity/contract";
import { reports, users } from "../db/schema";
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_ADDRESS, LOGIN_FAILURES_PER_DEVICE } from "../auth/limits";
import { DEVICE_COOKIE } from "../auth/device";
import { hashPassword } from "../auth/passwords";
import { UNAVAILABLE_MEMBER_NAME } from "../messages/service";
import {
  guestCookie,
  registerMember,
  resetDatabase,
  startTestServer,
  STRONG_PASSWORD,
  testEngines,
  type TestServer,
} from "./harness";
import { CITY, offset } from "./geo";
import { jpegWithGps, pictureForm } from "./pictures";

/** The cookies a response set, as one Cookie header (merged over `previous`). */
function cookiesOf(res: LightMyRequestResponse, previous = ""): string {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((c) => [c.slice(0, c.indexOf("=")), c.slice(c.indexOf("=") + 1)] as [string, string]),
  );
  for (const c of res.cookies) jar.set(c.name, c.value);
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** The findings of the hostile-member review (docs/decisions/0016), each on the real server. */
describe.each(testEngines())("security findings (%s)", (engine) => {
  let t: TestServer;
  const inject = (options: InjectOptions) => t.server.app.inject(options);

  beforeAll(async () => {
    t = await startTestServer(engine);
  });
  afterAll(() => t.close());
  beforeEach(() => resetDatabase(t.database));

  async function memberAt(email: string, km: number, bearing = 45) {
    const m = await registerMember(t.server, email);
    const res = await inject({
      method: "PUT",
      url: "/api/users/location",
      headers: { cookie: m.cookie },
      payload: offset(km, bearing),
    });
    expect(res.statusCode).toBe(200);
    return m;
  }
  const nearby = (cookie: string | undefined, query = "") =>
    inject({
      method: "GET",
      url: `/api/users/nearby?latitude=${CITY.latitude}&longitude=${CITY.longitude}${query}`,
      headers: cookie ? { cookie } : {},
    });

  describe("item 3: private mode reveals no distance", () => {
    it("a cursor is opaque: it decodes to nothing readable, and a made-up one is refused with 400", async () => {
      const me = await memberAt("me@example.com", 0);
      for (let i = 1; i <= 4; i += 1) await memberAt(`pal${i}@example.com`, i * 1.7);
      const res = await nearby(me.cookie, "&limit=2");
      const cursor = res.headers["x-next-cursor"] as string;
      expect(cursor).toBeTruthy();
      const decoded = Buffer.from(cursor, "base64url").toString("latin1");
      expect(decoded).not.toMatch(/"k"|knn|\d{3,}\.\d/);
      // The real cursor with its last byte changed: "AA" written over its last two characters left
      // the bytes as they were about once in a few hundred runs (a clean CI saw it), so the byte is flipped.
      const raw = Buffer.from(cursor, "base64url");
      raw[raw.length - 1] = raw[raw.length - 1]! ^ 0xff;
      const tampered = raw.toString("base64url");
      for (const forged of [
        Buffer.from('{"k":5e-324}').toString("base64url"),
        Buffer.from('{"k":1000}').toString("base64url"),
        tampered,
        "x".repeat(60),
      ]) {
        const bad = await nearby(me.cookie, `&limit=2&cursor=${forged}`);
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toEqual({ message: "cursor is not valid" });
      }
      const next = await nearby(me.cookie, `&limit=2&cursor=${cursor}`);
      expect(next.statusCode).toBe(200);
      expect((next.json() as NearbyUser[]).length).toBe(2);
    });

    it("the radius is whole kilometres from a short list", async () => {
      for (const radius of ["5.5", "3", "0.001", "99"]) {
        const res = await nearby(undefined, `&radius=${radius}`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: "radius must be one of 1, 2, 5, 10, 25, 50, 100 (km)" });
      }
      expect((await nearby(undefined, "&radius=10")).statusCode).toBe(200);
    });

    it("a member in private mode is not placed by order, radius or cursor", async () => {
      const me = await memberAt("me@example.com", 0);
      const hidden = await memberAt("hidden@example.com", 3.2);
      await t.database.db.update(users).set({ privateMode: true }).where(eq(users.id, hidden.id));
      for (const km of [1, 2, 4, 6, 9]) await memberAt(`shown${km}@example.com`, km, 200);

      // Order: after everyone who shows his distance, though he is nearer than three of them.
      const all = (await nearby(me.cookie, "&radius=25")).json() as NearbyUser[];
      expect(all.map((u) => u.username)).toEqual(["shown1", "shown2", "shown4", "shown6", "shown9", "hidden"]);
      expect(all.at(-1)).toMatchObject({ distance: null, distanceHidden: true });

      // Radius bisection: every radius from 1 to 25 km finds him alike, so none tells his distance.
      for (const radius of [1, 2, 5, 10, 25]) {
        const found = (await nearby(me.cookie, `&radius=${radius}`)).json() as NearbyUser[];
        expect(found.map((u) => u.username)).toContain("hidden");
        expect(found.at(-1)?.username).toBe("hidden");
      }

      // Paging: every cursor of the walk is sealed, and he comes once, last.
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const res = await nearby(me.cookie, `&radius=25&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
        seen.push(...(res.json() as NearbyUser[]).map((u) => u.username));
        cursor = res.headers["x-next-cursor"] as string | undefined;
        if (cursor) expect(Buffer.from(cursor, "base64url").toString("latin1")).not.toMatch(/\d{4}\.\d/);
      } while (cursor && seen.length < 20);
      expect(seen).toEqual(["shown1", "shown2", "shown4", "shown6", "shown9", "hidden"]);

      // Best match ranks him by his profile, with no distance part to give him away.
      const best = (await nearby(me.cookie, "&sort=best")).json() as NearbyUser[];
      expect(best.find((u) => u.username === "hidden")).toMatchObject({
        distance: null,
        compatibility: { parts: { distance: expect.any(Number) } },
      });
    });

    it("a member in private mode far away is still not found", async () => {
      const me = await memberAt("me@example.com", 0);
      const far = await memberAt("far@example.com", 40);
      await t.database.db.update(users).set({ privateMode: true }).where(eq(users.id, far.id));
      expect(((await nearby(me.cookie, "&radius=25")).json() as NearbyUser[]).map((u) => u.username)).toEqual([]);
      expect(((await nearby(me.cookie, "&radius=50")).json() as NearbyUser[]).map((u) => u.username)).toEqual(["far"]);
    });
  });

  describe("item 4: a block hides each from the other", () => {
    it("in nearby for his guest session and as a visitor on the same browser, not only as a member", async () => {
      const a = await memberAt("alice@example.com", 1);
      const b = await memberAt("bobby@example.com", 0);
      await memberAt("carol@example.com", 2);
      expect(
        (await inject({ method: "POST", url: `/api/users/${b.id}/block`, headers: { cookie: a.cookie } })).statusCode,
      ).toBeLessThan(300);

      // Bob signs out on his browser; the device cookie stays with the browser.
      const login = await inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "bobby@example.com", password: STRONG_PASSWORD },
      });
      const jar = cookiesOf(login);
      expect(jar).toContain(`${DEVICE_COOKIE}=`);
      const device = jar.split("; ").find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
      const names = async (cookie: string | undefined) =>
        ((await nearby(cookie)).json() as NearbyUser[]).map((u) => u.username);

      expect(await names(b.cookie)).toEqual(["carol"]);
      expect(await names(device)).toEqual(["carol"]);
      const guest = await guestCookie(t.server);
      expect(await names(`${guest}; ${device}`)).toEqual(["carol"]);
      // Another browser, with no trace of Bob, sees everyone (the limit of what a server can know).
      expect(await names(undefined)).toEqual(["bobby", "alice", "carol"]);
      // A made-up device cookie counts for nothing.
      expect(await names(`${DEVICE_COOKIE}=${a.id}.AAAAAAAAAAAAAAAA.forged`)).toEqual(["bobby", "alice", "carol"]);
    });

    it("in photos: his pictures read 'not found' to the other, full size and thumbnail", async () => {
      const a = await registerMember(t.server, "alice@example.com");
      const b = await registerMember(t.server, "bobby@example.com");
      const upload = await inject({
        method: "POST",
        url: "/api/media?kind=photo",
        headers: { cookie: a.cookie },
        payload: pictureForm(await jpegWithGps(400, 300)),
      });
      expect(upload.statusCode).toBe(201);
      const { url } = upload.json() as { url: string };
      expect((await inject({ method: "GET", url: `${url}?w=720`, headers: { cookie: b.cookie } })).statusCode).toBe(
        200,
      );
      await inject({ method: "POST", url: `/api/users/${b.id}/block`, headers: { cookie: a.cookie } });
      for (const size of ["w=720", "w=150&h=150"]) {
        const res = await inject({ method: "GET", url: `${url}?${size}`, headers: { cookie: b.cookie } });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: "Picture not found" });
      }
      // His own and everyone else's view are unchanged.
      expect((await inject({ method: "GET", url: `${url}?w=720`, headers: { cookie: a.cookie } })).statusCode).toBe(
        200,
      );
      const carol = await registerMember(t.server, "carol@example.com");
      expect((await inject({ method: "GET", url: `${url}?w=720`, headers: { cookie: carol.cookie } })).statusCode).toBe(
        200,
      );
    });

    it("in the conversation list: no online state either way; no name or picture to the one blocked", async () => {
      const a = await registerMember(t.server, "alice@example.com");
      const b = await registerMember(t.server, "bobby@example.com");
      await t.database.db
        .update(users)
        .set({ displayName: "Alice A", profileImageUrl: "/media/00000000-0000-4000-8000-000000000001" })
        .where(eq(users.id, a.id));
      await inject({
        method: "POST",
        url: "/api/conversations",
        headers: { cookie: b.cookie },
        payload: { userId: a.id },
      });
      for (const m of [a, b]) await inject({ method: "POST", url: "/api/heartbeat", headers: { cookie: m.cookie } });
      const list = async (cookie: string) =>
        (
          (
            await inject({ method: "GET", url: "/api/conversations", headers: { cookie } })
          ).json() as ConversationSummary[]
        )[0]!;
      expect((await list(b.cookie)).peer).toMatchObject({ displayName: "Alice A", isOnline: true });

      await inject({ method: "POST", url: `/api/users/${b.id}/block`, headers: { cookie: a.cookie } });
      const seenByB = await list(b.cookie);
      expect(seenByB.blocked).toBe(true);
      expect(seenByB.peer).toEqual({
        id: a.id,
        username: "",
        displayName: UNAVAILABLE_MEMBER_NAME,
        profileImageUrl: null,
        isOnline: false,
      });
      const seenByA = await list(a.cookie);
      expect(seenByA.peer).toMatchObject({ username: b.username, isOnline: false });
    });
  });

  describe("item 7: strangers cannot lock a member out of his own browser", () => {
    it("after five failures from elsewhere, his browser still signs in with the right password; strangers stay locked", async () => {
      await registerMember(t.server, "victim@example.com");
      // His browser: he signed in here before.
      const before = await inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "victim@example.com", password: STRONG_PASSWORD },
      });
      const device = before.cookies.find((c) => c.name === DEVICE_COOKIE)!;
      expect(device).toBeTruthy();
      expect(device.httpOnly).toBe(true);
      for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT + 1; i += 1) {
        await inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { email: "victim@example.com", password: "wrong guess number one" },
        });
      }
      const stranger = await inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "victim@example.com", password: STRONG_PASSWORD },
      });
      expect(stranger.statusCode).toBe(429);
      const mine = await inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { cookie: `${DEVICE_COOKIE}=${device.value}` },
        payload: { email: "victim@example.com", password: STRONG_PASSWORD },
      });
      expect(mine.statusCode).toBe(200);
    });

    it("while strangers behind his address guess other accounts, he signs in from his browser", async () => {
      await registerMember(t.server, "neighbour@example.com");
      const before = await inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: "100.64.0.9",
        payload: { email: "neighbour@example.com", password: STRONG_PASSWORD },
      });
      const cookie = `${DEVICE_COOKIE}=${before.cookies.find((c) => c.name === DEVICE_COOKIE)!.value}`;
      // A carrier's NAT: everyone on it shares one address, and someone there guesses many accounts.
      for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS; i += 1) {
        await inject({
          method: "POST",
          url: "/api/auth/login",
          remoteAddress: "100.64.0.9",
          payload: { email: `target${i}@example.com`, password: "a guess" },
        });
      }
      const guesser = await inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: "100.64.0.9",
        payload: { email: "target99@example.com", password: "a guess" },
      });
      expect(guesser.statusCode).toBe(429);
      const mine = await inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: "100.64.0.9",
        headers: { cookie },
        payload: { email: "neighbour@example.com", password: STRONG_PASSWORD },
      });
      expect(mine.statusCode).toBe(200);
    });

    it("his browser has a limit of its own: guessing from it is still slowed", async () => {
      // (Another address than the test above's: the account counts live as long as the server.)
      await registerMember(t.server, "careless@example.com");
      const before = await inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "careless@example.com", password: STRONG_PASSWORD },
      });
      const cookie = `${DEVICE_COOKIE}=${before.cookies.find((c) => c.name === DEVICE_COOKIE)!.value}`;
      const statuses: number[] = [];
      for (let i = 0; i < LOGIN_FAILURES_PER_DEVICE + 1; i += 1) {
        statuses.push(
          (
            await inject({
              method: "POST",
              url: "/api/auth/login",
              headers: { cookie },
              payload: { email: "careless@example.com", password: "not it at all" },
            })
          ).statusCode,
        );
      }
      expect(statuses.slice(0, LOGIN_FAILURES_PER_DEVICE).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });
  });

  describe("item 8: registration does not tell who is a member", () => {
    it("a known address costs the server no less than a password hash (it is hashed either way)", async () => {
      await registerMember(t.server, "known@example.com");
      // Each answer is weighed against a hash of its own, back to back, in CPU time of this test
      // process (the hash runs on libuv's threads, which the process's CPU time counts), not in wall
      // time: on a busy machine the other test worker and the browsers slow either one at random
      // (wall-clock medians of 0.75 were seen on CI with the hash on the path). With the hash on
      // the path the answer costs a hash and a query; without it, the query alone (0.1 to 0.35 measured; 1.1 to 1.3 with it).
      const time = async (run: () => Promise<unknown>) => {
        const started = process.cpuUsage();
        await run();
        const used = process.cpuUsage(started);
        return used.user + used.system;
      };
      const ratios: number[] = [];
      for (let i = 0; i < 9; i += 1) {
        const hash = await time(() => hashPassword(STRONG_PASSWORD));
        const known = await time(async () => {
          const res = await inject({
            method: "POST",
            url: "/api/register",
            payload: { email: "known@example.com", password: STRONG_PASSWORD },
          });
          expect(res.statusCode).toBe(409);
        });
        ratios.push(known / hash);
      }
      const median = ratios.sort((a, b) => a - b)[4]!;
      expect(median).toBeGreaterThan(0.8);
    });
  });

  describe("item 9: the Origin check holds on every path", () => {
    it("a cross-site POST to a percent-encoded API path is refused and keeps the session", async () => {
      const a = await registerMember(t.server, "alice@example.com");
      for (const url of ["/%61pi/logout", "/api/%6cogout", "/%61%70%69/logout"]) {
        const res = await inject({
          method: "POST",
          url,
          headers: { cookie: a.cookie, origin: "https://evil.example" },
        });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: "This request came from another site and was refused" });
      }
      expect((await inject({ method: "GET", url: "/api/auth/user", headers: { cookie: a.cookie } })).statusCode).toBe(
        200,
      );
      const report = await inject({
        method: "POST",
        url: `/%61pi/users/${a.id}/report`,
        headers: { cookie: a.cookie, origin: "https://evil.example" },
        payload: { reason: "spam" },
      });
      expect(report.statusCode).toBe(403);
      expect(await t.database.db.select().from(reports)).toEqual([]);
    });
  });
});

describe("item 8: registrations per address are limited", () => {
  it("answers 429 with a message once the address's hourly allowance is spent, and stores nothing", async () => {
    const t = await startTestServer("pglite", { registrationsPerHour: 3 });
    try {
      for (let i = 0; i < 3; i += 1) await registerMember(t.server, `m${i}@example.com`);
      const res = await t.server.app.inject({
        method: "POST",
        url: "/api/register",
        payload: { email: "fourth@example.com", password: STRONG_PASSWORD },
      });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ message: "Too many new accounts from your network. Try again later." });
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      expect(await t.database.db.select().from(users).where(eq(users.email, "fourth@example.com"))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
