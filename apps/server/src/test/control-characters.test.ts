import { API_PATHS } from "@vicinity/contract";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { reports, users } from "../db/schema";
import {
  registerMember,
  resetDatabase,
  startTestServer,
  STRONG_PASSWORD,
  testEngines,
  type TestServer,
} from "./harness";

/**
 * PostgreSQL refuses NUL in text: a NUL in any field used to reach the database and answer 500. The
 * contract now refuses it (and the other control characters) with a 400 naming the field, and the
 * names refuse invisible and direction-changing characters too.
 */
const NUL = "\u0000";
const RIGHT_TO_LEFT_OVERRIDE = "\u202E";
const ZERO_WIDTH_SPACE = "\u200B";

const PROFILE = { firstName: "Theo", displayName: "Theo T.", bio: "Hi there", interests: ["Gym", "Beach"] };
const NOTE = "Coffee on the square";

describe.each(testEngines())("control and invisible characters answer 400 and change nothing (%s)", (engine) => {
  let t: TestServer;
  let me: { cookie: string; id: string };
  const inject = (options: InjectOptions) => t.server.app.inject(options);

  beforeAll(async () => {
    t = await startTestServer(engine);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetDatabase(t.database);
    me = await registerMember(t.server, "me@example.com");
    expect(
      (await inject({ method: "PUT", url: API_PATHS.profile, headers: { cookie: me.cookie }, payload: PROFILE }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await inject({
          method: "PUT",
          url: API_PATHS.rightNow,
          headers: { cookie: me.cookie },
          payload: { note: NOTE },
        })
      ).statusCode,
    ).toBe(200);
  });

  async function currentUser() {
    const res = await inject({ method: "GET", url: API_PATHS.currentUser, headers: { cookie: me.cookie } });
    expect(res.statusCode).toBe(200);
    return res.json() as typeof PROFILE & { rightNow: { note: string } | null };
  }

  /** Sends the call, expects a 400 whose message matches, and returns it. */
  async function expect400(options: InjectOptions, message: RegExp): Promise<string> {
    const res = await inject(options);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    const body = res.json() as { message?: unknown };
    expect(typeof body.message, res.body).toBe("string");
    expect(body.message).toMatch(message);
    return body.message as string;
  }

  describe(`PUT ${API_PATHS.profile}`, () => {
    it.each([
      ["firstName", { firstName: `Th${NUL}eo` }, /^First name can't contain control characters$/],
      ["displayName", { displayName: `Theo${NUL}` }, /^Display name can't contain control characters$/],
      ["bio", { bio: `Hello${NUL}world` }, /^Bio can't contain control characters$/],
      ["interests", { interests: ["Gym", `Hiking${NUL}`] }, /^Interests can't contain control characters$/],
      ["bio (escape)", { bio: "\u001B[2J" }, /^Bio can't contain control characters$/],
      ["bio (half a surrogate pair)", { bio: "a\uD800b" }, /^Bio can't contain invalid characters$/],
      [
        "displayName with U+202E",
        { displayName: `Theo${RIGHT_TO_LEFT_OVERRIDE}gnp.exe` },
        /^Display name can't contain invisible or direction-changing characters$/,
      ],
      [
        "firstName with U+202E",
        { firstName: `${RIGHT_TO_LEFT_OVERRIDE}oehT` },
        /^First name can't contain invisible or direction-changing characters$/,
      ],
      [
        "a zero-width-only displayName",
        { displayName: ZERO_WIDTH_SPACE.repeat(3) },
        /^Display name can't contain invisible or direction-changing characters$/,
      ],
      [
        "a zero-width-only firstName",
        { firstName: ZERO_WIDTH_SPACE },
        /^First name can't contain invisible or direction-changing characters$/,
      ],
      [
        "a blank-pattern displayName",
        { displayName: "\u2800\u2800" },
        /^Display name needs at least one visible character$/,
      ],
      [
        "a good field beside a bad one",
        { bio: "Fine", firstName: `Th${NUL}eo` },
        /^First name can't contain control characters$/,
      ],
    ])("refuses %s", async (_label, payload, message) => {
      await expect400({ method: "PUT", url: API_PATHS.profile, headers: { cookie: me.cookie }, payload }, message);
      expect(await currentUser()).toMatchObject(PROFILE);
    });

    it("still takes tabs and line breaks in the bio, and names in any script or with emoji", async () => {
      const update = {
        firstName: "José",
        displayName: "محمد 🏳️‍🌈",
        bio: "Line one\n\tLine two\r\nשלום",
        interests: ["Café", "登山"],
      };
      const res = await inject({
        method: "PUT",
        url: API_PATHS.profile,
        headers: { cookie: me.cookie },
        payload: update,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await currentUser()).toMatchObject(update);
    });
  });

  describe(`PUT ${API_PATHS.rightNow}`, () => {
    it("refuses a note with NUL and keeps the old one", async () => {
      await expect400(
        { method: "PUT", url: API_PATHS.rightNow, headers: { cookie: me.cookie }, payload: { note: `Drinks${NUL}` } },
        /^The note can't contain control characters$/,
      );
      expect((await currentUser()).rightNow?.note).toBe(NOTE);
    });
  });

  describe("POST /api/users/:id/report", () => {
    it("refuses details with NUL and files nothing", async () => {
      const other = await registerMember(t.server, "other@example.com");
      await expect400(
        {
          method: "POST",
          url: API_PATHS.report(other.id),
          headers: { cookie: me.cookie },
          payload: { reason: "spam", details: `Buy now${NUL}` },
        },
        /^Details can't contain control characters$/,
      );
      expect(await t.database.db.select().from(reports)).toHaveLength(0);
      // The same report without the NUL goes through: the refusal was the character, nothing else.
      const res = await inject({
        method: "POST",
        url: API_PATHS.report(other.id),
        headers: { cookie: me.cookie },
        payload: { reason: "spam", details: "Buy now" },
      });
      expect(res.statusCode, res.body).toBe(201);
    });
  });

  describe(`POST ${API_PATHS.register}`, () => {
    it.each([
      [
        "email",
        { email: `new${NUL}@example.com`, password: STRONG_PASSWORD },
        /^Email can't contain control characters$/,
      ],
      [
        "password",
        { email: "new@example.com", password: `${STRONG_PASSWORD}${NUL}` },
        /^Passwords can't contain control characters$/,
      ],
      // A NUL anywhere in a body is refused before any handler (http/nul-guard.ts), in the contract's words.
      [
        "username",
        { email: "new@example.com", password: STRONG_PASSWORD, username: `new${NUL}name` },
        /^Username can't contain control characters$/,
      ],
      [
        "username with U+202E",
        { email: "new@example.com", password: STRONG_PASSWORD, username: `new${RIGHT_TO_LEFT_OVERRIDE}name` },
        /^Usernames are 3 to 30 letters/,
      ],
    ])("refuses %s with NUL and creates no account", async (_label, payload, message) => {
      await expect400({ method: "POST", url: API_PATHS.register, payload }, message);
      const rows = await t.database.db.select({ email: users.email }).from(users);
      expect(rows.map((r) => r.email)).toEqual(["me@example.com"]);
    });
  });

  describe(`POST ${API_PATHS.login}`, () => {
    it("refuses an email or a password with NUL with a 400 (before any account is looked up), and signs nobody in", async () => {
      await expect400(
        { method: "POST", url: API_PATHS.login, payload: { email: `me${NUL}@example.com`, password: STRONG_PASSWORD } },
        /^Email can't contain control characters$/,
      );
      // The same answer for a known and an unknown address: it tells nothing of the account.
      for (const email of ["me@example.com", "nobody@example.com"]) {
        await expect400(
          { method: "POST", url: API_PATHS.login, payload: { email, password: `${STRONG_PASSWORD}${NUL}` } },
          /^Passwords can't contain control characters$/,
        );
      }
    });
  });

  describe(`PUT ${API_PATHS.password}`, () => {
    it("refuses a new password with NUL and keeps the old one", async () => {
      await expect400(
        {
          method: "PUT",
          url: API_PATHS.password,
          headers: { cookie: me.cookie },
          payload: { currentPassword: STRONG_PASSWORD, newPassword: `another long${NUL}password` },
        },
        /^Passwords can't contain control characters$/,
      );
      const login = await inject({
        method: "POST",
        url: API_PATHS.login,
        payload: { email: "me@example.com", password: STRONG_PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
    });
  });
});
