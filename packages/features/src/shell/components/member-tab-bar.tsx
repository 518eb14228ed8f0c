import { NavLink } from "react-router";
import { CalendarDays, Home, Map, MessageCircle, Users, type LucideIcon } from "lucide-react";
import { CountBadge, cn, formatBadgeCount } from "@vicinity/ui";
import { useUnreadCount } from "@vicinity/features/shared";

const TABS: ReadonlyArray<{ to: string; label: string; icon: LucideIcon; end?: boolean; unread?: boolean }> = [
  { to: "/", label: "Home", icon: Home, end: true },
  { to: "/browse", label: "Browse", icon: Users },
  { to: "/map", label: "Map", icon: Map },
  { to: "/messages", label: "Messages", icon: MessageCircle, unread: true },
  { to: "/events", label: "Events", icon: CalendarDays },
];

export interface MemberTabBarViewProps {
  /** Unread messages: the same figure as the header's menu and the home's tab ("9+" above 9). */
  unread: number;
  className?: string;
}

/**
 * The phone's tab bar (issue 37): the five places a member lives in, one tap away at the bottom of
 * the screen, the current one marked; the rest stays in the header's menu. Hidden from md up,
 * where the header shows the same links.
 */
export function MemberTabBarView({ unread, className }: MemberTabBarViewProps) {
  return (
    <nav
      aria-label="Main"
      data-testid="tab-bar"
      className={cn(
        "sticky bottom-0 z-40 border-t bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden",
        className,
      )}
    >
      <ul className="grid grid-cols-5">
        {TABS.map(({ to, label, icon: Icon, end, unread: counts }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              // Its name first, then the figure: "Messages, 3 unread".
              aria-label={counts && unread > 0 ? `${label}, ${formatBadgeCount(unread)} unread` : undefined}
              className={({ isActive }) =>
                cn(
                  "flex min-h-14 flex-col items-center justify-center gap-0.5 text-[0.6875rem] font-medium transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring",
                  isActive ? "text-accent" : "text-muted-foreground hover:text-foreground",
                )
              }
            >
              <span className="relative">
                <Icon className="size-6" aria-hidden />
                {counts ? <CountBadge count={unread} aria-hidden className="absolute -top-1.5 left-3.5" /> : null}
              </span>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The tab bar with the member's unread count (the header's query: one figure, one request). */
export function MemberTabBar() {
  const unread = useUnreadCount(true);
  return <MemberTabBarView unread={unread.data ?? 0} />;
}
