import { useLocation, useNavigate } from "react-router";
import { endAnonymousSession, useAuth, useLogout, useUnreadCount } from "@vicinity/features/shared";
import { NotificationBell } from "@vicinity/features/notifications";
import { AppHeaderView, type HeaderMode } from "./app-header-view";

/** Paths where visitors see the anonymous-browsing variant (spec section 2). */
const ANONYMOUS_BROWSING_PATHS = ["/browse", "/map"];

/** The header container: picks the variant from who is signed in and where he is. */
export function AppHeader() {
  const auth = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const member = auth.status === "member" ? auth.user : null;
  const unread = useUnreadCount(member !== null);
  // Spec section 2: after logout go to "/", even when the call fails.
  const logout = useLogout(() => navigate("/"));

  let mode: HeaderMode;
  if (member) {
    mode = {
      kind: "member",
      user: member,
      unread: unread.data ?? 0,
      isAdmin: member.accountRole === "admin",
      onLogout: () => logout.mutate(),
      loggingOut: logout.isPending,
    };
  } else if (auth.status === "anonymous") {
    mode = {
      kind: "anonymous",
      isGuest: true,
      onEndAnonymous: () => {
        endAnonymousSession();
        logout.mutate();
      },
    };
  } else if (ANONYMOUS_BROWSING_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`))) {
    mode = { kind: "anonymous", isGuest: false };
  } else {
    mode = { kind: "visitor" };
  }
  return <AppHeaderView mode={mode} bell={member ? <NotificationBell /> : undefined} />;
}
