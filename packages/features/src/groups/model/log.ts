import type { GroupLogEntry } from "@vicinity/contract";

/** Who a log line names when his account is gone. */
export const GONE_MEMBER = "a former member";

/** One line of a group's log, as its moderators read it ("marcus approved ben"). */
export function logEntryText(entry: GroupLogEntry): string {
  const actor = entry.actor?.username ?? GONE_MEMBER;
  const subject = entry.subject?.username ?? GONE_MEMBER;
  switch (entry.action) {
    case "created":
      return `${actor} created the group`;
    case "joined":
      return `${actor} joined`;
    case "left":
      return `${actor} left`;
    case "requested":
      return `${actor} asked to join`;
    case "approved":
      return `${actor} approved ${subject}'s request`;
    case "refused":
      return `${actor} refused ${subject}'s request`;
    case "invited":
      return `${actor} invited ${subject}`;
    case "declined":
      return `${actor} declined the invitation`;
    case "removed":
      return `${actor} removed ${subject}`;
    case "promoted":
      return `${actor} made ${subject} a moderator`;
    case "demoted":
      return `${actor} made ${subject} a member again`;
    case "owner_changed":
      return `${actor} handed the group over to ${subject}`;
    case "settings_changed":
      return `${actor} changed the group's settings`;
    case "message_removed":
      return `${actor} removed a message from the group chat`;
  }
}
