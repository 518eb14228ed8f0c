import { lazy, Suspense } from "react";
import type { AdSlotProps } from "./ad-slot";

const Slot = lazy(async () => ({ default: (await import("./ad-slot")).AdSlot }));

/** The ad slot, its code loaded when a slot first renders (it is below the fold: not on the home's first load). */
export function LazyAdSlot(props: AdSlotProps) {
  return (
    <Suspense fallback={null}>
      <Slot {...props} />
    </Suspense>
  );
}
