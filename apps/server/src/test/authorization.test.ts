import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "../db/schema";
import { setAdmin } from "../users/admins";
import { jpegWithGps, pictureForm } from "./pictures";
import { guestCookie, registerMember, resetDatabase, startTestServer, STRONG_PASSWORD, testEngines, type TestServer } from "./harness";

type Role = "visitor" | "guest" | "member" | "another member" | "admin";
const ROLES: Role[] = ["visitor", "guest", "member", "another member", "admin"];

/** Every call of spec section 7, the status each role gets (decisions.md, Roles). */
let picture: Buffer = Buffer.alloc(0);
const NO_SUCH = "00000000-0000-4000-8000-000000000000";
/** Calls about one member use "member"'s id: as himself he gets his own answer (200, or 400 for block and report). */
type Url = string | ((ids: Partial<Record<Role, string>>) => string);
const all = (visitor: number, guest: number, member: number, others = member) => ({ visitor, guest, member, "another member": others, admin: others });
const MATRIX: Array<{ method: "GET" | "POST" | "PUT" | "DELETE"; url: Url; payload?: () => object; expect: Record<Role, number> }> = [
  { method: "GET", url: "/api/auth/user", expect: { visitor: 401, guest: 401, member: 200, "another member": 200, admin: 200 } },
  { method: "POST", url: "/api/register", payload: () => ({ email: `new${Math.random()}@example.com`, password: STRONG_PASSWORD }), expect: { visitor: 201, guest: 201, member: 201, "another member": 201, admin: 201 } },
  { method: "POST", url: "/api/auth/login", payload: () => ({ email: "member@example.com", password: STRONG_PASSWORD }), expect: { visitor: 200, guest: 200, member: 200, "another member": 200, admin: 200 } },
  { method: "POST", url: "/api/anonymous-login", payload: () => ({ age: 25 }), expect: { visitor: 201, guest: 201, member: 201, "another member": 201, admin: 201 } },
  { method: "POST", url: "/api/heartbeat", expect: { visitor: 401, guest: 200, member: 200, "another member": 200, admin: 200 } },
  { method: "GET", url: "/api/users/online-count", expect: { visitor: 401, guest: 403, member: 200, "another member": 200, admin: 200 } },
  { method: "GET", url: "/api/messages/unread-count", expect: { visitor: 401, guest: 403, member: 200, "another member": 200, admin: 200 } },
  { method: "PUT", url: "/api/users/profile", payload: () => ({ bio: "hello" }), expect: { visitor: 401, guest: 403, member: 200, "another member": 200, admin: 200 } },
  { method: "PUT", url: "/api/users/location", payload: () => ({ latitude: 30.33, longitude: -81.66 }), expect: { visitor: 401, guest: 403, member: 200, "another member": 200, admin: 200 } },
  { method: "GET", url: "/api/users/nearby?latitude=30.33&longitude=-81.66", expect: { visitor: 200, guest: 200, member: 200, "another member": 200, admin: 200 } },
  { method: "GET", url: (ids) => `/api/users/${ids.member}`, expect: all(401, 403, 200) },
  { method: "POST", url: (ids) => `/api/users/${ids.member}/block`, expect: all(401, 403, 400, 200) },
  { method: "DELETE", url: (ids) => `/api/users/${ids.member}/block`, expect: all(401, 403, 200) },
  { method: "POST", url: (ids) => `/api/users/${ids.member}/report`, payload: () => ({ reason: "spam" }), expect: all(401, 403, 400, 201) },
  { method: "GET", url: "/api/users/blocked", expect: all(401, 403, 200) },
  { method: "PUT", url: "/api/users/right-now", payload: () => ({ note: "Coffee?" }), expect: all(401, 403, 200) },
  { method: "DELETE", url: "/api/users/right-now", expect: all(401, 403, 200) },
  { method: "POST", url: "/api/media", payload: () => pictureForm(picture), expect: all(401, 403, 201) },
  { method: "GET", url: "/api/users/photos", expect: all(401, 403, 200) },
  { method: "POST", url: "/api/users/photos", payload: () => ({ mediaId: NO_SUCH }), expect: all(401, 403, 404) },
  { method: "PUT", url: "/api/users/photos/order", payload: () => ({ ids: [NO_SUCH] }), expect: all(401, 403, 400) },
  { method: "DELETE", url: `/api/users/photos/${NO_SUCH}`, expect: all(401, 403, 404) },
  { method: "PUT", url: "/api/users/password", payload: () => ({ currentPassword: STRONG_PASSWORD, newPassword: "another long passphrase" }), expect: all(401, 403, 200) },
  { method: "GET", url: "/api/users/export", expect: all(401, 403, 200) },
  { method: "DELETE", url: "/api/users/account", payload: () => ({ password: STRONG_PASSWORD }), expect: all(401, 403, 200) },
  { method: "POST", url: "/api/logout", expect: { visitor: 200, guest: 200, member: 200, "another member": 200, admin: 200 } },
];

describe.each(testEngines())("authorization matrix (%s)", (engine) => {
  let t: TestServer;
  const cookies: Partial<Record<Role, string>> = {};
  const ids: Partial<Record<Role, string>> = {};

  beforeAll(async () => {
    t = await startTestServer(engine);
    picture = await jpegWithGps(32, 32);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetDatabase(t.database);
    const member = await registerMember(t.server, "member@example.com");
    const other = await registerMember(t.server, "other@example.com");
    const admin = await registerMember(t.server, "admin@example.com");
    expect(await setAdmin(t.database.db, "admin@example.com", true)).toBe("granted");
    Object.assign(cookies, { member: member.cookie, "another member": other.cookie, admin: admin.cookie, guest: await guestCookie(t.server) });
    Object.assign(ids, { member: member.id, "another member": other.id, admin: admin.id });
  });

  for (const call of MATRIX) {
    const label = typeof call.url === "string" ? call.url.split("?")[0] : call.url({ member: ":id" });
    it.each(ROLES)(`${call.method} ${label} as %s`, async (role) => {
      const res = await t.server.app.inject({
        method: call.method,
        url: typeof call.url === "string" ? call.url : call.url(ids),
        headers: cookies[role] ? { cookie: cookies[role] } : {},
        ...(call.payload ? { payload: call.payload() } : {}),
      });
      expect(res.statusCode, res.body).toBe(call.expect[role]);
      if (res.statusCode >= 400) expect(typeof res.json().message).toBe("string");
    });
  }

  it("the current user is the caller, never another member", async () => {
    const me = await t.server.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: cookies.member! } });
    const other = await t.server.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: cookies["another member"]! } });
    expect(me.json().id).toBe(ids.member);
    expect(other.json().id).toBe(ids["another member"]);
  });

  it("a profile update changes only the caller's profile", async () => {
    await t.server.app.inject({ method: "PUT", url: "/api/users/profile", headers: { cookie: cookies.member! }, payload: { bio: "mine" } });
    const [other] = await t.database.db.select().from(users).where(eq(users.id, ids["another member"]!));
    expect(other?.bio).toBeNull();
  });

  it("only the server's account role makes an admin", async () => {
    const admin = await t.server.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: cookies.admin! } });
    const member = await t.server.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: cookies.member! } });
    expect(admin.json().accountRole).toBe("admin");
    expect(member.json().accountRole).toBe("member");
  });
});
