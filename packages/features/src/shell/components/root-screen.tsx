import { Suspense } from "react";
import type { IndexRouteObject } from "react-router";
import { useAuth } from "@vicinity/features/shared";
import { loadGuestHome, loadLanding, loadSignedInHome } from "../model/load-on-demand";
import { onDemand } from "../model/on-demand";
import type { PageHandle } from "../model/page-handle";
import { FullPageError, FullPageLoading, PageLoading } from "./full-page-status";

// Each home arrives when it is needed. The landing page too: a visitor's first "/" is served its
// own page by the server (docs/decisions/0019); the app shows it after a move (logout, a link).
const SignedInHome = onDemand(loadSignedInHome, (m) => m.SignedInHome);
const GuestHome = onDemand(loadGuestHome, (m) => m.GuestHome);
const Landing = onDemand(loadLanding, (m) => m.LandingInApp);

/**
 * "/" (spec section 2), the index route of the app's layout (`rootRoute`): members see their
 * home, guests theirs, everyone else the landing page.
 */
export function RootScreen() {
  const auth = useAuth();
  switch (auth.status) {
    case "loading":
      return <FullPageLoading label="Loading Vicinity..." />;
    case "error":
      return <FullPageError title="We couldn't reach Vicinity" detail={auth.error.message} onRetry={auth.retry} />;
    case "member":
      return (
        <Suspense fallback={<PageLoading label="Loading your home..." />}>
          <SignedInHome user={auth.user} />
        </Suspense>
      );
    case "anonymous":
      return (
        <Suspense fallback={<PageLoading />}>
          <GuestHome />
        </Suspense>
      );
    default:
      return (
        <Suspense fallback={<FullPageLoading label="Loading Vicinity..." />}>
          <Landing />
        </Suspense>
      );
  }
}

/** "/" in the app's layout route: its handle says `landing`, so the layout shows the header only to members and guests. */
export const rootRoute = {
  index: true,
  Component: RootScreen,
  handle: { landing: true } satisfies PageHandle,
} satisfies IndexRouteObject;
