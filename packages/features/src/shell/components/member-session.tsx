import { lazy, Suspense, useCallback, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import type { SessionUser } from "@vicinity/contract";
import { useQueryClient } from "@tanstack/react-query";
import {
  currentUserQueryKey,
  useIdleLogout,
  useLogout,
  AdSlotsContext,
  AlbumSlotsContext,
  RealtimeContext,
  useRealtimeConnection,
} from "@vicinity/features/shared";
import { MessengerProvider } from "@vicinity/features/messages";
import { NotificationsLive } from "@vicinity/features/notifications";
import { MemberAdSlots } from "./ad-slots";
import { LazyAlbumsLive, MemberAlbumSlots } from "./album-slots";
import { ConnectionBanner } from "./connection-banner";

// The warning comes 14 minutes in: its dialog's code arrives then, not with the first page.
const IdleWarningDialog = lazy(() => import("./home-on-demand").then((m) => ({ default: m.IdleWarningDialog })));
const ModeratorWarningDialog = lazy(() =>
  import("./home-on-demand").then((m) => ({ default: m.ModeratorWarningDialog })),
);

/**
 * What a member's visit holds from his first page to his last, under the header: the socket, the
 * messenger with its outbox, the idle logout, the ads and private albums his pages show. The layout mounts it once (it arrives with his first
 * page: visitors never load it) and keeps it while he moves between pages.
 */
export function MemberSession({ user, children }: { user: SessionUser; children: ReactNode }) {
  const navigate = useNavigate();
  // Spec section 4: automatic logout, then /login.
  const logout = useLogout(() => navigate("/login"));
  const onIdle = useCallback(() => logout.mutate(), [logout]);
  const idle = useIdleLogout(true, onIdle);
  // Once shown, the dialog stays mounted, so that it closes as it did.
  const [warned, setWarned] = useState(false);
  if (idle.state.phase === "warning" && !warned) setWarned(true);
  const queryClient = useQueryClient();
  // A session that ended elsewhere (logout in another tab, a password change, expiry) closes the
  // socket; its refusal to reconnect makes the app ask who is signed in, and the guards follow.
  const onSignedOut = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
    [queryClient],
  );
  const realtime = useRealtimeConnection(user, { onSignedOut });

  return (
    <RealtimeContext.Provider value={realtime}>
      <MessengerProvider meId={user.id}>
        {realtime.state === "reconnecting" || realtime.state === "disconnected" ? (
          <ConnectionBanner state={realtime.state} />
        ) : null}
        <AdSlotsContext.Provider value={MemberAdSlots}>
          <AlbumSlotsContext.Provider value={MemberAlbumSlots}>{children}</AlbumSlotsContext.Provider>
        </AdSlotsContext.Provider>
        <NotificationsLive />
        {/* Once his socket is made (after the first page's paint): what others share with him, kept current. */}
        {realtime.socket ? (
          <Suspense fallback={null}>
            <LazyAlbumsLive />
          </Suspense>
        ) : null}
        {user.warning ? (
          <Suspense fallback={null}>
            <ModeratorWarningDialog warning={user.warning} />
          </Suspense>
        ) : null}
        {warned ? (
          <Suspense fallback={null}>
            <IdleWarningDialog
              open={idle.state.phase === "warning"}
              secondsLeft={idle.state.phase === "warning" ? idle.state.secondsLeft : 60}
              onStay={idle.stay}
            />
          </Suspense>
        ) : null}
      </MessengerProvider>
    </RealtimeContext.Provider>
  );
}
