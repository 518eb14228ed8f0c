import { randomUUID } from "node:crypto";
import { NO_MEMBER_FILTERS } from "@vicinity/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildServer } from "../app";
import { openDatabase } from "../db/database";
import { users } from "../db/schema";
import type { Access, RouteEntry } from "../http/route-groups";
import { setAdmin } from "../users/admins";
import { HEALTH_PATHS } from "../ops/routes";
import { NARROWING_WRITES, OWN_WRITES } from "../policy/read-fences";
import { jpegWithGps, pictureForm } from "./pictures";
import {
  guestCookie,
  registerMember,
  resetDatabase,
  restoreSnapshot,
  routeTableEngines,
  startTestServer,
  STRONG_PASSWORD,
  takeSnapshot,
  testConfig,
  type DatabaseSnapshot,
  type TestServer,
  confirmAddress,
} from "./harness";

/**
 * The authorization matrix, generated from the server's own route table: every
 * route the server registers × every kind of caller, with the status each gets. A route that has
 * no expectation here, an expectation for a route that does not exist, or a route whose group
 * differs from the one expected fails the test.
 */
/** With a metrics token, so that /metrics is on the app's port and in the table. */
const METRICS_TOKEN = "m".repeat(32);
const OPERATIONS = new Set<string>(Object.values(HEALTH_PATHS));
const table: RouteEntry[] = await (async () => {
  const database = await openDatabase({ dataDir: "memory://" });
  const probe = await buildServer(testConfig({ metricsToken: METRICS_TOKEN }), { database });
  await probe.app.ready();
  const routes = probe.routes.filter(
    (r) => r.url.startsWith("/api/") || r.url.startsWith("/media/") || OPERATIONS.has(r.url),
  );
  await probe.close();
  await database.close();
  return routes;
})();

type Role = "visitor" | "guest" | "member" | "another member" | "suspended member" | "admin";
const ROLES: Role[] = ["visitor", "guest", "member", "another member", "suspended member", "admin"];
type Ids = Partial<Record<Role, string>>;

/** What a group's guard answers those it refuses; the others get the route's own answer. */
const GUARD: Record<Access, Partial<Record<Role, number>>> = {
  open: {},
  session: { visitor: 401, "suspended member": 401 },
  member: { visitor: 401, guest: 403, "suspended member": 401 },
  admin: { visitor: 401, guest: 403, member: 403, "another member": 403, "suspended member": 401 },
  // A session is no token: every caller is refused (the token's own test is in ops.test.ts).
  operator: { visitor: 401, guest: 401, member: 401, "another member": 401, "suspended member": 401, admin: 401 },
};

interface Expectation {
  access: Access;
  /** The URL to call (a route with parameters fills them; ":id" is "member"'s id). */
  url?: (ids: Ids) => string;
  payload?: () => object;
  /** The route's own answer to each caller its guard lets through. */
  status: Partial<Record<Role, number>>;
}

let picture: Buffer = Buffer.alloc(0);
const NO_SUCH = "00000000-0000-4000-8000-000000000000";
/** Members: "member" himself, and the others (another member, admin) calling about him. */
const self = (own: number, others = own): Partial<Record<Role, number>> => ({
  member: own,
  "another member": others,
  admin: others,
});
const everyone = (status: number): Partial<Record<Role, number>> => Object.fromEntries(ROLES.map((r) => [r, status]));

/** A valid ad campaign (POST and PUT /api/admin/ads). */
const AD_BODY = () => ({
  advertiser: "Cafe",
  headline: "Coffee",
  body: "Good coffee",
  callToAction: "Go",
  destinationUrl: "https://example.com",
  mediaId: null,
  area: null,
  ageMin: null,
  ageMax: null,
  interests: [],
  startsAt: new Date().toISOString(),
  endsAt: new Date(Date.now() + 86_400_000).toISOString(),
  timeZone: "UTC",
  weight: 1,
  totalCap: null,
  dailyCap: null,
  frequencyCap: 2,
});

/** A valid event for tomorrow (POST and PUT /api/events). */
const EVENT_BODY = () => ({
  title: "Beach volleyball",
  description: "",
  category: "sports",
  startsAt: new Date(Date.now() + 86_400_000).toISOString(),
  endsAt: new Date(Date.now() + 90_000_000).toISOString(),
  timeZone: "America/New_York",
  venueName: "Jacksonville Beach",
  address: "",
  addressFor: "everyone",
  latitude: 30.29,
  longitude: -81.39,
  capacity: 10,
  coverMediaId: null,
});

const EXPECT: Record<string, Expectation> = {
  "GET /api/auth/user": { access: "open", status: { visitor: 401, guest: 401, "suspended member": 401, ...self(200) } },
  "POST /api/register": {
    access: "open",
    payload: () => ({ email: `new${Math.random()}@example.com`, password: STRONG_PASSWORD }),
    status: everyone(201),
  },
  "POST /api/auth/login": {
    access: "open",
    payload: () => ({ email: "member@example.com", password: STRONG_PASSWORD }),
    status: everyone(200),
  },
  "POST /api/anonymous-login": { access: "open", payload: () => ({ age: 25 }), status: everyone(201) },
  "POST /api/logout": { access: "open", status: everyone(200) },
  "GET /api/users/nearby": {
    access: "open",
    url: () => "/api/users/nearby?latitude=30.33&longitude=-81.66",
    status: everyone(200),
  },
  "GET /api/events": {
    access: "open",
    url: () => "/api/events?latitude=30.33&longitude=-81.66",
    status: everyone(200),
  },
  "GET /api/events/:id": { access: "open", url: () => `/api/events/${NO_SUCH}`, status: everyone(404) },
  "GET /api/events/:id/attendees": {
    access: "open",
    url: () => `/api/events/${NO_SUCH}/attendees`,
    status: everyone(404),
  },
  "GET /api/events/:id/calendar.ics": {
    access: "open",
    url: () => `/api/events/${NO_SUCH}/calendar.ics`,
    status: everyone(404),
  },
  "GET /api/calendar/:token": {
    access: "open",
    url: () => `/api/calendar/${NO_SUCH}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics`,
    status: everyone(404),
  },
  "POST /api/events": { access: "member", payload: () => EVENT_BODY(), status: self(201) },
  "PUT /api/events/:id": {
    access: "member",
    url: () => `/api/events/${NO_SUCH}`,
    payload: () => EVENT_BODY(),
    status: self(404),
  },
  "POST /api/events/:id/cancel": {
    access: "member",
    url: () => `/api/events/${NO_SUCH}/cancel`,
    payload: () => ({ reason: "Rain" }),
    status: self(404),
  },
  "PUT /api/events/:id/rsvp": {
    access: "member",
    url: () => `/api/events/${NO_SUCH}/rsvp`,
    payload: () => ({ status: "going" }),
    status: self(404),
  },
  "DELETE /api/events/:id/rsvp": { access: "member", url: () => `/api/events/${NO_SUCH}/rsvp`, status: self(404) },
  "POST /api/events/:id/report": {
    access: "member",
    url: () => `/api/events/${NO_SUCH}/report`,
    payload: () => ({ reason: "spam" }),
    status: self(404),
  },
  "GET /api/users/calendar": { access: "member", status: self(200) },
  "POST /api/users/calendar": { access: "member", status: self(200) },
  "GET /api/notifications": { access: "member", status: self(200) },
  "POST /api/notifications/read": { access: "member", status: self(200) },
  "POST /api/warnings/:id/acknowledge": {
    access: "member",
    url: () => `/api/warnings/${NO_SUCH}/acknowledge`,
    status: self(404),
  },
  "GET /api/groups": { access: "open", status: everyone(200) },
  "GET /api/groups/:id": { access: "open", url: () => `/api/groups/${NO_SUCH}`, status: everyone(404) },
  "GET /api/groups/:id/members": { access: "open", url: () => `/api/groups/${NO_SUCH}/members`, status: everyone(404) },
  "GET /api/groups/:id/events": { access: "open", url: () => `/api/groups/${NO_SUCH}/events`, status: everyone(404) },
  "POST /api/groups": {
    access: "member",
    payload: () => ({
      name: `Group ${Math.random()}`.slice(0, 40),
      description: "",
      rules: "",
      interests: [],
      joinPolicy: "open",
      home: null,
      coverMediaId: null,
    }),
    status: self(201),
  },
  "PUT /api/groups/:id": {
    access: "member",
    url: () => `/api/groups/${NO_SUCH}`,
    payload: () => ({
      name: "Renamed",
      description: "",
      rules: "",
      interests: [],
      joinPolicy: "open",
      home: null,
      coverMediaId: null,
    }),
    status: self(404),
  },
  "DELETE /api/groups/:id": { access: "member", url: () => `/api/groups/${NO_SUCH}`, status: self(404) },
  "POST /api/groups/:id/join": { access: "member", url: () => `/api/groups/${NO_SUCH}/join`, status: self(404) },
  "POST /api/groups/:id/leave": { access: "member", url: () => `/api/groups/${NO_SUCH}/leave`, status: self(404) },
  "PUT /api/groups/:id/me": {
    access: "member",
    url: () => `/api/groups/${NO_SUCH}/me`,
    payload: () => ({ listed: true }),
    status: self(404),
  },
  "GET /api/groups/:id/requests": { access: "member", url: () => `/api/groups/${NO_SUCH}/requests`, status: self(404) },
  "POST /api/groups/:id/requests/:userId/approve": {
    access: "member",
    url: () => `/api/groups/${NO_SUCH}/requests/${NO_SUCH}/approve`,
    status: self(404),
  },
  "POST /api/groups/:id/requests/:userId/refuse": {
    access: "member",
    url: () => `/api/groups/${NO_SUCH}/requests/${NO_SUCH}/refuse`,
    status: self(404),
  },
  "POST /api/groups/:id/invitations": {
    access: "member",
    url: () => `/api/groups/${NO_SUCH}/invitations`,
    payload: () => ({ userId: NO_SUCH }),
    status: self(404),
  },
  "POST /api/groups/:id/members/:userId/remove": {
    access: "member",
    url: () => `/api/groups/${NO_SUCH}/members/${NO_SUCH}/remove`,
    status: self(404),
  },
  "PUT /api/groups/:id/members/:userId/role": {
    access: "member",
    url: () => `/api/groups/${NO_SUCH}/members/${NO_SUCH}/role`,
    payload: () => ({ role: "moderator" }),
    status: self(404),
  },
  "POST /api/groups/:id/owner": {
    access: "member",
    url: () => `/api/groups/${NO_SUCH}/owner`,
    payload: () => ({ userId: NO_SUCH }),
    status: self(404),
  },
  "GET /api/groups/:id/log": { access: "member", url: () => `/api/groups/${NO_SUCH}/log`, status: self(404) },
  "DELETE /api/groups/:id/messages/:messageId": {
    access: "member",
    url: () => `/api/groups/${NO_SUCH}/messages/1`,
    status: self(404),
  },
  "POST /api/groups/:id/report": {
    access: "member",
    url: () => `/api/groups/${NO_SUCH}/report`,
    payload: () => ({ reason: "spam" }),
    status: self(404),
  },
  "GET /api/admin/overview": { access: "admin", status: { admin: 200 } },
  "GET /api/admin/members": { access: "admin", status: { admin: 200 } },
  "GET /api/admin/members/:id": { access: "admin", url: () => `/api/admin/members/${NO_SUCH}`, status: { admin: 404 } },
  "POST /api/admin/members/:id/warn": {
    access: "admin",
    url: () => `/api/admin/members/${NO_SUCH}/warn`,
    payload: () => ({ reason: "x" }),
    status: { admin: 404 },
  },
  "POST /api/admin/members/:id/suspend": {
    access: "admin",
    url: () => `/api/admin/members/${NO_SUCH}/suspend`,
    payload: () => ({ reason: "x", days: 7 }),
    status: { admin: 404 },
  },
  "POST /api/admin/members/:id/restore": {
    access: "admin",
    url: () => `/api/admin/members/${NO_SUCH}/restore`,
    payload: () => ({ reason: "x" }),
    status: { admin: 404 },
  },
  "POST /api/admin/members/:id/admin": {
    access: "admin",
    url: () => `/api/admin/members/${NO_SUCH}/admin`,
    payload: () => ({ admin: true, reason: "x" }),
    status: { admin: 404 },
  },
  "GET /api/admin/reports": { access: "admin", status: { admin: 200 } },
  "GET /api/admin/reports/:id": { access: "admin", url: () => `/api/admin/reports/${NO_SUCH}`, status: { admin: 404 } },
  "POST /api/admin/reports/actions": {
    access: "admin",
    payload: () => ({ ids: [NO_SUCH], actions: ["dismiss"], reason: "x" }),
    status: { admin: 404 },
  },
  "POST /api/admin/reports/:id/assign": {
    access: "admin",
    url: () => `/api/admin/reports/${NO_SUCH}/assign`,
    payload: () => ({ mine: true }),
    status: { admin: 404 },
  },
  "POST /api/admin/reports/:id/notes": {
    access: "admin",
    url: () => `/api/admin/reports/${NO_SUCH}/notes`,
    payload: () => ({ text: "x" }),
    status: { admin: 404 },
  },
  "GET /api/admin/pictures": { access: "admin", status: { admin: 200 } },
  "POST /api/admin/pictures/reviewed": { access: "admin", payload: () => ({ ids: [NO_SUCH] }), status: { admin: 200 } },
  "POST /api/admin/pictures/:id/remove": {
    access: "admin",
    url: () => `/api/admin/pictures/${NO_SUCH}/remove`,
    payload: () => ({ reason: "x" }),
    status: { admin: 404 },
  },
  "GET /api/admin/audit": { access: "admin", status: { admin: 200 } },
  "GET /api/admin/analytics": {
    access: "admin",
    url: () => "/api/admin/analytics?from=2024-01-01&to=2024-01-07&tz=UTC",
    status: { admin: 200 },
  },
  "GET /api/ads/next": { access: "member", status: self(204) },
  "POST /api/ads/impressions": {
    access: "member",
    payload: () => ({ viewToken: "0123456789abcdefghij" }),
    status: self(404),
  },
  "POST /api/ads/:id/hide": { access: "member", url: () => `/api/ads/${NO_SUCH}/hide`, status: self(404) },
  "GET /api/ads/click/:link": { access: "open", url: () => "/api/ads/click/not-a-link", status: everyone(404) },
  "GET /api/admin/ads": { access: "admin", status: { admin: 200 } },
  "POST /api/admin/ads": { access: "admin", payload: () => AD_BODY(), status: { admin: 201 } },
  "GET /api/admin/ads/:id": { access: "admin", url: () => `/api/admin/ads/${NO_SUCH}`, status: { admin: 404 } },
  "PUT /api/admin/ads/:id": {
    access: "admin",
    url: () => `/api/admin/ads/${NO_SUCH}`,
    payload: () => AD_BODY(),
    status: { admin: 404 },
  },
  "POST /api/admin/ads/:id/status": {
    access: "admin",
    url: () => `/api/admin/ads/${NO_SUCH}/status`,
    payload: () => ({ status: "paused" }),
    status: { admin: 404 },
  },
  "POST /api/admin/ads/:id/duplicate": {
    access: "admin",
    url: () => `/api/admin/ads/${NO_SUCH}/duplicate`,
    status: { admin: 404 },
  },
  "GET /api/map/area": { access: "open", url: () => "/api/map/area?tiles=12/1119/1714", status: everyone(200) },
  "GET /api/users/location": { access: "member", status: self(200) },
  "DELETE /api/users/location": { access: "member", status: self(200) },
  "PUT /api/users/location/visibility": {
    access: "member",
    payload: () => ({ visibility: "crowd" }),
    status: self(200),
  },
  "GET /api/map/config": { access: "open", status: everyone(200) },
  "GET /api/map/tiles/:z/:x/:y.png": {
    access: "open",
    url: () => "/api/map/tiles/10/279/421.png",
    status: everyone(200),
  },
  "GET /media/:id": { access: "open", url: () => `/media/${NO_SUCH}?w=150`, status: everyone(404) },
  "POST /api/heartbeat": { access: "session", status: { guest: 200, ...self(200) } },
  "GET /api/users/online-count": { access: "member", status: self(200) },
  "GET /api/messages/unread-count": { access: "member", status: self(200) },
  "PUT /api/users/profile": { access: "member", payload: () => ({ bio: "hello" }), status: self(200) },
  "PUT /api/users/location": {
    access: "member",
    payload: () => ({ latitude: 30.33, longitude: -81.66 }),
    status: self(200),
  },
  "GET /api/users/:id": { access: "member", status: self(200) },
  "POST /api/users/:id/block": { access: "member", status: self(400, 200) },
  "DELETE /api/users/:id/block": { access: "member", status: self(200) },
  "POST /api/users/:id/report": { access: "member", payload: () => ({ reason: "spam" }), status: self(400, 201) },
  "GET /api/users/blocked": { access: "member", status: self(200) },
  // Signals (issue 38): a tap and a favorite of himself are refused (400); lists and the trace are his own.
  "POST /api/users/:id/tap": { access: "member", payload: () => ({ kind: "hi" }), status: self(400, 200) },
  "PUT /api/users/:id/favorite": { access: "member", status: self(400, 200) },
  "DELETE /api/users/:id/favorite": { access: "member", status: self(200) },
  "GET /api/taps": { access: "member", status: self(200) },
  "GET /api/favorites": { access: "member", status: self(200) },
  "GET /api/views": { access: "member", status: self(200) },
  "PUT /api/views/trace": { access: "member", payload: () => ({ leavesTrace: false }), status: self(200) },
  "PUT /api/users/right-now": { access: "member", payload: () => ({ note: "Coffee?" }), status: self(200) },
  "DELETE /api/users/right-now": { access: "member", status: self(200) },
  "PUT /api/users/filters": {
    access: "member",
    payload: () => ({ ...NO_MEMBER_FILTERS, online: true }),
    status: self(200),
  },
  "POST /api/media": { access: "member", payload: () => pictureForm(picture), status: self(201) },
  "GET /api/users/photos": { access: "member", status: self(200) },
  "POST /api/users/photos": { access: "member", payload: () => ({ mediaId: NO_SUCH }), status: self(404) },
  "PUT /api/users/photos/order": { access: "member", payload: () => ({ ids: [NO_SUCH] }), status: self(400) },
  "DELETE /api/users/photos/:id": { access: "member", url: () => `/api/users/photos/${NO_SUCH}`, status: self(404) },
  "PUT /api/users/password": {
    access: "member",
    payload: () => ({ currentPassword: STRONG_PASSWORD, newPassword: "another long passphrase" }),
    status: self(200),
  },
  "GET /api/users/export": { access: "member", status: self(200) },
  // The links of mails (anyone holding one), and the member's own address and devices.
  "POST /api/auth/email/verify": {
    access: "open",
    payload: () => ({ token: "not-a-real-link" }),
    status: everyone(400),
  },
  "POST /api/auth/password/forgot": {
    access: "open",
    payload: () => ({ email: `nobody-${randomUUID()}@example.com` }),
    status: everyone(202),
  },
  "POST /api/auth/password/reset/check": {
    access: "open",
    payload: () => ({ token: "not-a-real-link" }),
    status: everyone(400),
  },
  "POST /api/auth/password/reset": {
    access: "open",
    payload: () => ({ token: "not-a-real-link", password: "another long passphrase" }),
    status: everyone(400),
  },
  "POST /api/auth/email/confirm": {
    access: "open",
    payload: () => ({ token: "not-a-real-link" }),
    status: everyone(400),
  },
  "POST /api/auth/email/undo": { access: "open", payload: () => ({ token: "not-a-real-link" }), status: everyone(400) },
  // The admin's address is confirmed (an operator made him); the members' are not yet.
  "POST /api/users/email/verification": {
    access: "member",
    status: { member: 202, "another member": 202, admin: 409 },
  },
  "POST /api/users/email": {
    access: "member",
    payload: () => ({ email: `changed-${randomUUID()}@example.com`, password: STRONG_PASSWORD }),
    status: { member: 403, "another member": 403, admin: 202 },
  },
  "GET /api/users/sessions": { access: "member", status: self(200) },
  "DELETE /api/users/sessions": { access: "member", status: self(200) },
  "DELETE /api/users/sessions/:id": {
    access: "member",
    url: () => "/api/users/sessions/no-such-device",
    status: self(404),
  },
  "DELETE /api/users/account": { access: "member", payload: () => ({ password: STRONG_PASSWORD }), status: self(200) },
  "GET /api/conversations": { access: "member", status: self(200) },
  "POST /api/conversations": { access: "member", payload: () => ({ userId: NO_SUCH }), status: self(404) },
  "GET /api/conversations/:id": { access: "member", url: () => `/api/conversations/${NO_SUCH}`, status: self(404) },
  "GET /api/conversations/:id/members": {
    access: "member",
    url: () => `/api/conversations/${NO_SUCH}/members`,
    status: self(404),
  },
  "GET /api/conversations/:id/messages": {
    access: "member",
    url: () => `/api/conversations/${NO_SUCH}/messages`,
    status: self(404),
  },
  "POST /api/conversations/:id/read": {
    access: "member",
    url: () => `/api/conversations/${NO_SUCH}/read`,
    payload: () => ({ messageId: 1 }),
    status: self(404),
  },
  "DELETE /api/conversations/:id/messages/:messageId": {
    access: "member",
    url: () => `/api/conversations/${NO_SUCH}/messages/1`,
    status: self(404),
  },
  "POST /api/conversations/:id/messages/:messageId/open": {
    access: "member",
    url: () => `/api/conversations/${NO_SUCH}/messages/1/open`,
    status: self(404),
  },
  "GET /api/phrases": { access: "member", status: self(200) },
  "POST /api/phrases": { access: "member", payload: () => ({ text: "On my way" }), status: self(201) },
  "DELETE /api/phrases/:id": { access: "member", url: () => `/api/phrases/${NO_SUCH}`, status: self(404) },
  "GET /api/albums": { access: "member", status: self(200) },
  "POST /api/albums": { access: "member", payload: () => ({ name: "Weekend" }), status: self(201) },
  "PATCH /api/albums/:id": {
    access: "member",
    url: () => `/api/albums/${NO_SUCH}`,
    payload: () => ({ name: "Weekend" }),
    status: self(404),
  },
  "DELETE /api/albums/:id": { access: "member", url: () => `/api/albums/${NO_SUCH}`, status: self(404) },
  "POST /api/albums/:id/pictures": {
    access: "member",
    url: () => `/api/albums/${NO_SUCH}/pictures`,
    payload: () => ({ mediaId: NO_SUCH }),
    status: self(404),
  },
  "DELETE /api/albums/:id/pictures/:mediaId": {
    access: "member",
    url: () => `/api/albums/${NO_SUCH}/pictures/${NO_SUCH}`,
    status: self(404),
  },
  "GET /api/albums/:id/shares": { access: "member", url: () => `/api/albums/${NO_SUCH}/shares`, status: self(404) },
  "PUT /api/albums/:id/shares/:memberId": {
    access: "member",
    url: (ids) => `/api/albums/${NO_SUCH}/shares/${ids.member ?? NO_SUCH}`,
    status: self(404),
  },
  "DELETE /api/albums/:id/shares/:memberId": {
    access: "member",
    url: (ids) => `/api/albums/${NO_SUCH}/shares/${ids.member ?? NO_SUCH}`,
    status: self(404),
  },
  // Between him and another member: "member" asking about himself is told where his own are.
  "GET /api/users/:id/albums": {
    access: "member",
    url: (ids) => `/api/users/${ids.member ?? NO_SUCH}/albums`,
    status: { member: 400, "another member": 200, admin: 200 },
  },
  "GET /api/messages/missed": { access: "member", url: () => "/api/messages/missed?after=0", status: self(200) },
  // Operations: anyone may ask whether a node is alive and ready; metrics need the token.
  "GET /healthz": { access: "open", status: everyone(200) },
  "GET /readyz": { access: "open", status: everyone(200) },
  "GET /metrics": { access: "operator", status: {} },
};

const keyOf = (r: RouteEntry) => `${r.method} ${r.url}`;

describe("the route table", () => {
  it("has an expectation for every route, and no expectation without a route", () => {
    const keys = table.map(keyOf);
    expect(
      keys.filter((k) => !EXPECT[k]),
      "routes with no expectation: add them to EXPECT",
    ).toEqual([]);
    expect(
      Object.keys(EXPECT).filter((k) => !keys.includes(k)),
      "expectations of routes the server no longer has",
    ).toEqual([]);
  });

  it("classifies every state-changing route for the read replicas: narrowing (a fence) or its writer's own", () => {
    const writes = table.map(keyOf).filter((k) => !k.startsWith("GET ") && !k.startsWith("HEAD "));
    expect(
      writes.filter((k) => NARROWING_WRITES.has(k) === OWN_WRITES.has(k)),
      "in neither or both of NARROWING_WRITES and OWN_WRITES (policy/read-fences.ts)",
    ).toEqual([]);
    expect(
      [...NARROWING_WRITES, ...OWN_WRITES].filter((k) => !writes.includes(k)),
      "listed in policy/read-fences.ts but not a route of the server",
    ).toEqual([]);
  });

  it("puts every route in the group its expectation names, and none outside a group", () => {
    expect(table.filter((r) => r.access === "none").map(keyOf)).toEqual([]);
    expect(
      table
        .filter((r) => EXPECT[keyOf(r)] && EXPECT[keyOf(r)]!.access !== r.access)
        .map((r) => `${keyOf(r)} is ${r.access}`),
    ).toEqual([]);
  });
});

describe.each(routeTableEngines())("authorization matrix (%s)", (engine) => {
  let t: TestServer;
  const cookies: Partial<Record<Role, string>> = {};
  const ids: Ids = {};

  let snapshot: DatabaseSnapshot;

  // The callers are made once; before each test the database is emptied and they are put back.
  beforeAll(async () => {
    t = await startTestServer(engine, { metricsToken: METRICS_TOKEN });
    picture = await jpegWithGps(32, 32);
    await resetDatabase(t.database);
    const member = await registerMember(t.server, "member@example.com");
    const other = await registerMember(t.server, "other@example.com");
    const suspended = await registerMember(t.server, "suspended@example.com");
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    const admin = await registerMember(t.server, "admin@example.com");
    await confirmAddress(t.database, "admin@example.com");
    expect(await setAdmin(t.database.db, "admin@example.com", true)).toBe("granted");
    Object.assign(cookies, {
      member: member.cookie,
      "another member": other.cookie,
      "suspended member": suspended.cookie,
      admin: admin.cookie,
      guest: await guestCookie(t.server),
    });
    Object.assign(ids, {
      member: member.id,
      "another member": other.id,
      "suspended member": suspended.id,
      admin: admin.id,
    });
    snapshot = await takeSnapshot(t.database);
  });
  afterAll(() => t.close());
  // A request its route's guard refused ran no handler and stored nothing: the test after it starts
  // from the snapshot's state without a fresh copy (about half of the matrix; docs/decisions/0022).
  let untouched = false;
  beforeEach(async () => {
    if (!untouched) await restoreSnapshot(t.database, snapshot);
    untouched = false;
  });

  for (const route of table) {
    const expectation = EXPECT[keyOf(route)];
    if (!expectation) continue; // Reported by "the route table" above.
    it.each(ROLES)(`${keyOf(route)} as %s`, async (role) => {
      const expected = GUARD[route.access as Access][role] ?? expectation.status[role];
      const url = expectation.url ? expectation.url(ids) : route.url.replace(":id", ids.member!);
      const res = await t.server.app.inject({
        method: route.method as "GET",
        url,
        headers: cookies[role] ? { cookie: cookies[role] } : {},
        ...(expectation.payload ? { payload: expectation.payload() } : {}),
      });
      expect(res.statusCode, res.body).toBe(expected);
      if (res.statusCode >= 400) expect(typeof res.json().message).toBe("string");
      untouched = GUARD[route.access as Access][role] !== undefined;
    });
  }

  it("the current user is the caller, never another member", async () => {
    const me = await t.server.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: cookies.member! },
    });
    const other = await t.server.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: cookies["another member"]! },
    });
    expect(me.json().id).toBe(ids.member);
    expect(other.json().id).toBe(ids["another member"]);
  });

  it("a profile update changes only the caller's profile", async () => {
    await t.server.app.inject({
      method: "PUT",
      url: "/api/users/profile",
      headers: { cookie: cookies.member! },
      payload: { bio: "mine" },
    });
    const [other] = await t.database.db.select().from(users).where(eq(users.id, ids["another member"]!));
    expect(other?.bio).toBeNull();
  });

  it("only the server's account role makes an admin", async () => {
    const admin = await t.server.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: cookies.admin! },
    });
    const member = await t.server.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: cookies.member! },
    });
    expect(admin.json().accountRole).toBe("admin");
    expect(member.json().accountRole).toBe("member");
  });
});
