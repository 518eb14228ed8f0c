import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { notificationText, type Notification } from "@vicinity/contract";
import { toast } from "@vicinity/ui";
import { useRealtime, currentUserQueryKey } from "@vicinity/features/shared";
import { addNotification, notificationKeys } from "../api/notifications";

const TITLES: Partial<Record<Notification["kind"], string>> = {
  event_reminder: "Starting soon",
  event_promoted: "You're in",
  event_cancelled: "Event cancelled",
  event_changed: "Event changed",
};

/**
 * Inside the member's session: a pushed `notification` joins the bell's list and shows a toast (a
 * moderator's warning asks for the session user again instead, whose warning opens its dialog).
 * Renders nothing.
 */
export function NotificationsLive() {
  const { socket } = useRealtime();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const onNotification = (notification: Notification) => {
      queryClient.setQueryData(notificationKeys.list(), (list: Parameters<typeof addNotification>[0]) =>
        addNotification(list, notification),
      );
      // A moderator's warning is not a toast: it opens its own dialog, which he must acknowledge.
      if (notification.kind === "warning") void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      else toast({ title: TITLES[notification.kind] ?? "Notification", description: notificationText(notification) });
    };
    socket.on("notification", onNotification);
    return () => {
      socket.off("notification", onNotification);
    };
  }, [socket, queryClient]);
  return null;
}
