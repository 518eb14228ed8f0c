// The landing page's own script (docs/decisions/0019): the server sends landing.html, rendered at
// build time, at "/" to a visitor (no live session). This only brings it to life (the demo
// figures tick): React and the landing page, no router, no query client, no schemas. Its links
// are plain anchors, whose pages the app serves.
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { LandingPage } from "@vicinity/features/landing";
import { ANONYMOUS_FLAG_KEY, endAnonymousSession } from "@vicinity/features/session";
import "@vicinity/ui/styles.css";

// The server sent this page, so this browser has no live session: a guest flag still kept here
// belongs to a guest session that has ended (idle or expired).
try {
  if (window.localStorage.getItem(ANONYMOUS_FLAG_KEY) !== null) endAnonymousSession();
} catch {
  // Storage refused: nothing kept, nothing to clear.
}

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

hydrateRoot(
  root,
  <StrictMode>
    <LandingPage />
  </StrictMode>,
);
