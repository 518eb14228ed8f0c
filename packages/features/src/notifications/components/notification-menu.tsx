import { Link } from "react-router";
import { notificationLink, notificationText } from "@vicinity/contract";
import {
  cn,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  type DeferredMenuProps,
} from "@vicinity/ui";
import { useMarkAllRead, useNotifications } from "../api/notifications";
import { notificationAge } from "../model/age";

/** The bell's list (loaded on first use: packages/ui DeferredMenu). */
export function NotificationMenu({ trigger, defaultOpen }: DeferredMenuProps) {
  const list = useNotifications(true);
  const markAll = useMarkAllRead();
  const unread = list.data?.unread ?? 0;
  const items = list.data?.notifications ?? [];
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 max-w-[calc(100vw-1rem)]">
        <DropdownMenuLabel>Notifications</DropdownMenuLabel>
        {unread > 0 ? (
          <DropdownMenuItem
            onSelect={(e) => (e.preventDefault(), markAll.mutate())}
            className="text-xs font-semibold text-accent-text"
          >
            Mark all read
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        {list.status !== "success" || items.length === 0 ? (
          <DropdownMenuItem disabled className="text-sm whitespace-normal text-muted-foreground">
            {list.status === "pending"
              ? "Loading…"
              : list.status === "error"
                ? "Notifications could not be loaded."
                : "Nothing new. Taps, event reminders and changes show up here."}
          </DropdownMenuItem>
        ) : (
          items.slice(0, 20).map((n) => (
            <DropdownMenuItem key={n.id} asChild>
              <Link to={notificationLink(n)} className={cn("grid! gap-0.5", !n.readAt && "font-semibold")}>
                <span className="flex items-start gap-2 text-sm whitespace-normal">
                  {!n.readAt ? (
                    <span className="mt-1.5 size-2 shrink-0 rounded-full bg-accent" aria-label="Unread" role="img" />
                  ) : null}
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
