import { seedDemoActivity } from "../analytics/demo";
import type { AppContext } from "../http/context";
import type { DomainModule } from "../http/module";
import { ensureDemoEvents, ensureDemoGroups, keepDemoPositionsFresh, seedDemoMembersIfEmpty } from "./seed";
import { DEMO_LIFE_MS, liveDemoMinute } from "./life";

/** A minute of the demo city: members come online, go offline and move (the live map is told). */
async function live(ctx: AppContext): Promise<void> {
  for (const { id, before } of await liveDemoMinute(ctx.db)) ctx.mapChanges.memberChanged(id, before);
}

/** Keeps the demo members near "now": fresh positions, upcoming events, their groups. */
async function refresh(ctx: AppContext): Promise<void> {
  await keepDemoPositionsFresh(ctx.db);
  await ensureDemoEvents(ctx.db);
  await ensureDemoGroups(ctx.db);
}

/** Demo data (SEED_DEMO): members with photos, a history for the analytics, events and groups kept current. */
export const demoModule: DomainModule = {
  name: "demo",
  enabled: (config) => config.seedDemo,
  async start(ctx) {
    await seedDemoMembersIfEmpty(ctx.db, ctx.mediaStore);
    await seedDemoActivity(ctx.db);
    await refresh(ctx);
    await live(ctx);
  },
  jobs: [
    { name: "demo data", everyMs: 60 * 60_000, run: refresh },
    { name: "demo life", everyMs: DEMO_LIFE_MS, run: live },
  ],
};
