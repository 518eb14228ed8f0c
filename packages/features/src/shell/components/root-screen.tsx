import { lazy, Suspense } from "react";
import type { IndexRouteObject } from "react-router";
import { useAuth } from "@vicinity/features/session";
import { LandingPage } from "@vicinity/features/landing";
import { loadGuestHome, loadSignedInHome } from "../model/load-on-demand";
import type { PageHandle } from "../model/page-handle";
import { FullPageError, FullPageLoading, PageLoading } from "./full-page-status";

// Only the landing page comes with the app's first script; each home arrives when it is needed.
const SignedInHome = lazy(() => loadSignedInHome().then((m) => ({ default: m.SignedInHome })));
const GuestHome = lazy(() => loadGuestHome().then((m) => ({ default: m.GuestHome })));

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
      return <LandingPage />;
  }
}

/** "/" in the app's layout route: its handle says `landing`, so the layout shows the header only to members and guests. */
export const rootRoute = { index: true, Component: RootScreen, handle: { landing: true } satisfies PageHandle } satisfies IndexRouteObject;
