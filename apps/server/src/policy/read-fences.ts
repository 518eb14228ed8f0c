/**
 * The writes that narrow who may see whom or what: a block, hiding from the map, a profile or a
 * picture taken down, an account deleted or suspended, an event's address or a group made more
 * private, a member put out of a group, an attendance or a membership made unlisted, a role or an ad
 * taken away. Once one commits, every read on every node must see it:
 * reads go to the primary until a replica has replayed it (db/replicas.ts, `fence`). Other writes
 * are only their writer's own to see at once (read-your-writes).
 *
 * Every state-changing route is in this list or in OWN_WRITES: the authorization matrix fails for
 * one in neither (authorization.test.ts), so a new route is classified when it is made; the
 * replica tests check that a block holds on the very next read (replicas.test.ts).
 */
export const NARROWING_WRITES: ReadonlySet<string> = new Set([
  "POST /api/users/:id/block",
  "PUT /api/users/profile",
  "DELETE /api/users/photos/:id",
  "DELETE /api/users/location",
  "PUT /api/users/location/visibility",
  "DELETE /api/users/account",
  "POST /api/admin/members/:id/suspend",
  "POST /api/admin/reports/actions",
  "POST /api/admin/pictures/:id/remove",
  "PUT /api/events/:id",
  "POST /api/events/:id/cancel",
  "PUT /api/groups/:id",
  "DELETE /api/groups/:id",
  "POST /api/groups/:id/leave",
  "POST /api/groups/:id/members/:userId/remove",
  "DELETE /api/groups/:id/messages/:messageId",
  "DELETE /api/conversations/:id/messages/:messageId",
  "POST /api/admin/ads/:id/status",
  "PUT /api/events/:id/rsvp",
  "DELETE /api/events/:id/rsvp",
  "PUT /api/groups/:id/me",
  "PUT /api/groups/:id/members/:userId/role",
  "POST /api/admin/members/:id/admin",
  "PUT /api/views/trace",
  "DELETE /api/albums/:id",
  "DELETE /api/albums/:id/pictures/:mediaId",
  "DELETE /api/albums/:id/shares/:memberId",
]);

/**
 * The other writes: what they change is seen at once by their writer (read-your-writes), and by
 * everyone else as soon as a replica has it (they widen what others see, or others never read it
 * on a replica).
 */
export const OWN_WRITES: ReadonlySet<string> = new Set([
  "DELETE /api/users/:id/block",
  "DELETE /api/users/:id/favorite",
  "POST /api/users/:id/tap",
  "PUT /api/users/:id/favorite",
  "POST /api/phrases",
  "DELETE /api/phrases/:id",
  "POST /api/albums",
  "POST /api/conversations/:id/messages/:messageId/open",
  "PATCH /api/albums/:id",
  "POST /api/albums/:id/pictures",
  "PUT /api/albums/:id/shares/:memberId",
  "DELETE /api/users/right-now",
  "DELETE /api/users/sessions",
  "DELETE /api/users/sessions/:id",
  "POST /api/admin/ads",
  "POST /api/admin/ads/:id/duplicate",
  "POST /api/admin/members/:id/restore",
  "POST /api/admin/members/:id/warn",
  "POST /api/admin/pictures/reviewed",
  "POST /api/admin/reports/:id/assign",
  "POST /api/admin/reports/:id/notes",
  "POST /api/ads/:id/hide",
  "POST /api/ads/impressions",
  "POST /api/anonymous-login",
  "POST /api/auth/email/confirm",
  "POST /api/auth/email/undo",
  "POST /api/auth/email/verify",
  "POST /api/auth/login",
  "POST /api/auth/password/forgot",
  "POST /api/auth/password/reset",
  "POST /api/auth/password/reset/check",
  "POST /api/conversations",
  "POST /api/conversations/:id/read",
  "POST /api/events",
  "POST /api/events/:id/report",
  "POST /api/groups",
  "POST /api/groups/:id/invitations",
  "POST /api/groups/:id/join",
  "POST /api/groups/:id/owner",
  "POST /api/groups/:id/report",
  "POST /api/groups/:id/requests/:userId/approve",
  "POST /api/groups/:id/requests/:userId/refuse",
  "POST /api/heartbeat",
  "POST /api/logout",
  "POST /api/media",
  "POST /api/notifications/read",
  "POST /api/register",
  "POST /api/users/:id/report",
  "POST /api/users/calendar",
  "POST /api/users/email",
  "POST /api/users/email/verification",
  "POST /api/users/photos",
  "POST /api/warnings/:id/acknowledge",
  "PUT /api/admin/ads/:id",
  "PUT /api/users/filters",
  "PUT /api/users/location",
  "PUT /api/users/password",
  "PUT /api/users/photos/order",
  "PUT /api/users/right-now",
]);
