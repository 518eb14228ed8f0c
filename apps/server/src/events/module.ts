import { EVENT_REMINDER_MINUTES } from "@vicinity/contract";
import type { AppContext } from "../http/context";
import type { DomainModule } from "../http/module";
import { sendNotifications } from "../notifications/service";
import { registerEventMemberRoutes, registerEventRoutes } from "./routes";
import { claimReminders } from "./service";
import { eventSockets } from "./sockets";

/** How often each node looks for reminders due. */
const REMINDER_SWEEP_MS = 60_000;

/** Reminders an hour before: each node looks every minute; each reminder is claimed once. */
async function sendReminders(ctx: AppContext): Promise<void> {
  const due = await claimReminders(ctx.db, EVENT_REMINDER_MINUTES);
  for (const r of due)
    await sendNotifications(ctx.db, ctx.notify, [r.user_id], "event_reminder", { eventId: r.event_id, title: r.title });
}

/** Events: listing, hosting, RSVPs, the calendar feed, reminders, and live "it changed" for open pages. */
export const eventsModule: DomainModule = {
  name: "events",
  routes: { open: registerEventRoutes, member: registerEventMemberRoutes },
  sockets: eventSockets,
  jobs: [{ name: "event reminders", everyMs: REMINDER_SWEEP_MS, run: sendReminders }],
};
