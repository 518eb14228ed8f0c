import type { DomainModule } from "../http/module";
import { registerAccountRoutes } from "./account-routes";
import { registerMemberRoutes } from "./member-routes";
import { registerPhotoRoutes } from "./photo-routes";
import { registerNearbyRoutes, registerUserRoutes } from "./routes";

/** Members: nearby discovery, profiles and their photos, blocks, favourites, reports, the account. */
export const usersModule: DomainModule = {
  name: "users",
  routes: {
    open: registerNearbyRoutes,
    member: (group, ctx) => {
      registerUserRoutes(group, ctx);
      registerPhotoRoutes(group, ctx);
      registerAccountRoutes(group, ctx);
      registerMemberRoutes(group, ctx);
    },
  },
};
