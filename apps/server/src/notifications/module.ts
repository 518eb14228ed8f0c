import type { DomainModule } from "../http/module";
import { registerNotificationRoutes } from "./routes";
import { sweepNotifications } from "./service";

/** A member's notifications and the admins' warnings to him. */
export const notificationsModule: DomainModule = {
  name: "notifications",
  routes: { member: registerNotificationRoutes },
  jobs: [{ name: "old notifications", everyMs: 10 * 60_000, run: (ctx) => sweepNotifications(ctx.db) }],
};
