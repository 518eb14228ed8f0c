import type { DomainModule } from "../http/module";
import { registerAdminRoutes } from "./routes";
import { restoreExpiredSuspensions } from "./service";

/** The admin area: members, reports, pictures, the audit log. */
export const adminModule: DomainModule = {
  name: "admin",
  routes: { admin: registerAdminRoutes },
  async start() {
    // Nobody becomes an admin by registering an address: an admin is granted from a shell.
    if (process.env.ADMIN_EMAILS)
      console.warn(
        "ADMIN_EMAILS is no longer read: grant an admin from a shell with `npm run admin -- grant EMAIL` (README).",
      );
  },
  jobs: [{ name: "expired suspensions", everyMs: 10 * 60_000, run: (ctx) => restoreExpiredSuspensions(ctx.db) }],
};
