import { Suspense, useCallback, useDeferredValue, useEffect } from "react";
import { Outlet, useLocation, useMatch, useNavigation } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { currentUserQueryKey, useAuth, useHeartbeat } from "@vicinity/features/shared";
import { VerifyEmailBanner } from "@vicinity/features/profile";
import { whenIdle } from "@vicinity/ui";
import { usePageHandle } from "../model/page-handle";
import { loadAppHeader, loadMemberSession, loadSignedInHome } from "../model/load-on-demand";
import { onDemand } from "../model/on-demand";
import { AnonymousBanner } from "./anonymous-banner";
import { AppHeaderFrame } from "./app-header-frame";
import { MemberTabBar } from "./member-tab-bar";
import { PageLoading, PageLoadingBar } from "./full-page-status";

const MemberSession = onDemand(loadMemberSession, (m) => m.MemberSession);
// The header (menus and their positioning) is not needed by the landing page: it arrives with
// the first other page, or once the landing page is idle.
const AppHeader = onDemand(loadAppHeader, (m) => m.AppHeader);

/** Fetches the header once the landing page has nothing else to do, so a move shows it at once. */
function useHeaderWhenIdle(enabled: boolean) {
  useEffect(() => (enabled ? whenIdle(() => void loadAppHeader(), 10_000) : undefined), [enabled]);
}

/**
 * The layout route around "/" and every page of the app but the auth and 404 pages: the header,
 * the session's heartbeat and, for a member, his session (socket, messenger, idle logout). It
 * stays mounted for the whole visit, so moving between pages keeps one socket and one outbox.
 * What a page needs of it (full screen, its own frame) comes from its route's handle.
 */
export function AppLayout() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const member = auth.status === "member" ? auth.user : null;
  const page = usePageHandle();
  const navigating = useNavigation().state === "loading";
  // In a conversation the composer takes the bottom of a phone's screen, as in every peer's app.
  const thread = useMatch("/messages/:conversationId");
  // /messages?to=<member> opens (or starts) his conversation; a "to" elsewhere means nothing here.
  const { pathname, search } = useLocation();
  const inThread = thread !== null || (pathname === "/messages" && new URLSearchParams(search).has("to"));

  const onAuthLost = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
  }, [queryClient]);
  useHeartbeat(auth.isAuthenticated, onAuthLost);

  // A member at "/" needs his session and his home: fetch both at once, not one after the other.
  const isMember = member !== null;
  useEffect(() => {
    if (isMember && page.landing) void loadSignedInHome();
  }, [isMember, page.landing]);

  // The first answer mounts the header, the banners and the page (for a member his session and
  // his home) in a render React can interrupt, not in one long task (docs/decisions/0030); until then
  // the header's frame holds its place (no visitor's header flashes before a member's).
  const known = useDeferredValue(auth.status !== "loading");

  // The landing page draws its own frame for whoever is not signed in (and while that is checked).
  const ownFrame = page.landing === true && !auth.isAuthenticated;
  useHeaderWhenIdle(ownFrame);
  if (ownFrame) {
    return (
      <>
        {navigating ? <PageLoadingBar /> : null}
        <Outlet />
      </>
    );
  }

  // A page is mounted once its reader is known, inside his session if he is a member, and then
  // stays: it is not torn down when the answer comes.
  const content = (
    <div className="flex min-h-0 flex-1 flex-col">
      {known ? <Outlet /> : <PageLoading label="Loading Vicinity..." />}
    </div>
  );
  return (
    // A full-screen page (a conversation) fills the screen exactly: the thread scrolls inside it
    // and the composer stays at the bottom (a page that grew would open at its oldest message).
    <div className={`flex flex-col bg-background text-foreground ${page.fullScreen ? "h-dvh" : "min-h-dvh"}`}>
      {navigating ? <PageLoadingBar /> : null}
      {/* Until its code arrives, the header's frame holds its place: nothing below it moves. */}
      <Suspense fallback={<AppHeaderFrame />}>{known ? <AppHeader /> : <AppHeaderFrame />}</Suspense>
      {known && auth.status === "anonymous" ? <AnonymousBanner /> : null}
      {known && member && member.emailVerified === false ? <VerifyEmailBanner email={member.email} /> : null}
      {member && known ? (
        <Suspense fallback={<PageLoading />}>
          <MemberSession user={member}>{content}</MemberSession>
        </Suspense>
      ) : (
        content
      )}
      {member && known && !inThread ? <MemberTabBar /> : null}
    </div>
  );
}
