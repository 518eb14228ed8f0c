import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { notificationText, type Notification } from "@vicinity/contract";
import { toast } from "@vicinity/ui";
import { useRealtime, currentUserQueryKey, memberKeys, signalKeys } from "@vicinity/features/shared";
import { addNotification, notificationKeys } from "../api/notifications";

const TITLES: Partial<Record<Notification["kind"], string>> = {
  event_reminder: "Starting soon",
  event_promoted: "You're in",
  event_cancelled: "Event cancelled",
  event_changed: "Event changed",
  tap: "New tap",
  match: "It's a match!",
  album_shared: "Private album",
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
      // A tap or a match: his taps list and the tapper's profile are out of date.
      if (notification.kind === "tap" || notification.kind === "match") {
        void queryClient.invalidateQueries({ queryKey: signalKeys.all() });
        if (notification.data.memberId)
          void queryClient.invalidateQueries({ queryKey: memberKeys.detail(notification.data.memberId) });
      }
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
