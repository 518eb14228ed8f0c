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

const router = createBrowserRouter(appRoutes);
const queryClient = createAppQueryClient();
// The current-user call, and at "/" a member's home, start now, before the first render. A
// member's page at "/" says so (and where he last was): his first render waits for his home's
// answers and chunks, and draws it whole (docs/decisions/0029).
const homeMeta = document.querySelector<HTMLMetaElement>(`meta[name="${MEMBER_HOME_META}"]`);
const firstLoad = startFirstLoad(queryClient, window.location.pathname, homeMeta ? memberHomePageOf(homeMeta.content) : null);

const Toaster = lazy(() => import("./toaster").then((m) => ({ default: m.Toaster })));

/** The toaster is not needed to show the first page: it arrives once the page is idle (issue 9, item 2). */
function ToasterWhenIdle() {
  return useIdle(5000) ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

// No TooltipProvider at the root: no page uses a tooltip, and Radix's tooltip module brings its
// positioning engine into the first script. A page that uses one wraps it in TooltipProvider.
// The first render is a transition: React renders it in slices of a few milliseconds, between which
// the page stays responsive, and commits it whole (docs/decisions/0030). Rendered in one go, it was
// the load's longest task on a phone (about 250 ms at 4x).
void firstLoad.then(() => {
  const app = createRoot(root);
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
});
