import { sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  registerMember,
  resetDatabase,
  startTestServer,
  STRONG_PASSWORD,
  testEngines,
  type TestServer,
} from "./harness";

/** Bad bodies any JSON call must refuse with a 4xx and a message. */
const MALFORMED: Array<[string, Partial<InjectOptions>]> = [
  ["invalid JSON", { payload: "{not json", headers: { "content-type": "application/json" } }],
  ["a JSON array", { payload: "[]", headers: { "content-type": "application/json" } }],
  ["JSON null", { payload: "null", headers: { "content-type": "application/json" } }],
  ["a JSON number", { payload: "42", headers: { "content-type": "application/json" } }],
  ["a JSON string", { payload: '"hello"', headers: { "content-type": "application/json" } }],
  ["plain text", { payload: "email=a&password=b", headers: { "content-type": "text/plain" } }],
  ["a body over 64 KiB", { payload: { padding: "x".repeat(70_000) } }],
];

const tooLong = (n: number) => "a".repeat(n);

type Case = [string, unknown];

const REGISTER_BAD: Case[] = [
  ["no body fields", {}],
  ["no email", { password: STRONG_PASSWORD }],
  ["no password", { email: "a@example.com" }],
  ["empty email", { email: "", password: STRONG_PASSWORD }],
  ["blank email", { email: "   ", password: STRONG_PASSWORD }],
  ["email not text", { email: 123, password: STRONG_PASSWORD }],
  ["email without @", { email: "nope", password: STRONG_PASSWORD }],
  ["email without domain", { email: "a@", password: STRONG_PASSWORD }],
  ["email too long", { email: `${tooLong(250)}@example.com`, password: STRONG_PASSWORD }],
  ["empty password", { email: "a@example.com", password: "" }],
  ["short password", { email: "a@example.com", password: "short" }],
  ["7-character password", { email: "a@example.com", password: "1234abc" }],
  ["password over 128", { email: "a@example.com", password: tooLong(129) }],
  ["password not text", { email: "a@example.com", password: 12345678 }],
  ["common password", { email: "a@example.com", password: "iloveyou" }],
  ["username too short", { email: "a@example.com", password: STRONG_PASSWORD, username: "ab" }],
  ["username with spaces", { email: "a@example.com", password: STRONG_PASSWORD, username: "bad name" }],
  ["username with symbols", { email: "a@example.com", password: STRONG_PASSWORD, username: "<script>" }],
  ["username too long", { email: "a@example.com", password: STRONG_PASSWORD, username: tooLong(31) }],
  ["username not text", { email: "a@example.com", password: STRONG_PASSWORD, username: 7 }],
  ["an account role", { email: "a@example.com", password: STRONG_PASSWORD, accountRole: "admin" }],
  ["an unknown field", { email: "a@example.com", password: STRONG_PASSWORD, isAdmin: true }],
];

const LOGIN_BAD: Case[] = [
  ["no fields", {}],
  ["no email", { password: STRONG_PASSWORD }],
  ["no password", { email: "a@example.com" }],
  ["empty email", { email: "", password: STRONG_PASSWORD }],
  ["empty password", { email: "a@example.com", password: "" }],
  ["email not text", { email: ["a@example.com"], password: STRONG_PASSWORD }],
  ["password not text", { email: "a@example.com", password: { $ne: null } }],
  ["email invalid", { email: "not-an-email", password: STRONG_PASSWORD }],
  ["email too long", { email: `${tooLong(260)}@x.io`, password: STRONG_PASSWORD }],
  ["password over 128", { email: "a@example.com", password: tooLong(200) }],
  ["null email", { email: null, password: STRONG_PASSWORD }],
  ["null password", { email: "a@example.com", password: null }],
  ["boolean password", { email: "a@example.com", password: true }],
  ["an unknown field", { email: "a@example.com", password: STRONG_PASSWORD, remember: true }],
  ["SQL in email", { email: "' OR 1=1 --", password: STRONG_PASSWORD }],
  ["blank email", { email: "   ", password: STRONG_PASSWORD }],
];

const ANONYMOUS_BAD: Case[] = [
  ["no age", {}],
  ["age as text", { age: "25" }],
  ["age 17", { age: 17 }],
  ["age 0", { age: 0 }],
  ["negative age", { age: -25 }],
  ["age 100", { age: 100 }],
  ["fractional age", { age: 25.5 }],
  ["null age", { age: null }],
  ["boolean age", { age: true }],
  ["huge age", { age: 1e12 }],
  ["age as list", { age: [25] }],
  ["an unknown field", { age: 25, admin: true }],
  ["age as object", { age: { value: 25 } }],
];

const PROFILE_BAD: Case[] = [
  ["nothing to update", {}],
  ["role admin", { role: "admin" }],
  ["role member", { role: "member" }],
  ["an unknown position", { role: "power-bottom" }],
  ["accountRole", { accountRole: "admin" }],
  ["email", { email: "new@example.com" }],
  ["age 17", { age: 17 }],
  ["age 100", { age: 100 }],
  ["age as text", { age: "30" }],
  ["fractional age", { age: 30.5 }],
  ["empty first name", { firstName: "" }],
  ["blank first name", { firstName: "   " }],
  ["first name too long", { firstName: tooLong(51) }],
  ["first name not text", { firstName: 5 }],
  ["bio too long", { bio: tooLong(501) }],
  ["bio not text", { bio: ["x"] }],
  ["interests not a list", { interests: "gym" }],
  ["an interest not text", { interests: ["gym", 3] }],
  ["11 interests", { interests: Array.from({ length: 11 }, (_, i) => `interest ${i}`) }],
  ["an interest too long", { interests: [tooLong(31)] }],
  ["unknown body type", { bodyType: "huge" }],
  ["body type not text", { bodyType: 1 }],
  ["valid field beside a bad one", { firstName: "Ok", age: 12 }],
];

const LOCATION_BAD: Case[] = [
  ["nothing", {}],
  ["no longitude", { latitude: 30 }],
  ["no latitude", { longitude: -81 }],
  ["latitude 91", { latitude: 91, longitude: 0 }],
  ["latitude -90.5", { latitude: -90.5, longitude: 0 }],
  ["longitude 181", { latitude: 0, longitude: 181 }],
  ["longitude -200", { latitude: 0, longitude: -200 }],
  ["latitude as text", { latitude: "30.3", longitude: -81.6 }],
  ["longitude as text", { latitude: 30.3, longitude: "-81.6" }],
  ["null latitude", { latitude: null, longitude: -81.6 }],
  ["boolean latitude", { latitude: true, longitude: -81.6 }],
  ["latitude as list", { latitude: [30.3], longitude: -81.6 }],
  ["huge latitude", { latitude: 1e308, longitude: 0 }],
  ["an unknown field", { latitude: 30.3, longitude: -81.6, accuracy: 5 }],
  ["lat/lng names", { lat: 30.3, lng: -81.6 }],
];

const NEARBY_BAD: Array<[string, string]> = [
  ["no coordinates", ""],
  ["no longitude", "latitude=30.3"],
  ["no latitude", "longitude=-81.6"],
  ["empty latitude", "latitude=&longitude=-81.6"],
  ["latitude not a number", "latitude=abc&longitude=-81.6"],
  ["longitude not a number", "latitude=30.3&longitude=west"],
  ["latitude 91", "latitude=91&longitude=0"],
  ["latitude -91", "latitude=-91&longitude=0"],
  ["longitude 181", "latitude=0&longitude=181"],
  ["exponent notation", "latitude=1e5&longitude=0"],
  ["hex number", "latitude=0x1F&longitude=0"],
  ["radius 0", "latitude=30.3&longitude=-81.6&radius=0"],
  ["negative radius", "latitude=30.3&longitude=-81.6&radius=-5"],
  ["radius 101", "latitude=30.3&longitude=-81.6&radius=101"],
  ["radius not a number", "latitude=30.3&longitude=-81.6&radius=far"],
  ["limit 0", "latitude=30.3&longitude=-81.6&limit=0"],
  ["limit 101", "latitude=30.3&longitude=-81.6&limit=101"],
  ["fractional limit", "latitude=30.3&longitude=-81.6&limit=1.5"],
  ["garbage cursor", "latitude=30.3&longitude=-81.6&cursor=%%%"],
  ["forged cursor", `latitude=30.3&longitude=-81.6&cursor=${Buffer.from('{"k":-1}').toString("base64url")}`],
  ["an unknown parameter", "latitude=30.3&longitude=-81.6&includeCoordinates=true"],
  ["repeated latitude", "latitude=30.3&latitude=31&longitude=-81.6"],
];

describe.each(testEngines())("bad input answers 4xx { message } and stores nothing (%s)", (engine) => {
  let t: TestServer;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestServer(engine);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetDatabase(t.database);
    ({ cookie } = await registerMember(t.server, "me@example.com"));
  });

  /** A fingerprint of everything stored, to show a refused call changed nothing. */
  async function snapshot(): Promise<string> {
    const result = (await t.database.db.execute(sql`
      SELECT (SELECT count(*) FROM users) AS users,
             (SELECT count(*) FROM sessions) AS sessions,
             (SELECT count(*) FROM locations) AS locations,
             (SELECT string_agg(coalesce(first_name,'') || coalesce(age::text,'') || coalesce(bio,'') || array_to_string(interests, ',') || coalesce(body_type::text,'') || coalesce(position::text,'') || account_role::text, '|') FROM users) AS profile
    `)) as unknown as { rows: unknown[] };
    return JSON.stringify(result.rows);
  }

  async function expectRefused(options: InjectOptions, status = 400) {
    const before = await snapshot();
    const res = await t.server.app.inject(options);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    if (status) expect(res.statusCode, res.body).toBe(status);
    const body = res.json() as { message?: unknown };
    expect(typeof body.message).toBe("string");
    expect((body.message as string).length).toBeGreaterThan(3);
    expect(await snapshot()).toBe(before);
    return body.message as string;
  }

  const jsonCalls = [
    { name: "register", method: "POST" as const, url: "/api/register", cases: REGISTER_BAD, signedIn: false },
    { name: "login", method: "POST" as const, url: "/api/auth/login", cases: LOGIN_BAD, signedIn: false },
    {
      name: "anonymous login",
      method: "POST" as const,
      url: "/api/anonymous-login",
      cases: ANONYMOUS_BAD,
      signedIn: false,
    },
    { name: "profile", method: "PUT" as const, url: "/api/users/profile", cases: PROFILE_BAD, signedIn: true },
    { name: "location", method: "PUT" as const, url: "/api/users/location", cases: LOCATION_BAD, signedIn: true },
  ];

  for (const call of jsonCalls) {
    describe(`${call.method} ${call.url}`, () => {
      it(`has at least 20 bad inputs`, () => {
        expect(call.cases.length + MALFORMED.length).toBeGreaterThanOrEqual(20);
      });
      it.each(call.cases)(`refuses %s`, async (_label, payload) => {
        await expectRefused({
          method: call.method,
          url: call.url,
          payload: payload as object,
          headers: call.signedIn ? { cookie } : {},
        });
      });
      it.each(MALFORMED)(`refuses %s`, async (_label, options) => {
        const status = _label === "a body over 64 KiB" ? 413 : _label === "plain text" ? 415 : 400;
        await expectRefused(
          {
            method: call.method,
            url: call.url,
            ...options,
            headers: { ...(options.headers ?? {}), ...(call.signedIn ? { cookie } : {}) },
          } as InjectOptions,
          status,
        );
      });
    });
  }

  describe("GET /api/users/nearby", () => {
    it("has at least 20 bad inputs", () => expect(NEARBY_BAD.length).toBeGreaterThanOrEqual(20));
    it.each(NEARBY_BAD)("refuses %s", async (_label, query) => {
      await expectRefused({ method: "GET", url: `/api/users/nearby?${query}`, headers: { cookie } });
    });
  });

  /** Calls without input: their bad input is a bad session (20 forged or stale cookies each). */
  const FORGED = [
    "",
    "x",
    "null",
    "undefined",
    "A".repeat(22),
    "A".repeat(64),
    "A".repeat(65),
    "%00",
    "%%%",
    "../../etc/passwd",
    "' OR 1=1 --",
    "{}",
    "[]",
    "vicinity_sid",
    "a b c",
    "AAAAAAAAAAAAAAAAAAAAAA==",
    "-_-_-_-_-_-_-_-_-_-_-_",
    "0",
    "\u00e9\u00e9",
    "Zm9v",
  ];
  const sessionCalls = [
    ["GET", "/api/auth/user"],
    ["POST", "/api/heartbeat"],
    ["GET", "/api/users/online-count"],
    ["GET", "/api/messages/unread-count"],
  ] as const;
  for (const [method, url] of sessionCalls) {
    it(`${method} ${url} refuses 20 forged sessions with 401`, async () => {
      expect(FORGED).toHaveLength(20);
      for (const value of FORGED) {
        const message = await expectRefused(
          { method, url, headers: { cookie: `vicinity_sid=${encodeURIComponent(value)}` } },
          401,
        );
        expect(message).toMatch(/sign in|not signed in/i);
      }
    });
  }

  it("POST /api/logout with a forged session changes nothing and still answers 200", async () => {
    const before = await snapshot();
    for (const value of FORGED) {
      const res = await t.server.app.inject({
        method: "POST",
        url: "/api/logout",
        headers: { cookie: `vicinity_sid=${encodeURIComponent(value)}` },
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await snapshot()).toBe(before);
  });
});
