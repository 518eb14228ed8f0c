import { lazy, useState, type ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { Heart, LogOut, Menu, Settings, Shield, X } from "lucide-react";
import type { SessionUser } from "@vicinity/contract";
import { Avatar, Badge, Button, CountBadge, cn, DeferredMenu } from "@vicinity/ui";
import { AppHeaderFrame } from "./app-header-frame";
import { AccountMenuContext } from "./account-menu-context";

/** The account menu's code: fetched when its button is first pointed at, focused or pressed. */
const preloadAccountMenu = () => import("./account-menu");
const AccountMenu = lazy(() => preloadAccountMenu().then((m) => ({ default: m.AccountMenu })));

export type HeaderMode =
  /** A visitor anywhere but /browse and /map: Login and Join Now. */
  | { kind: "visitor" }
  /** A visitor on /browse or /map, or a guest: the Anonymous Browsing badge and Sign Up for Full Access. */
  | { kind: "anonymous"; isGuest: boolean; onEndAnonymous?: () => void }
  | { kind: "member"; user: SessionUser; unread: number; isAdmin: boolean; onLogout: () => void; loggingOut?: boolean };

export const MEMBER_LINKS = [
  { to: "/", label: "Home", end: true },
  { to: "/browse", label: "Browse" },
  { to: "/map", label: "Map" },
  { to: "/messages", label: "Messages", unread: true },
  { to: "/events", label: "Events" },
  { to: "/groups", label: "Groups" },
] as const;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold transition-colors",
    isActive ? "bg-muted text-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground",
  );

function memberName(user: SessionUser) {
  return user.displayName || user.firstName || user.username;
}

export interface AppHeaderViewProps {
  mode: HeaderMode;
  /** A member's notifications bell (the container gives it; decisions.md, "Notifications"). */
  bell?: ReactNode;
  /** Start with the mobile menu open (stories). */
  defaultMenuOpen?: boolean;
}

/** The app's header (spec section 2) in every variant; the container picks the mode. */
export function AppHeaderView({ mode, bell, defaultMenuOpen = false }: AppHeaderViewProps) {
  const [menuOpen, setMenuOpen] = useState(defaultMenuOpen);
  const close = () => setMenuOpen(false);

  return (
    <AppHeaderFrame
      below={
        menuOpen ? (
          <div id="mobile-menu" className="border-t px-4 pt-2 pb-4 md:hidden">
            {mode.kind === "member" ? (
              <>
                <div className="flex items-center gap-3 py-3">
                  <Avatar name={memberName(mode.user)} src={mode.user.profileImageUrl ?? undefined} size="md" />
                  <div className="min-w-0">
                    <p className="truncate font-semibold">{memberName(mode.user)}</p>
                    <p className="truncate text-sm text-muted-foreground">{mode.user.email}</p>
                  </div>
                </div>
                <nav aria-label="Main" className="grid gap-1">
                  {MEMBER_LINKS.map((link) => (
                    <NavLink key={link.to} to={link.to} end={"end" in link} className={navLinkClass} onClick={close}>
                      {link.label}
                      {"unread" in link ? <CountBadge count={mode.unread} label="unread messages" /> : null}
                    </NavLink>
                  ))}
                </nav>
                <div className="mt-2 grid gap-1 border-t pt-2">
                  <NavLink to="/interest" className={navLinkClass} onClick={close}>
                    <Heart className="size-4" aria-hidden /> Taps, views and favorites
                  </NavLink>
                  <NavLink to="/profile" className={navLinkClass} onClick={close}>
                    <Settings className="size-4" aria-hidden /> Profile Settings
                  </NavLink>
                  {mode.isAdmin ? (
                    <NavLink to="/admin" className={navLinkClass} onClick={close}>
                      <Shield className="size-4" aria-hidden /> Admin Panel
                    </NavLink>
                  ) : null}
                  <Button
                    variant="ghost"
                    className="justify-start px-3 text-muted-foreground"
                    onClick={mode.onLogout}
                    busy={mode.loggingOut}
                    busyLabel="Logging out..."
                  >
                    <LogOut aria-hidden /> Logout
                  </Button>
                </div>
              </>
            ) : (
              <div className="grid gap-2 pt-2">
                <HeaderActions mode={mode} stacked />
              </div>
            )}
          </div>
        ) : null
      }
    >
      {mode.kind === "member" && mode.isAdmin ? (
        <Badge variant="accent" className="gap-1">
          <Shield className="size-3" aria-hidden /> Admin
        </Badge>
      ) : null}

      {mode.kind === "member" ? (
        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 md:flex">
          {MEMBER_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={"end" in link} className={navLinkClass}>
              {link.label}
              {"unread" in link ? <CountBadge count={mode.unread} label="unread messages" /> : null}
            </NavLink>
          ))}
        </nav>
      ) : null}

      <div className="ml-auto hidden items-center gap-2 md:flex">
        {mode.kind === "member" ? bell : null}
        <HeaderActions mode={mode} />
      </div>

      {mode.kind === "member" && bell ? <div className="ml-auto md:hidden">{bell}</div> : null}
      <Button
        variant="ghost"
        size="icon"
        className={cn("md:hidden", !(mode.kind === "member" && bell) && "ml-auto")}
        aria-label={menuOpen ? "Close menu" : "Open menu"}
        aria-expanded={menuOpen}
        aria-controls="mobile-menu"
        onClick={() => setMenuOpen((o) => !o)}
      >
        {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
      </Button>
    </AppHeaderFrame>
  );
}

function HeaderActions({ mode, stacked = false }: { mode: HeaderMode; stacked?: boolean }) {
  if (mode.kind === "visitor") {
    return (
      <>
        <Button asChild variant="ghost" fullWidth={stacked}>
          <Link to="/auth">Login</Link>
        </Button>
        <Button asChild fullWidth={stacked}>
          <Link to="/auth?tab=signup">Join Now</Link>
        </Button>
      </>
    );
  }
  if (mode.kind === "anonymous") {
    return (
      <>
        <Badge variant="outline" className={cn("border-accent text-accent-text", stacked && "justify-center py-1.5")}>
          Anonymous Browsing
        </Badge>
        <Button asChild fullWidth={stacked}>
          <Link to="/join">Sign Up for Full Access</Link>
        </Button>
        {mode.isGuest && mode.onEndAnonymous ? (
          <Button variant="ghost" fullWidth={stacked} onClick={mode.onEndAnonymous}>
            Exit anonymous mode
          </Button>
        ) : null}
      </>
    );
  }
  const name = memberName(mode.user);
  const trigger = (
    <Button variant="ghost" className="gap-2 px-2" aria-label={`Account menu for ${name}`}>
      <Avatar name={name} src={mode.user.profileImageUrl ?? undefined} size="sm" />
      <span className="max-w-32 truncate">{name}</span>
    </Button>
  );
  return (
    <AccountMenuContext.Provider
      value={{ name, user: mode.user, isAdmin: mode.isAdmin, onLogout: mode.onLogout, loggingOut: mode.loggingOut }}
    >
      <DeferredMenu trigger={trigger} menu={AccountMenu} preload={preloadAccountMenu} />
    </AccountMenuContext.Provider>
  );
}
