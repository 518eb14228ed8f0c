import type { LightMyRequestResponse } from "fastify";
import { seeded } from "../demo/seed";
import { setAdmin } from "../users/admins";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Ack, ConversationSummary } from "@vicinity/contract";
import type { BuiltServer } from "../app";
import {
  guestCookie,
  registerMember,
  startTestServer,
  STRONG_PASSWORD,
  routeTableEngines,
  type TestServer,
  confirmAddress,
} from "./harness";
import { closeOpenSockets, connected, emitAck, listen, socketFor, type ClientSocket } from "./sockets";

/**
 * A fuzz test over every JSON route of the server's own route table and every socket
 * event the server listens to: wrong types, sizes, NUL and other control characters, invisible
 * and direction-reversing characters, deep nesting and extra arguments. Deterministic (a seeded
 * generator), so a failure names a case that fails again. Nothing may answer 5xx, and the process
 * must keep answering.
 */

function nested(depth: number): unknown {
  let value: unknown = "deep";
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Nesting far deeper than any contract: 10,000 levels, as raw JSON (too deep to stringify). */
const DEEP = Symbol("deep");
const DEEP_JSON = `${'{"a":['.repeat(5000)}1${"]}".repeat(5000)}`;

/** Values of every kind a field may receive from a hostile client. */
const ODD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  -1e308,
  5e-324,
  2 ** 53 + 1,
  "",
  " ",
  "a\u0000b",
  "\u0000",
  "\u0007\u001b[31m",
  "\u202Eevil",
  "\u200B\u200B",
  "\uD800",
  "😀".repeat(40),
  "x".repeat(5000),
  "not-a-uuid",
  "00000000-0000-4000-8000-000000000000",
  "2026-13-45",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  [],
  ["a", 1, null],
  {},
  { nested: { deeper: ["x"] } },
  nested(60),
];

/** Every field name of the request contracts, so that the fuzzer reaches past "unknown field". */
const FIELDS = [
  "email",
  "password",
  "username",
  "age",
  "firstName",
  "displayName",
  "bio",
  "interests",
  "bodyType",
  "role",
  "privateMode",
  "latitude",
  "longitude",
  "note",
  "reason",
  "details",
  "userId",
  "messageId",
  "currentPassword",
  "newPassword",
  "ids",
  "mediaId",
  "conversationId",
  "content",
  "tempId",
  "isTyping",
];
const QUERY_FIELDS = [
  "latitude",
  "longitude",
  "radius",
  "limit",
  "cursor",
  "sort",
  "rightNow",
  "before",
  "after",
  "w",
  "h",
  "q",
  "f",
  "kind",
];

/**
 * Dates the database has no day for (year 0, year 1 a period before which is year 0, the last second
 * of year 9999 a day after which is year 10000) and the last day JavaScript can hold: tried in every
 * date-like field of a valid body or query, where a NUL or a wrong type would stop at the contract first.
 */
const OUT_OF_RANGE_DATES = ["0000-01-01T00:00:00Z", "0001-01-01", "9999-12-31T23:59:59Z", "+275760-09-13T00:00:00Z"];
/** A field that holds a date or a time, by its name (startsAt, from) or its value (an ISO date). */
const isDateLike = (field: string, value?: unknown) =>
  /(At|Date|Day)$|^(date|day|from|to|before|after|since|until)$/.test(field) ||
  (typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value));

/** The query string of `fields` (a "+" or a NUL encoded as the URL carries it). */
const queryOf = (fields: Record<string, string>) => {
  const text = new URLSearchParams(fields).toString();
  return text ? `?${text}` : "";
};

/** The values the database or the code may choke on, tried alone in every field of every route. */
const SHARP_VALUES: unknown[] = [
  "a\u0000b",
  "\u0007",
  "\u202Eevil",
  "\uD800",
  "x".repeat(5000),
  5e-324,
  1e308,
  -1,
  nested(60),
];

/**
 * One field at a time over a body that is otherwise valid (`base`), so that a refusal of another
 * field cannot hide this one's fault: every field name, and each sharp value.
 */
function bodiesFor(random: () => number, count: number, base: Record<string, unknown> | null): unknown[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const bodies: unknown[] = [...ODD_VALUES.slice(0, 12), DEEP];
  if (base) {
    for (const field of new Set([...Object.keys(base), ...FIELDS]))
      for (const value of SHARP_VALUES) bodies.push({ ...base, [field]: value });
    // Out-of-range dates in each date-like field, and in all of them at once (a start and an end on that day).
    const dated = Object.keys(base).filter((field) => isDateLike(field, base[field]));
    for (const date of OUT_OF_RANGE_DATES) {
      for (const field of dated) bodies.push({ ...base, [field]: date });
      if (dated.length > 1) bodies.push({ ...base, ...Object.fromEntries(dated.map((field) => [field, date])) });
    }
  }
  for (let i = 0; i < count; i += 1) {
    const body: Record<string, unknown> = {};
    const n = 1 + Math.floor(random() * 4);
    for (let j = 0; j < n; j += 1) body[pick(FIELDS)] = pick(ODD_VALUES);
    if (random() < 0.2) body[pick(["__proto__", "constructor", "extra", "\u0000key"])] = pick(ODD_VALUES);
    bodies.push(body);
  }
  return bodies;
}

/**
 * The NUL sweep of a route's query string: each field of its valid query (`base`) in turn holding a
 * NUL, a NUL in a name, and in a field it does not know. Every one must be refused with a 4xx.
 */
function nulQueriesFor(base: Record<string, string> | null): string[] {
  if (!base) return [queryOf({ q: "a\u0000b" })];
  return [
    ...Object.keys(base).map((field) => queryOf({ ...base, [field]: `${base[field]}\u0000` })),
    queryOf({ ...base, "\u0000": "1" }),
    queryOf({ ...base, x: "\u0000" }),
  ];
}

/**
 * Out-of-range dates in each date-like field of a route's valid query and in the date-like fields
 * fuzzed everywhere, one at a time and in all of the base's at once (a range of one such day, which
 * a rule on the range's length cannot refuse first); as dates and times, and as days (YYYY-MM-DD).
 */
function dateQueriesFor(base: Record<string, string>): string[] {
  const own = Object.keys(base).filter((field) => isDateLike(field, base[field]));
  const fields = new Set([...own, ...QUERY_FIELDS.filter((field) => isDateLike(field))]);
  const dates = [...new Set(OUT_OF_RANGE_DATES.flatMap((date) => [date, date.slice(0, date.indexOf("-", 1) + 6)]))];
  return dates.flatMap((date) => [
    ...[...fields].map((field) => queryOf({ ...base, [field]: date })),
    ...(own.length > 1 ? [queryOf({ ...base, ...Object.fromEntries(own.map((field) => [field, date])) })] : []),
  ]);
}

function queriesFor(random: () => number, count: number): string[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const texts = [
    "",
    "-1",
    "1e309",
    "0.5",
    "NaN",
    "%00",
    "%E2%80%AE",
    "99999999999999999999",
    "x".repeat(300),
    "30.3",
    "-81.6",
    "25",
    "true",
    "webp",
    "a%00b",
  ];
  const queries = ["", "?latitude=30.3&longitude=-81.6&cursor=eyJrIjo1ZS0zMjR9"];
  for (let i = 0; i < count; i += 1) {
    const parts: string[] = [];
    const n = 1 + Math.floor(random() * 4);
    for (let j = 0; j < n; j += 1) parts.push(`${pick(QUERY_FIELDS)}=${pick(texts)}`);
    if (random() < 0.3) parts.push(`${pick(QUERY_FIELDS)}=1&${pick(QUERY_FIELDS)}=2`);
    queries.push(`?${parts.join("&")}`);
  }
  return queries;
}

/** A concrete URL for a route pattern: params filled with an id, junk, or an encoded NUL. */
/**
 * The URLs of a route: with each id (the full sweep of queries and bodies), and with malformed
 * parameters (a light sweep: the parameter is refused before a body matters).
 */
function urlsFor(pattern: string, ids: string[]): Array<{ url: string; full: boolean }> {
  if (!pattern.includes(":")) return [{ url: pattern, full: true }];
  const fill = (value: string) => pattern.replace(/:[A-Za-z]+/g, value);
  return [
    ...ids.map((id) => ({ url: fill(id), full: true })),
    ...["not-a-uuid", "%00", "..%2F..%2Fetc", "x".repeat(300)].map((bad) => ({ url: fill(bad), full: false })),
  ];
}

const failures = (results: Array<{ what: string; res: LightMyRequestResponse }>) =>
  results
    .filter(
      ({ res }) =>
        res.statusCode >= 500 ||
        (res.statusCode >= 400 && typeof (res.json() as { message?: unknown }).message !== "string"),
    )
    .map(({ what, res }) => `${what} -> ${res.statusCode} ${res.body.slice(0, 120)}`);

afterEach(closeOpenSockets);

describe.each(routeTableEngines())("fuzz (%s)", (engine) => {
  let t: TestServer;
  let server: BuiltServer;

  beforeAll(async () => {
    t = await startTestServer(engine);
    server = t.server;
  });
  afterAll(() => t.close());

  // About 40,000 requests (116 routes, NUL query strings and out-of-range dates among them); room for a busy CI one.
  it(
    "every JSON route, as a member (an admin for admin routes), a guest and a visitor: 0 answers of 5xx, every refusal with a message",
    { timeout: 360_000 },
    async () => {
      const random = seeded(18);
      const member = await registerMember(server, "fuzz@example.com");
      const other = await registerMember(server, "other@example.com");
      const conversation = (
        await server.app.inject({
          method: "POST",
          url: "/api/conversations",
          headers: { cookie: member.cookie },
          payload: { userId: other.id },
        })
      ).json() as ConversationSummary;
      const guest = await guestCookie(server);
      const boss = await registerMember(server, "fuzz-admin@example.com");
      await confirmAddress(t.database, "fuzz-admin@example.com");
      expect(await setAdmin(t.database.db, "fuzz-admin@example.com", true)).toBe("granted");
      const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";
      const ids = [other.id, conversation.id, NO_SUCH_ID];
      const EVENT_FUZZ_BASE = {
        title: "Beach volleyball",
        description: "Bring water",
        category: "sports",
        startsAt: new Date(Date.now() + 86_400_000).toISOString(),
        endsAt: new Date(Date.now() + 90_000_000).toISOString(),
        timeZone: "America/New_York",
        venueName: "Jacksonville Beach",
        address: "1st St",
        addressFor: "going",
        latitude: 30.29,
        longitude: -81.39,
        capacity: 10,
        coverMediaId: null,
      };
      const AD_FUZZ_BASE = {
        advertiser: "Cafe",
        headline: "Coffee",
        body: "Good coffee",
        callToAction: "Go",
        destinationUrl: "https://example.com",
        mediaId: null,
        area: { latitude: 30.3, longitude: -81.6, radiusKm: 10 },
        ageMin: 25,
        ageMax: 40,
        interests: ["coffee"],
        startsAt: new Date().toISOString(),
        endsAt: new Date(Date.now() + 86_400_000).toISOString(),
        timeZone: "UTC",
        weight: 1,
        totalCap: 100,
        dailyCap: 10,
        frequencyCap: 2,
      };
      // Valid bodies of the routes that take one, for the one-field-at-a-time sweep.
      const bases: Record<string, Record<string, unknown>> = {
        "POST /api/register": { email: "fresh@example.com", password: STRONG_PASSWORD },
        "POST /api/auth/login": { email: "fuzz@example.com", password: "not the password" },
        "PUT /api/users/profile": { bio: "hello" },
        "PUT /api/users/right-now": { note: "Coffee?" },
        "PUT /api/users/location": { latitude: 30.3, longitude: -81.6 },
        "PUT /api/users/location/visibility": { visibility: "crowd" },
        "POST /api/events": EVENT_FUZZ_BASE,
        "PUT /api/events/:id": EVENT_FUZZ_BASE,
        "POST /api/events/:id/cancel": { reason: "Rain" },
        "PUT /api/events/:id/rsvp": { status: "going", listed: true },
        "POST /api/events/:id/report": { reason: "spam", details: "details" },
        "POST /api/groups": {
          name: "Fuzzers",
          description: "d",
          rules: "r",
          interests: ["a"],
          joinPolicy: "request",
          home: { latitude: 30.3, longitude: -81.6 },
          coverMediaId: null,
        },
        "PUT /api/groups/:id": {
          name: "Fuzzers",
          description: "d",
          rules: "r",
          interests: ["a"],
          joinPolicy: "request",
          home: null,
          coverMediaId: null,
        },
        "PUT /api/groups/:id/me": { listed: true, muted: false },
        "POST /api/groups/:id/invitations": { userId: other.id },
        "PUT /api/groups/:id/members/:userId/role": { role: "moderator" },
        "POST /api/groups/:id/owner": { userId: other.id },
        "POST /api/groups/:id/report": { reason: "spam", details: "d", messageId: 1 },
        "PUT /api/users/password": { currentPassword: "not the password", newPassword: "another long passphrase" },
        "POST /api/users/:id/report": { reason: "spam", details: "details" },
        "POST /api/users/:id/tap": { kind: "hi" },
        "PUT /api/views/trace": { leavesTrace: true },
        "POST /api/phrases": { text: "On my way" },
        "POST /api/albums": { name: "Weekend" },
        "PATCH /api/albums/:id": { name: "Weekend" },
        "POST /api/albums/:id/pictures": { mediaId: NO_SUCH_ID },
        "POST /api/conversations": { userId: other.id },
        "POST /api/conversations/:id/read": { messageId: 1 },
        "POST /api/anonymous-login": { age: 30 },
        "DELETE /api/users/account": { password: "not the password" },
        "POST /api/admin/members/:id/warn": { reason: "Read the rules" },
        "POST /api/admin/members/:id/suspend": { reason: "Spam", days: 7 },
        "POST /api/admin/members/:id/restore": { reason: "Appeal" },
        "POST /api/admin/members/:id/admin": { admin: false, reason: "x" },
        "POST /api/admin/reports/actions": { ids: [NO_SUCH_ID], actions: ["dismiss"], reason: "x", days: 7 },
        "POST /api/admin/reports/:id/assign": { mine: true },
        "POST /api/admin/reports/:id/notes": { text: "note" },
        "POST /api/admin/pictures/:id/remove": { reason: "x" },
        "POST /api/admin/ads": AD_FUZZ_BASE,
        "PUT /api/admin/ads/:id": AD_FUZZ_BASE,
        "POST /api/admin/ads/:id/status": { status: "paused" },
        "POST /api/ads/impressions": { viewToken: "0123456789abcdefghij" },
      };
      // Valid query strings of the routes that read one, for the NUL and the date sweeps.
      const today = new Date().toISOString().slice(0, 10);
      const queryBases: Record<string, Record<string, string>> = {
        "GET /api/users/nearby": { latitude: "30.3", longitude: "-81.6", radius: "25", sort: "nearest" },
        "GET /api/events": { latitude: "30.3", longitude: "-81.6", timeZone: "UTC" },
        "GET /api/groups": { q: "fuzz", latitude: "30.3", longitude: "-81.6" },
        "GET /api/map/area": { tiles: "12/1119/1714" },
        "GET /api/conversations/:id/messages": { before: "10", limit: "20" },
        "GET /api/messages/missed": { after: "1" },
        "GET /api/admin/members": { q: "fuzz", filter: "all", page: "0" },
        "GET /api/admin/reports": { status: "open", page: "0" },
        "GET /api/admin/pictures": { show: "awaiting", page: "0" },
        "GET /api/admin/audit": { action: "warn", targetType: "member", targetId: other.id, page: "0" },
        "GET /api/admin/analytics": { from: today, to: today, tz: "UTC" },
      };
      // Logging out and deleting the account are fuzzed last, so the member's session lasts the run.
      const last = new Set(["/api/logout", "/api/users/account"]);
      const routes = [...server.routes].sort((a, b) => Number(last.has(a.url)) - Number(last.has(b.url)));
      expect(routes.length).toBeGreaterThan(25);

      const results: Array<{ what: string; res: LightMyRequestResponse }> = [];
      // A NUL in the query string is refused before the handler: a 400 wherever the route's guard lets the caller through.
      const nulResults: Array<{ what: string; res: LightMyRequestResponse; admitted: boolean }> = [];
      let requests = 0;
      let dateRequests = 0;
      for (const route of routes) {
        for (const [index, { url, full }] of urlsFor(route.url, ids).entries()) {
          // Admin routes are fuzzed as an admin (the member would stop at the guard).
          const privileged = route.url.startsWith("/api/admin/") ? boss.cookie : member.cookie;
          for (const cookie of [privileged, guest, undefined]) {
            const who = cookie === privileged ? "member" : cookie ? "guest" : "visitor";
            const headers: Record<string, string> = cookie ? { cookie } : {};
            const queryBase = queryBases[`${route.method} ${route.url}`] ?? null;
            if (route.method === "GET" || route.method === "DELETE") {
              for (const query of queriesFor(random, !full ? 1 : who === "member" ? 12 : 3)) {
                requests += 1;
                results.push({
                  what: `${who} ${route.method} ${url}${query}`,
                  res: await server.app.inject({ method: route.method as "GET", url: `${url}${query}`, headers }),
                });
              }
              if (who === "member" && index === 0) {
                for (const query of dateQueriesFor(queryBase ?? {})) {
                  requests += 1;
                  dateRequests += 1;
                  results.push({
                    what: `${who} ${route.method} ${url}${query}`,
                    res: await server.app.inject({ method: route.method as "GET", url: `${url}${query}`, headers }),
                  });
                }
              }
            }
            // NUL in the query string, on every route, beside a valid body where the route takes one.
            const body = who === "member" && index === 0 ? bases[`${route.method} ${route.url}`] : undefined;
            for (const query of nulQueriesFor(who === "member" && index === 0 ? queryBase : null)) {
              requests += 1;
              // (A parameter longer than the router takes is refused by it, a 414, before any hook.)
              const routable = !/[^/]{101,}/.test(url);
              // (Nor is the member signed in any more on the routes fuzzed after logging out.)
              const admitted =
                routable &&
                !(who === "member" && last.has(route.url)) &&
                (route.access === "open" ||
                  (route.access === "session" && who !== "visitor") ||
                  ((route.access === "member" || route.access === "admin") && who === "member"));
              const res = await server.app.inject({
                method: route.method as "POST",
                url: `${url}${query}`,
                headers: route.method === "GET" ? headers : { ...headers, "content-type": "application/json" },
                ...(route.method === "GET" ? {} : { payload: JSON.stringify(body ?? {}) }),
              });
              const what = `${who} ${route.method} ${url}${query}`;
              results.push({ what, res });
              nulResults.push({ what, res, admitted });
            }
            if (route.method !== "GET") {
              for (const body of bodiesFor(
                random,
                !full ? 1 : who === "member" ? 24 : 4,
                who === "member" && index === 0 ? (bases[`${route.method} ${route.url}`] ?? {}) : null,
              )) {
                requests += 1;
                if (
                  body !== null &&
                  typeof body === "object" &&
                  OUT_OF_RANGE_DATES.some((date) => Object.values(body).includes(date))
                )
                  dateRequests += 1;
                const payload = body === DEEP ? DEEP_JSON : JSON.stringify(body);
                results.push({
                  what: `${who} ${route.method} ${url} ${String(payload).slice(0, 80)}`,
                  res: await server.app.inject({
                    method: route.method as "POST",
                    url,
                    headers: { ...headers, "content-type": "application/json" },
                    payload,
                  }),
                });
              }
              // Not JSON at all, and a body too large.
              for (const [type, payload] of (full
                ? [
                    ["application/json", '{"a":'],
                    ["text/plain", "hello"],
                    ["application/json", `{"bio":"${"x".repeat(70_000)}"}`],
                  ]
                : [["text/plain", "hello"]]) as ReadonlyArray<readonly [string, string]>) {
                requests += 1;
                results.push({
                  what: `${who} ${route.method} ${url} ${type} ${payload.slice(0, 20)}`,
                  res: await server.app.inject({
                    method: route.method as "POST",
                    url,
                    headers: { ...headers, "content-type": type },
                    payload,
                  }),
                });
              }
            }
          }
        }
      }
      const faults = results.filter(({ res }) => res.statusCode >= 500).length;
      console.info(
        `[fuzz, ${engine}] ${requests} requests over ${routes.length} routes (${nulResults.length} with NUL in the query string, ${dateRequests} with out-of-range dates): ${faults} answered 5xx`,
      );
      expect(requests).toBeGreaterThan(5000);
      expect(failures(results)).toEqual([]);
      // Every NUL in a query string refused: 400 where the guard let the caller through, its own 401 or 403 where not.
      expect(
        nulResults
          .filter(({ res, admitted }) =>
            admitted ? res.statusCode !== 400 : res.statusCode < 400 || res.statusCode >= 500,
          )
          .map(({ what, res }) => `${what} -> ${res.statusCode} ${res.body.slice(0, 120)}`),
      ).toEqual([]);
      expect(dateRequests).toBeGreaterThan(100);
      // And the server still answers.
      expect(
        (await server.app.inject({ method: "GET", url: "/api/users/nearby?latitude=30.3&longitude=-81.6" })).statusCode,
      ).toBe(200);
    },
  );

  it("every socket event the server listens to: malformed payloads and extra, non-function acks never crash it nor answer a fault", async () => {
    const random = seeded(9);
    const url = await listen(server);
    const member = await registerMember(server, "socket-fuzz@example.com", { password: STRONG_PASSWORD });
    const socket: ClientSocket = socketFor(url, member.cookie);
    await connected(socket);
    // The events are read from the server's own listeners: a new event is fuzzed without editing this test.
    const [serverSide] = [...server.realtime.io.of("/").sockets.values()];
    const events = serverSide!
      .eventNames()
      .map(String)
      .filter((e) => e !== "disconnect" && e !== "disconnecting" && e !== "error" && e !== "auth");
    expect(events).toEqual(
      expect.arrayContaining([
        "updateLocation",
        "mapSubscribe",
        "joinConversation",
        "leaveConversation",
        "sendMessage",
        "typing",
      ]),
    );

    const other = await registerMember(server, "socket-other@example.com");
    const conversation = (
      await server.app.inject({
        method: "POST",
        url: "/api/conversations",
        headers: { cookie: member.cookie },
        payload: { userId: other.id },
      })
    ).json() as ConversationSummary;
    const socketBases: Record<string, Record<string, unknown>> = {
      sendMessage: { conversationId: conversation.id, content: "hi", tempId: "fuzz-1" },
      typing: { conversationId: conversation.id, isTyping: true },
      updateLocation: { latitude: 30.3, longitude: -81.6 },
      mapSubscribe: { tiles: ["12/1119/1714", "12/1120/1714"] },
    };
    const acks: Array<{ what: string; ack: Ack<unknown> }> = [];
    const emit = (socket.emit as (event: string, ...args: unknown[]) => void).bind(socket);
    for (const event of [...events, "noSuchEvent"]) {
      for (const payload of [...ODD_VALUES, ...bodiesFor(random, 20, socketBases[event] ?? {})]) {
        emit(event, payload, "not-a-function");
        emit(event, payload, 42, { extra: true }, null);
        // typing has no acknowledgement by design (nor has an unknown event): those are only sent.
        if (event === "typing" || event === "noSuchEvent") emit(event, payload);
        else
          acks.push({
            what: `${event} ${JSON.stringify(payload)?.slice(0, 60)}`,
            ack: await emitAck(socket, event as "sendMessage", payload),
          });
      }
      emit(event);
    }
    // `auth` with a payload that does not match closes the socket by design: fuzzed last, on a socket of its own.
    const authSocket = socketFor(url, member.cookie);
    await connected(authSocket);
    (authSocket.emit as (event: string, ...args: unknown[]) => void)(
      "auth",
      { userId: member.id, username: member.username },
      42,
    );
    expect(await emitAck(authSocket, "auth", { userId: member.id, username: member.username })).toEqual({ ok: true });

    const faults = acks.filter(({ ack }) => !ack.ok && (ack.retry || /on our side/.test(ack.message)));
    expect(faults.map((f) => `${f.what} -> ${JSON.stringify(f.ack)}`)).toEqual([]);
    expect(socket.connected).toBe(true);
    // (updateLocation's allowance is spent by the sweep: joining is what still says ok.)
    expect(await emitAck(socket, "joinConversation", conversation.id)).toEqual({ ok: true });
  });
});
