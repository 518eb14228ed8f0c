import { useCallback, type ReactNode } from "react";
import { Outlet, useMatch, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { currentUserQueryKey, useAuth, useHeartbeat, useIdleLogout, useLogout } from "@vicinity/features/session";
import { RealtimeContext, useRealtimeConnection } from "@vicinity/features/realtime";
import { MessengerProvider } from "@vicinity/features/messages";
import { AppHeader } from "./app-header";
import { AnonymousBanner } from "./anonymous-banner";
import { ConnectionBanner } from "./connection-banner";
import { IdleWarningDialog } from "./idle-warning-dialog";

/**
 * The signed-in shell around every page but the landing, auth and 404 pages: the header, the
 * session's life (heartbeat, idle logout) and the realtime connection.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const member = auth.status === "member" ? auth.user : null;

  // Spec section 4: automatic logout, then /login.
  const logout = useLogout(() => navigate("/login"));
  const onIdle = useCallback(() => logout.mutate(), [logout]);
  const idle = useIdleLogout(member !== null, onIdle);

  const onAuthLost = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  }, [queryClient]);
  useHeartbeat(auth.isAuthenticated, onAuthLost);

  const realtime = useRealtimeConnection(member);
  // Conversations fill the screen exactly: the thread scrolls inside it and the composer stays at
  // the bottom (a page that grew with the thread would open at its oldest message).
  const fillScreen = useMatch("/messages/*") !== null;

  return (
    <RealtimeContext.Provider value={realtime}>
      <MessengerProvider meId={member?.id ?? null}>
      <div className={`flex flex-col bg-background text-foreground ${fillScreen ? "h-dvh" : "min-h-dvh"}`}>
        <AppHeader />
        {auth.status === "anonymous" ? <AnonymousBanner /> : null}
        {realtime.state === "reconnecting" || (realtime.state === "disconnected" && member) ? (
          <ConnectionBanner state={realtime.state} />
        ) : null}
        <div className="flex min-h-0 flex-1 flex-col">{children ?? <Outlet />}</div>
        <IdleWarningDialog
          open={idle.state.phase === "warning"}
          secondsLeft={idle.state.phase === "warning" ? idle.state.secondsLeft : 60}
          onStay={idle.stay}
        />
      </div>
      </MessengerProvider>
    </RealtimeContext.Provider>
  );
}
