export { NotificationBell, notificationAge } from "./components/notification-bell";
export { NotificationsLive } from "./components/notifications-live";
export { notificationKeys, useNotifications, useMarkAllRead, addNotification } from "./api/notifications";
