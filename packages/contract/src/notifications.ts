import * as z from "zod/mini";

/**
 * decisions.md, "Notifications": a member's list (the bell in the header, an unread count), pushed
 * over the socket and kept 90 days. Each feature that notifies adds its kinds here.
 */
export const NOTIFICATION_KINDS = [
  "event_reminder",
  "event_promoted",
  "event_cancelled",
  "event_changed",
  "warning",
  "report_outcome",
  "tap",
  "match",
  "album_shared",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_KEEP_DAYS = 90;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** What the screen needs to say it: the event's id and title, a reason. */
  data: z.record(z.string(), z.string()),
  createdAt: z.string(),
  readAt: z.nullable(z.string()),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({ notifications: z.array(notificationSchema), unread: z.int() });

/** The sentence a notification shows. */
export function notificationText(n: Pick<Notification, "kind" | "data">): string {
  const title = n.data.title ?? "An event";
  switch (n.kind) {
    case "event_reminder":
      return `${title} starts in an hour.`;
    case "event_promoted":
      return `A place freed up: you're going to ${title}.`;
    case "event_cancelled":
      return `${title} was cancelled${n.data.reason ? `: ${n.data.reason}` : "."}`;
    case "event_changed":
      return `${title} changed. Check the time and place.`;
    case "warning":
      return `A warning from our moderators: ${n.data.reason ?? "please read our rules."}`;
    case "report_outcome":
      return n.data.outcome === "actioned"
        ? "Thanks for your report: our moderators took action."
        : "Thanks for your report: our moderators reviewed it and took no action.";
    case "tap":
      return `${n.data.name ?? "Someone"} tapped you: ${n.data.label ?? "Hi"}.`;
    case "match":
      return `You and ${n.data.name ?? "someone"} tapped each other. Say hi!`;
    case "album_shared":
      return `${n.data.name ?? "Someone"} shared a private album with you: ${n.data.album ?? "an album"}.`;
  }
}

/** Where a notification leads: an event's page, the member who tapped or shared an album, or the events list. */
export function notificationLink(n: Pick<Notification, "kind" | "data">): string {
  if ((n.kind === "tap" || n.kind === "match" || n.kind === "album_shared") && n.data.memberId)
    return `/members/${encodeURIComponent(n.data.memberId)}`;
  return n.data.eventId ? `/events/${n.data.eventId}` : "/events";
}

export const NOTIFICATION_PATHS = { list: "/api/notifications", read: "/api/notifications/read" } as const;
