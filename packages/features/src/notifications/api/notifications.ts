import { useAfterFirstPaint } from "@vicinity/ui";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { NOTIFICATION_PATHS, notificationListSchema, type Notification } from "@vicinity/contract";
import { apiRequest } from "@vicinity/features/shared";

export const notificationKeys = { list: () => ["notifications", "list"] as const };

type NotificationList = { notifications: Notification[]; unread: number };

/** GET /api/notifications: the newest of the last 90 days, and how many are unread. */
export function useNotifications(enabled: boolean) {
  // Asked after the first page's paint (FirstPaintGate, docs/decisions/0029).
  const afterPaint = useAfterFirstPaint();
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: async (): Promise<NotificationList> =>
      notificationListSchema.parse(await (await apiRequest("GET", NOTIFICATION_PATHS.list)).json()),
    enabled: enabled && afterPaint,
    staleTime: 60_000,
  });
}

/** POST /api/notifications/read: all read, at once on the screen. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest("POST", NOTIFICATION_PATHS.read);
    },
    retry: false,
    onMutate: () => {
      const readAt = new Date().toISOString();
      queryClient.setQueryData<NotificationList>(notificationKeys.list(), (list) =>
        list
          ? { unread: 0, notifications: list.notifications.map((n) => ({ ...n, readAt: n.readAt ?? readAt })) }
          : list,
      );
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list() }),
  });
}

/** A pushed notification joins the list at the top (once), unread. */
export function addNotification(
  list: NotificationList | undefined,
  notification: Notification,
): NotificationList | undefined {
  if (!list) return list;
  if (list.notifications.some((n) => n.id === notification.id)) return list;
  return { notifications: [notification, ...list.notifications], unread: list.unread + (notification.readAt ? 0 : 1) };
}
