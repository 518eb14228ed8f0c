import { Link, useNavigate } from "react-router";
import { LandingPage } from "@vicinity/features/landing";

/**
 * The landing page inside the app (after a move to "/"): its links are the router's, and BROWSE ANONYMOUSLY moves to
 * /browse within the app once the guest session has started (the app's state follows the session's stored items).
 */
export function LandingInApp() {
  const navigate = useNavigate();
  return <LandingPage link={Link} go={(path) => void navigate(path)} />;
}
