import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GroupInput } from "@vicinity/contract";
import { queryRows } from "../db/database";
import { registerAdmin, registerMember, startTestServer, testEngines, type TestServer } from "./harness";

/**
 * Findings of the fuzz over the route table: a NUL (U+0000) that no contract field refused reached
 * PostgreSQL (which cannot store it) and answered 500, and so did a year the database has no day
 * for. Both are refused with a 400 and a message before any handler runs. And the operator's and
 * the developer's paths (/metrics, /dev/mail) answer 404 where nothing serves them, not the web
 * app's page with a 200.
 */
const NUL = "\u0000";

/** The answer is a 400 in JSON whose message a person can read and matches. */
function expect400(res: LightMyRequestResponse, message: RegExp): void {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.headers["content-type"]).toMatch(/application\/json/);
  const body = res.json() as { message?: unknown };
  expect(typeof body.message, res.body).toBe("string");
  expect(body.message).toMatch(message);
  // Readable: no NUL nor other control character echoed back into the message.
  expect([...(body.message as string)].filter((c) => c.charCodeAt(0) < 0x20)).toEqual([]);
}

const GROUP: GroupInput = {
  name: "Depth Runners",
  description: "We run by the river.",
  rules: "Be kind.",
  interests: ["running"],
  joinPolicy: "request",
  home: { latitude: 30.3, longitude: -81.6 },
  coverMediaId: null,
};

describe.each(testEngines())(
  "NUL characters and out-of-range dates answer 400 { message } and store nothing (%s)",
  (engine) => {
    let t: TestServer;
    const inject = (options: InjectOptions) => t.server.app.inject(options);

    beforeAll(async () => {
      t = await startTestServer(engine);
    });
    afterAll(() => t.close());

    describe("POST /api/groups/:id/invitations", () => {
      it("refuses an invitation with NUL in the username with a 400, and invites nobody", async () => {
        const owner = await registerMember(t.server, "inviter@example.com");
        const other = await registerMember(t.server, "invitee@example.com");
        const made = await inject({
          method: "POST",
          url: "/api/groups",
          headers: { cookie: owner.cookie },
          payload: GROUP,
        });
        expect(made.statusCode, made.body).toBe(201);
        const groupId = (made.json() as { id: string }).id;
        const invite = (payload: unknown) =>
          inject({
            method: "POST",
            url: `/api/groups/${groupId}/invitations`,
            headers: { cookie: owner.cookie },
            payload: payload as object,
          });
        const pending = async () =>
          (
            await queryRows<{ n: number }>(
              t.database.db,
              sql`SELECT count(*)::int AS n FROM group_pending WHERE group_id = ${groupId}::uuid`,
            )
          )[0]!.n;

        for (const username of [`${other.username}${NUL}`, NUL, `a${NUL}b`, `${NUL}${other.username}`]) {
          expect400(await invite({ username }), /^Username can't contain control characters$/);
        }
        expect(await pending()).toBe(0);
        // The same invitation without the NUL goes through: the refusal was the character, nothing else.
        const res = await invite({ username: other.username });
        expect(res.statusCode, res.body).toBe(201);
        expect(await pending()).toBe(1);
      });
    });

    describe("NUL in any JSON body", () => {
      it("is refused wherever it is (nested, in a key, the whole body), and an escaped backslash is not a NUL", async () => {
        const member = await registerMember(t.server, "bodies@example.com");
        const group = { ...GROUP, name: "Body Testers" };
        const post = (payload: string) =>
          inject({
            method: "POST",
            url: "/api/groups",
            headers: { cookie: member.cookie, "content-type": "application/json" },
            payload,
          });
        expect400(
          await post(JSON.stringify({ ...group, home: { latitude: 30.3, longitude: -81.6, note: `x${NUL}` } })),
          /^The note can't contain control characters$/,
        );
        expect400(
          await post(JSON.stringify({ ...group, interests: ["running", `coffee${NUL}`] })),
          /^Interests can't contain control characters$/,
        );
        expect400(
          await post(JSON.stringify({ ...group, [`name${NUL}`]: "x" })),
          /^Field names can't contain control characters$/,
        );
        expect400(await post(JSON.stringify(`a${NUL}b`)), /^The request body can't contain control characters$/);
        expect400(await post(JSON.stringify([[[`${NUL}`]]])), /^The request body can't contain control characters$/);
        expect(
          (
            await queryRows<{ n: number }>(
              t.database.db,
              sql`SELECT count(*)::int AS n FROM groups WHERE name = ${group.name}`,
            )
          )[0]!.n,
        ).toBe(0);
        // "\\u0000" in JSON is a backslash and "u0000": the contract decides on it, as on any text.
        const escaped = await post(JSON.stringify({ ...group, name: "\\u0000 club" }));
        expect(escaped.statusCode, escaped.body).not.toBe(500);
      });
    });

    describe("NUL in any query string", () => {
      it("GET /api/admin/audit refuses action, targetType and targetId with NUL, alone or repeated", async () => {
        const admin = await registerAdmin(t.server, t.database, "auditor@example.com");
        const audit = (query: string) =>
          inject({ method: "GET", url: `/api/admin/audit?${query}`, headers: { cookie: admin.cookie } });
        for (const field of ["action", "targetType", "targetId"]) {
          for (const value of ["%00", "a%00b", "warn%00"])
            expect400(await audit(`${field}=${value}`), new RegExp(`^${field} can't contain control characters$`));
          expect400(
            await audit(`${field}=warn&${field}=%00`),
            new RegExp(`^${field} can't contain control characters$`),
          );
          // The filter without the NUL answers.
          const res = await audit(`${field}=warn`);
          expect(res.statusCode, res.body).toBe(200);
        }
      });

      it("is refused on a member's route and an open one; the group's guard still answers first", async () => {
        const member = await registerMember(t.server, "queries@example.com");
        expect400(
          await inject({
            method: "GET",
            url: "/api/users/nearby?latitude=30.3&longitude=-81.6&sort=%00",
            headers: { cookie: member.cookie },
          }),
          /^sort can't contain control characters$/,
        );
        expect400(await inject({ method: "GET", url: "/api/groups?q=run%00" }), /^q can't contain control characters$/);
        expect400(
          await inject({ method: "GET", url: "/api/groups?%00=1" }),
          /^Query parameter names can't contain control characters$/,
        );
        // A visitor at an admin route is told to sign in, whatever his query.
        expect((await inject({ method: "GET", url: "/api/admin/audit?action=%00" })).statusCode).toBe(401);
      });
    });

    describe("GET /api/admin/analytics", () => {
      it.each([
        ["year 0000", "0000-01-01", "0000-01-07", /^from must be between 2000-01-01 and 2099-12-31$/],
        ["year 0001", "0001-01-01", "0001-01-07", /^from must be between 2000-01-01 and 2099-12-31$/],
        ["year 0001, one day", "0001-01-01", "0001-01-01", /^from must be between 2000-01-01 and 2099-12-31$/],
        ["year 9999", "9999-12-25", "9999-12-31", /^from must be between 2000-01-01 and 2099-12-31$/],
        ["to in year 9999", "2099-12-25", "9999-12-31", /^to must be between 2000-01-01 and 2099-12-31$/],
        ["the day before the first", "1999-12-31", "2000-01-06", /^from must be between 2000-01-01 and 2099-12-31$/],
      ])("refuses %s with a 400", async (_label, from, to, message) => {
        const admin = await registerAdmin(t.server, t.database, `analyst-${from}-${to}@example.com`);
        expect400(
          await inject({
            method: "GET",
            url: `/api/admin/analytics?from=${from}&to=${to}&tz=UTC`,
            headers: { cookie: admin.cookie },
          }),
          message,
        );
      });

      it("answers for the first and the last days allowed", async () => {
        const admin = await registerAdmin(t.server, t.database, "analyst-edges@example.com");
        for (const [from, to] of [
          ["2000-01-01", "2000-01-07"],
          ["2099-12-25", "2099-12-31"],
        ]) {
          const res = await inject({
            method: "GET",
            url: `/api/admin/analytics?from=${from}&to=${to}&tz=Pacific/Kiritimati`,
            headers: { cookie: admin.cookie },
          });
          expect(res.statusCode, res.body).toBe(200);
        }
      });
    });
  },
);

describe("the operator's and the developer's paths are never the web app's page", () => {
  let webDist: string;
  const servers: TestServer[] = [];
  const start = async (overrides: Parameters<typeof startTestServer>[1] = {}) => {
    const t = await startTestServer("pglite", { webDist, ...overrides });
    servers.push(t);
    return t;
  };
  const get = (t: TestServer, url: string) => t.server.app.inject({ method: "GET", url });

  function expect404(res: LightMyRequestResponse): void {
    expect(res.statusCode, res.body.slice(0, 120)).toBe(404);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(typeof (res.json() as { message?: unknown }).message).toBe("string");
  }

  beforeAll(() => {
    webDist = mkdtempSync(path.join(tmpdir(), "vicinity-dist-"));
    writeFileSync(path.join(webDist, "index.html"), '<!doctype html><html><body><div id="root"></div></body></html>');
  });
  afterAll(async () => {
    for (const t of servers) await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("GET /metrics without an operator token configured answers 404 { message }", async () => {
    const t = await start({ metricsToken: undefined });
    for (const url of ["/metrics", "/metrics/", "/metrics?x=1", "/%6Detrics", "/METRICS"]) expect404(await get(t, url));
    // Nor is the developer's mail box outside development (NODE_ENV=test here).
    expect404(await get(t, "/dev/mail"));
    // The app's own routes are still its page.
    const page = await get(t, "/messages");
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
  });

  it("GET /metrics with a token configured asks for it (401), and answers it", async () => {
    const t = await start({ metricsToken: "operator-token-0123456789" });
    const refused = await get(t, "/metrics");
    expect(refused.statusCode).toBe(401);
    const res = await t.server.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: "Bearer operator-token-0123456789" },
    });
    expect(res.statusCode).toBe(200);
  });

  it("GET /dev/mail in production answers 404 { message }; in development it is the mail box", async () => {
    const production = await start({ env: "production" });
    for (const url of ["/dev/mail", "/dev/mail/", "/dev", "/dev/anything"]) expect404(await get(production, url));
    const development = await start({ env: "development" });
    const box = await get(development, "/dev/mail");
    expect(box.statusCode).toBe(200);
    expect(box.body).toContain("Mail kept by the development server");
    expect404(await get(development, "/dev/other"));
  });
});
