import type { DomainModule } from "../http/module";
import { registerSignalRoutes } from "./routes";
import { sweepSignals } from "./service";

/** Signals (issue 38): taps and matches, favorites, "viewed me". */
export const signalsModule: DomainModule = {
  name: "signals",
  routes: { member: registerSignalRoutes },
  jobs: [{ name: "signals sweep", everyMs: 60 * 60_000, run: (ctx) => sweepSignals(ctx.db) }],
};
