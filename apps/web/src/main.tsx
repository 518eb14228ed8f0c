import { lazy, startTransition, StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { createBrowserRouter, RouterProvider } from "react-router";
import { MEMBER_HOME_META } from "@vicinity/contract";
import { memberHomePageOf, startFirstLoad } from "@vicinity/features/shell";
import { FirstPaintGate, useIdle } from "@vicinity/ui";
import "@vicinity/ui/styles.css";
import { appRoutes } from "./routes";
import { createAppQueryClient } from "./query-client";

const queryClient = createAppQueryClient();

const Toaster = lazy(() => import("./toaster").then((m) => ({ default: m.Toaster })));

/** The toaster is not needed to show the first page: it arrives once the page is idle, not with the first load. */
function ToasterWhenIdle() {
  return useIdle(5000) ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("The page has no #root element");
const root: HTMLElement = rootElement;

/** A promise that settles in a task of its own, after the work of this one. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The app's start, in three tasks rather than in the one that evaluates the scripts (which the
 * browser cannot cut: on a phone it was the home's longest task after its first paint, about
 * 170 ms at 4x; docs/decisions/0034):
 * 1. the scripts' evaluation (this module's top level);
 * 2. the first load: the current-user call, and at "/" a member's home. A member's page at "/"
 *    says so (and where he last was): his first render waits for his home's answers and chunks,
 *    and draws it whole (docs/decisions/0029). The page's `preload` links have asked for the
 *    answers and chunks already, so a task later loses nothing;
 * 3. the router (it reads the address, matches the routes, restores its saved state).
 * Then the first render, once the first load has come.
 */
async function start(): Promise<void> {
  await nextTask();
  const homeMeta = document.querySelector<HTMLMetaElement>(`meta[name="${MEMBER_HOME_META}"]`);
  const firstLoad = startFirstLoad(
    queryClient,
    window.location.pathname,
    homeMeta ? memberHomePageOf(homeMeta.content) : null,
  );
  await nextTask();
  const router = createBrowserRouter(appRoutes);
  await firstLoad;
  const app = createRoot(root);
  // No TooltipProvider at the root: no page uses a tooltip, and Radix's tooltip module brings its
  // positioning engine into the first script. A page that uses one wraps it in TooltipProvider.
  // The first render is a transition: React renders it in slices of a few milliseconds, between
  // which the page stays responsive, and commits it whole (docs/decisions/0030). Rendered in one
  // go, it was the load's longest task on a phone (about 250 ms at 4x).
  startTransition(() =>
    app.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <FirstPaintGate>
            <RouterProvider router={router} />
          </FirstPaintGate>
          <ToasterWhenIdle />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}
void start();
