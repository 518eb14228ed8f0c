// Rendered in Node at build time (scripts/prerender-landing.mjs): the landing page's HTML, which
// the server sends to visitors, so that the headline paints before any script runs. The client
// hydrates the same tree (src/landing-main.tsx).
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
