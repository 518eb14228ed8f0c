// The landing page brought to life (docs/decisions/0019, 0031): React hydrates the HTML the build
// rendered (src/landing-prerender.tsx) once landing-main.tsx has seen the page painted.
import { startTransition, StrictMode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { LandingPage } from "@vicinity/features/landing";

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("The page has no #root element");
const root: HTMLElement = rootElement;

/**
 * The landing page, which says once it is live (`data-hydrated` on #root): its effects, the demo
 * figures' ticking among them, have started. The end-to-end tests wait for it before they move
 * the clock. It draws nothing of its own, so the tree is the one the build rendered.
 */
function LiveLandingPage() {
  useEffect(() => {
    root.dataset.hydrated = "";
  }, []);
  return <LandingPage />;
}

// In a transition, React hydrates the page in slices of a few milliseconds, between which the
// page stays responsive, as the app's first render (docs/decisions/0030); at once, it was one
// task (about 150 ms on a mid-range phone).
startTransition(() => {
  hydrateRoot(
    root,
    <StrictMode>
      <LiveLandingPage />
    </StrictMode>,
  );
});
