import type { DomainModule } from "../http/module";
import { registerEmailLinkRoutes, registerEmailMemberRoutes } from "./email-routes";
import { sweepTokens } from "./email-tokens";
import { registerAuthRoutes, registerSessionRoutes } from "./routes";

const SWEEP_MS = 10 * 60_000;

/** Sign-up, sign-in, guests, sessions, and the links sent by email (verify, reset, change, undo). */
export const authModule: DomainModule = {
  name: "auth",
  routes: {
    open: (group, ctx) => {
      registerAuthRoutes(group, ctx);
      registerEmailLinkRoutes(group, ctx);
    },
    session: registerSessionRoutes,
    member: registerEmailMemberRoutes,
  },
  jobs: [
    { name: "expired sessions", everyMs: SWEEP_MS, run: (ctx) => ctx.sessions.sweep() },
    { name: "spent email links", everyMs: SWEEP_MS, run: (ctx) => sweepTokens(ctx.db) },
  ],
};
