import { lazy, Suspense } from "react";
import { Skeleton } from "@vicinity/ui";
import type { EventsMapProps } from "./events-map";

const EventsMap = lazy(() => import("./events-map"));

/** The events map, its code (Leaflet) fetched when first shown; a placeholder holds its place. */
export function LazyEventsMap(props: EventsMapProps) {
  return (
    <Suspense fallback={<Skeleton className={props.className ?? "size-full min-h-48"} aria-hidden />}>
      <EventsMap {...props} />
    </Suspense>
  );
}
