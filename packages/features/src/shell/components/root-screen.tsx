import { useAuth } from "@vicinity/features/session";
import { LandingPage } from "@vicinity/features/landing";
import { FullPageError, FullPageLoading } from "./full-page-status";
import { SignedInHome } from "./signed-in-home";
import { GuestHome } from "./guest-home";
import { AppLayout } from "./app-layout";

/** "/" (spec section 2): members see their home, guests theirs, everyone else the landing page. */
export function RootScreen() {
  const auth = useAuth();
  switch (auth.status) {
    case "loading":
      return <FullPageLoading label="Loading Vicinity..." />;
    case "error":
      return <FullPageError title="We couldn't reach Vicinity" detail={auth.error.message} onRetry={auth.retry} />;
    case "member":
      return (
        <AppLayout>
          <SignedInHome user={auth.user} />
        </AppLayout>
      );
    case "anonymous":
      return (
        <AppLayout>
          <GuestHome />
        </AppLayout>
      );
    default:
      return <LandingPage />;
  }
}
