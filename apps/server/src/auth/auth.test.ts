import { eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sessions, users } from "../db/schema";
import {
  guestCookie,
  registerMember,
  resetDatabase,
  sessionCookie,
  startTestServer,
  STRONG_PASSWORD,
  testEngines,
  type TestServer,
} from "../test/harness";
import { LOGIN_FAILURES_PER_ACCOUNT } from "./limits";
import { SESSION_IDLE_MS } from "./sessions";

describe.each(testEngines())("accounts and sessions (%s)", (engine) => {
  let t: TestServer;
  const inject = (options: InjectOptions) => t.server.app.inject(options);

  beforeAll(async () => {
    t = await startTestServer(engine);
  });
  afterAll(() => t.close());
  beforeEach(() => resetDatabase(t.database));

  describe("register", () => {
    it("creates a member, signs him in and derives a username from the email", async () => {
      const res = await inject({
        method: "POST",
        url: "/api/register",
        payload: { email: "Jo.Doe@Example.com", password: STRONG_PASSWORD },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ email: "jo.doe@example.com", username: "jo.doe", accountRole: "member" });
      const cookie = res.cookies.find((c) => c.name === "vicinity_sid");
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
      expect(Buffer.from(cookie!.value, "base64url")).toHaveLength(16);
      const me = await inject({ method: "GET", url: "/api/auth/user", headers: { cookie: sessionCookie(res) } });
      expect(me.json()).toMatchObject({ email: "jo.doe@example.com" });
    });

    it("takes the username given on /join", async () => {
      const res = await inject({
        method: "POST",
        url: "/api/register",
        payload: { email: "a@example.com", password: STRONG_PASSWORD, username: "Night_Owl" },
      });
      expect(res.json()).toMatchObject({ username: "Night_Owl" });
    });

    it("stores an argon2id hash, never the password", async () => {
      await registerMember(t.server, "hash@example.com");
      const [row] = await t.database.db.select().from(users).where(eq(users.email, "hash@example.com"));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row?.passwordHash).not.toContain(STRONG_PASSWORD);
    });

    it("refuses a second account for the same email, whatever its case (409), and stores nothing", async () => {
      await registerMember(t.server, "dup@example.com");
      const res = await inject({
        method: "POST",
        url: "/api/register",
        payload: { email: "DUP@example.com", password: STRONG_PASSWORD },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: "An account with this email already exists" });
      const [n] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
      expect(n?.n).toBe(1);
    });

    it("refuses a taken username (409)", async () => {
      await registerMember(t.server, "one@example.com", { username: "taken" });
      const res = await inject({
        method: "POST",
        url: "/api/register",
        payload: { email: "two@example.com", password: STRONG_PASSWORD, username: "TAKEN" },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: "That username is taken" });
    });

    it("gives a derived username a suffix when the plain one is taken", async () => {
      await registerMember(t.server, "sam@example.com");
      const res = await inject({
        method: "POST",
        url: "/api/register",
        payload: { email: "sam@other.example", password: STRONG_PASSWORD },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().username).toMatch(/^sam\d+$/);
    });

    it("refuses the most common passwords", async () => {
      const res = await inject({
        method: "POST",
        url: "/api/register",
        payload: { email: "c@example.com", password: "Password123" },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: "This password is too common" });
    });

    it("makes nobody an admin by registering an address, even one listed in ADMIN_EMAILS", async () => {
      const before = process.env.ADMIN_EMAILS;
      process.env.ADMIN_EMAILS = "boss@example.com";
      try {
        const res = await inject({
          method: "POST",
          url: "/api/register",
          payload: { email: "Boss@example.com", password: STRONG_PASSWORD },
        });
        expect(res.statusCode).toBe(201);
        expect(res.json().accountRole).toBe("member");
        const login = await inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { email: "boss@example.com", password: STRONG_PASSWORD },
        });
        expect(login.json().accountRole).toBe("member");
      } finally {
        if (before === undefined) delete process.env.ADMIN_EMAILS;
        else process.env.ADMIN_EMAILS = before;
      }
    });
  });

  describe("login", () => {
    it("signs in with the right password and renews the session id", async () => {
      const { cookie: first } = await registerMember(t.server, "lee@example.com");
      const res = await inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { cookie: first },
        payload: { email: "LEE@example.com", password: STRONG_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ email: "lee@example.com" });
      const second = sessionCookie(res);
      expect(second).not.toBe(first);
      expect((await inject({ method: "GET", url: "/api/auth/user", headers: { cookie: first } })).statusCode).toBe(401);
      expect((await inject({ method: "GET", url: "/api/auth/user", headers: { cookie: second } })).statusCode).toBe(
        200,
      );
    });

    it("answers a wrong password and an unknown email alike (401)", async () => {
      await registerMember(t.server, "lee@example.com");
      const wrong = await inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "lee@example.com", password: "not the password" },
      });
      const unknown = await inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "nobody@example.com", password: "whatever123" },
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: "Invalid email or password" });
      expect(unknown.json()).toEqual(wrong.json());
    });

    it("locks an account after repeated failures (429 with Retry-After), even with the right password", async () => {
      await registerMember(t.server, "target@example.com");
      for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i += 1) {
        const res = await inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { email: "target@example.com", password: `guess-${i}-wrong` },
        });
        expect(res.statusCode).toBe(401);
      }
      const locked = await inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "target@example.com", password: STRONG_PASSWORD },
      });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
      expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    });

    it("limits failures per address across accounts", async () => {
      const ip = "203.0.113.9";
      for (let i = 0; i < 20; i += 1) {
        await inject({
          method: "POST",
          url: "/api/auth/login",
          remoteAddress: ip,
          payload: { email: `spray${i}@example.com`, password: "wrong-password" },
        });
      }
      const res = await inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: ip,
        payload: { email: "another@example.com", password: "wrong-password" },
      });
      expect(res.statusCode).toBe(429);
    });

    it("refuses a suspended member (403)", async () => {
      await registerMember(t.server, "bad@example.com");
      await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.email, "bad@example.com"));
      const res = await inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "bad@example.com", password: STRONG_PASSWORD },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: "This account is suspended" });
    });
  });

  describe("sessions", () => {
    it("logout destroys the session: the current user is then a 401", async () => {
      const { cookie } = await registerMember(t.server, "out@example.com");
      const res = await inject({ method: "POST", url: "/api/logout", headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === "vicinity_sid")?.value).toBe("");
      const me = await inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
      expect(me.statusCode).toBe(401);
      expect(me.json()).toEqual({ message: "Not signed in" });
    });

    it("logout without a session, and with an empty JSON body, still answers 200", async () => {
      const res = await inject({
        method: "POST",
        url: "/api/logout",
        headers: { "content-type": "application/json" },
        payload: "",
      });
      expect(res.statusCode).toBe(200);
    });

    it("expires a session left idle past the limit", async () => {
      const { cookie } = await registerMember(t.server, "idle@example.com");
      await t.database.db.update(sessions).set({ lastActiveAt: new Date(Date.now() - SESSION_IDLE_MS - 1000) });
      expect((await inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).statusCode).toBe(401);
    });

    it("expires a session past its absolute lifetime even when active", async () => {
      const { cookie } = await registerMember(t.server, "old@example.com");
      await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
      expect((await inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).statusCode).toBe(401);
    });

    it("keeps a session alive with heartbeats", async () => {
      const { cookie } = await registerMember(t.server, "beat@example.com");
      await t.database.db.update(sessions).set({ lastActiveAt: new Date(Date.now() - SESSION_IDLE_MS + 60_000) });
      expect((await inject({ method: "POST", url: "/api/heartbeat", headers: { cookie } })).statusCode).toBe(200);
      const [row] = await t.database.db.select().from(sessions);
      expect(Date.now() - row!.lastActiveAt.getTime()).toBeLessThan(5000);
    });

    it("stores only a keyed hash of the session token", async () => {
      const { cookie } = await registerMember(t.server, "hashed@example.com");
      const token = cookie.split("=")[1]!;
      const rows = await t.database.db.select().from(sessions);
      expect(rows.map((r) => r.idHash)).not.toContain(token);
    });

    it("treats a forged or garbage cookie as no session", async () => {
      for (const value of ["x", "A".repeat(22), "%%%", "a".repeat(500)]) {
        const res = await inject({
          method: "GET",
          url: "/api/auth/user",
          headers: { cookie: `vicinity_sid=${value}` },
        });
        expect(res.statusCode).toBe(401);
      }
    });
  });

  describe("guests", () => {
    it("anonymous login makes a guest session with the spec's profile", async () => {
      const res = await inject({ method: "POST", url: "/api/anonymous-login", payload: { age: 25 } });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ isAnonymous: true, displayName: "Anonymous User" });
      expect(res.json().id).toMatch(/^anon_/);
      const cookie = sessionCookie(res);
      // A guest is no user for the current-user call.
      expect((await inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).statusCode).toBe(401);
      expect((await inject({ method: "POST", url: "/api/heartbeat", headers: { cookie } })).statusCode).toBe(200);
    });

    it("a guest may not act as a member (403 with an invitation)", async () => {
      const cookie = await guestCookie(t.server);
      const res = await inject({
        method: "PUT",
        url: "/api/users/profile",
        headers: { cookie },
        payload: { firstName: "X" },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: "Sign up for full access to do this" });
    });
  });

  describe("cross-site requests", () => {
    it("refuses a state-changing call from a foreign Origin and changes nothing", async () => {
      const res = await inject({
        method: "POST",
        url: "/api/register",
        headers: { origin: "https://evil.example", host: "localhost:3000" },
        payload: { email: "csrf@example.com", password: STRONG_PASSWORD },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: "This request came from another site and was refused" });
      const [n] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
      expect(n?.n).toBe(0);
    });

    it("accepts the same origin and a configured one", async () => {
      const same = await inject({
        method: "POST",
        url: "/api/register",
        headers: { origin: "http://localhost:3000", host: "localhost:3000" },
        payload: { email: "same@example.com", password: STRONG_PASSWORD },
      });
      expect(same.statusCode).toBe(201);
    });
  });
});
