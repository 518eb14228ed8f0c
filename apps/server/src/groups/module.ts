import type { DomainModule } from "../http/module";
import { registerGroupMemberRoutes, registerGroupRoutes } from "./routes";

/** Groups: their pages, membership by policy, moderation; their chat is a conversation of the messages domain. */
export const groupsModule: DomainModule = {
  name: "groups",
  routes: { open: registerGroupRoutes, member: registerGroupMemberRoutes },
};
