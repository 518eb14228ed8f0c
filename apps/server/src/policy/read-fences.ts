/**
 * The writes that narrow who may see whom or what: a block, hiding from the map, a profile or a
 * picture taken down, an account deleted or suspended, an event's address or a group made more
 * private, a member put out of a group. Once one commits, every read on every node must see it:
 * reads go to the primary until a replica has replayed it (db/replicas.ts, `fence`). Other writes
 * are only their writer's own to see at once (read-your-writes).
 *
 * A new route that narrows visibility goes here; the replica tests check that each entry is a
 * route and that a block holds on the very next read (replicas.test.ts).
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
]);
