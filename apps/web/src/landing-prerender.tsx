// Rendered in Node at build time (scripts/prerender-landing.mjs): the landing page's HTML, which
// the server sends to visitors, so that the headline paints before any script runs. The client
// hydrates the same tree (src/landing-hydrate.tsx), asked for by src/landing-main.tsx once the page is painted.
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { LandingPage } from "@vicinity/features/landing";

export function renderLanding(): string {
  return renderToString(
    <StrictMode>
      <LandingPage />
    </StrictMode>,
  );
}
