import { lazy, Suspense } from "react";
import { Skeleton } from "@vicinity/ui";

const NextEventsList = lazy(() => import("./next-events-list"));

/** The home's Events tab; its code arrives when the tab is opened (the home stays light). */
export function NextEvents({ timeZone }: { timeZone?: string }) {
  return (
    <Suspense fallback={<Skeleton className="h-40" />}>
      <NextEventsList timeZone={timeZone} />
    </Suspense>
  );
}
