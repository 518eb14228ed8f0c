import { seedDemoActivity } from "../analytics/demo";
import type { AppContext } from "../http/context";
import type { DomainModule } from "../http/module";
import { ensureDemoEvents, ensureDemoGroups, keepDemoPositionsFresh, seedDemoMembersIfEmpty } from "./seed";
import { DEMO_LIFE_MS, demoGroupPost, liveDemoMinute } from "./life";
import { storeMessage } from "../messages/service";
import { randomUUID } from "node:crypto";

/** A minute of the demo city: members come online, go offline and move (the live map is told), and now and then post in a group. */
async function live(ctx: AppContext): Promise<void> {
  for (const { id, before } of await liveDemoMinute(ctx.db)) ctx.mapChanges.memberChanged(id, before);
  const post = await demoGroupPost(ctx.db);
  if (!post) return;
  // As any member's message: stored, counted, pushed to the group's members online.
  const { message, created, recipients } = await storeMessage(ctx.db, ctx.participants, post.senderId, {
    conversationId: post.conversationId,
    content: post.content,
    tempId: `demo-${randomUUID()}`,
  });
  if (!created) return;
  ctx.activity.record("groupMessage", post.senderId, message.conversationId);
  ctx.notify.toUsers([...recipients, post.senderId], "newMessage", message);
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
