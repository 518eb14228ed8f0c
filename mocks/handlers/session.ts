import { delay, http, HttpResponse } from "msw";
import { API_PATHS, NOTIFICATION_PATHS, type ErrorBody, type SessionUser } from "@vicinity/contract";
import { adminFixture, memberFixture } from "../fixtures/users";

/** GET /api/auth/user, by scenario. */
export const sessionHandlers = {
  visitor: [
    http.get(API_PATHS.currentUser, () => HttpResponse.json<ErrorBody>({ message: "Not signed in" }, { status: 401 })),
  ],
  member: [http.get(API_PATHS.currentUser, () => HttpResponse.json<SessionUser>(memberFixture))],
  admin: [http.get(API_PATHS.currentUser, () => HttpResponse.json<SessionUser>(adminFixture))],
  loading: [
    http.get(API_PATHS.currentUser, async () => {
      await delay("infinite");
      return HttpResponse.json<SessionUser>(memberFixture);
    }),
  ],
  error: [
    http.get(API_PATHS.currentUser, () =>
      HttpResponse.json<ErrorBody>({ message: "Service unavailable" }, { status: 503 }),
    ),
  ],
};

/** The signed-in shell's background calls: heartbeat, logout, online and unread counts. */
export const shellHandlers = {
  quiet: [
    http.post(API_PATHS.heartbeat, () => HttpResponse.json({ ok: true })),
    http.post(API_PATHS.logout, () => HttpResponse.json({ ok: true })),
    http.get(API_PATHS.onlineCount, () => HttpResponse.json(42)),
    http.get(API_PATHS.unreadCount, () => HttpResponse.json(0)),
    // The messenger catches up at every connection: nothing missed by default.
    http.get(API_PATHS.missedMessages, () => HttpResponse.json([])),
    // The header's bell: nothing new by default.
    http.get(NOTIFICATION_PATHS.list, () => HttpResponse.json({ notifications: [], unread: 0 })),
    http.post(NOTIFICATION_PATHS.read, () => HttpResponse.json({ ok: true })),
  ],
  unread3: [http.get(API_PATHS.unreadCount, () => HttpResponse.json(3))],
  unread12: [http.get(API_PATHS.unreadCount, () => HttpResponse.json(12))],
  /** The session died on the server: the heartbeat answers 401 and so does the next current-user call. */
  heartbeatAuthLost: [
    http.post(API_PATHS.heartbeat, () =>
      HttpResponse.json<ErrorBody>({ message: "Sign in to continue" }, { status: 401 }),
    ),
    http.get(API_PATHS.currentUser, () => HttpResponse.json<SessionUser>(memberFixture), { once: true }),
    http.get(API_PATHS.currentUser, () => HttpResponse.json<ErrorBody>({ message: "Not signed in" }, { status: 401 })),
  ],
  logoutFails: [
    http.post(API_PATHS.logout, () =>
      HttpResponse.json<ErrorBody>({ message: "Service unavailable" }, { status: 503 }),
    ),
  ],
};
