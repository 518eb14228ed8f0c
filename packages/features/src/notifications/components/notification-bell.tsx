import { lazy } from "react";
import { Bell } from "lucide-react";
import { Button, CountBadge, DeferredMenu } from "@vicinity/ui";
import { useNotifications } from "../api/notifications";

export { notificationAge } from "../model/age";

/** The list's code: fetched when the bell is first pointed at, focused or pressed. */
const preloadMenu = () => import("./notification-menu");
const NotificationMenu = lazy(() => preloadMenu().then((m) => ({ default: m.NotificationMenu })));

/** The header's bell (decisions.md, "Notifications"): the unread count, the list, Mark all read. */
export function NotificationBell({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const list = useNotifications(true);
  const unread = list.data?.unread ?? 0;
  const trigger = (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
    >
      <Bell aria-hidden />
      {unread > 0 ? <CountBadge count={unread} max={9} className="absolute -top-0.5 -right-0.5" aria-hidden /> : null}
    </Button>
  );
  return <DeferredMenu trigger={trigger} menu={NotificationMenu} preload={preloadMenu} defaultOpen={defaultOpen} />;
}
