import { Link } from "react-router";
import { LandingPage } from "@vicinity/features/landing";

/** The landing page inside the app (after a move to "/"): its links are the router's. */
export function LandingInApp() {
  return <LandingPage link={Link} />;
}
