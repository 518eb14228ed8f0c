import type { DomainModule } from "../http/module";
import { registerAdAdminRoutes, registerAdClickRoute, registerAdMemberRoutes } from "./routes";

/** Ads: members' own ads, their slots in discovery and on the map, clicks, and the admins' review. */
export const adsModule: DomainModule = {
  name: "ads",
  routes: { open: registerAdClickRoute, member: registerAdMemberRoutes, admin: registerAdAdminRoutes },
};
