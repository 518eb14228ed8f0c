import { Link } from "react-router";
import { Bell } from "lucide-react";
import { notificationText } from "@vicinity/contract";
import { Button, CountBadge, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger, cn } from "@vicinity/ui";
import { useMarkAllRead, useNotifications } from "../api/notifications";

/** "5 min ago", "3 h ago", "2 d ago". */
export function notificationAge(createdAt: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(createdAt)) / 60_000));
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${Math.round(hours / 24)} d ago`;
}

/** The header's bell (decisions.md, "Notifications"): the unread count, the list, Mark all read. */
export function NotificationBell({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const list = useNotifications(true);
  const markAll = useMarkAllRead();
  const unread = list.data?.unread ?? 0;
  const items = list.data?.notifications ?? [];
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}>
          <Bell aria-hidden />
          {unread > 0 ? <CountBadge count={unread} max={9} className="absolute -top-0.5 -right-0.5" aria-hidden /> : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 max-w-[calc(100vw-1rem)]">
        <DropdownMenuLabel>Notifications</DropdownMenuLabel>
        {unread > 0 ? (
          <DropdownMenuItem onSelect={(e) => (e.preventDefault(), markAll.mutate())} className="text-xs font-semibold text-accent-text">
            Mark all read
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        {list.status !== "success" || items.length === 0 ? (
          <DropdownMenuItem disabled className="text-sm whitespace-normal text-muted-foreground">
            {list.status === "pending" ? "Loading…" : list.status === "error" ? "Notifications could not be loaded." : "Nothing new. Event reminders and changes show up here."}
          </DropdownMenuItem>
        ) : (
          items.slice(0, 20).map((n) => (
            <DropdownMenuItem key={n.id} asChild>
              <Link to={n.data.eventId ? `/events/${n.data.eventId}` : "/events"} className={cn("grid! gap-0.5", !n.readAt && "font-semibold")}>
                <span className="flex items-start gap-2 text-sm whitespace-normal">
                  {!n.readAt ? <span className="mt-1.5 size-2 shrink-0 rounded-full bg-accent" aria-label="Unread" role="img" /> : null}
                  {notificationText(n)}
                </span>
                <span className="text-xs font-normal text-muted-foreground">{notificationAge(n.createdAt)}</span>
              </Link>
            </DropdownMenuItem>
          ))
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
