/** "5 min ago", "3 h ago", "2 d ago" (the shared timeAgo). */
export { timeAgo as notificationAge } from "@vicinity/features/shared";
