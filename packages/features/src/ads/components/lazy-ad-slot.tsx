import { lazy, Suspense } from "react";
import { useIdle } from "@vicinity/ui";
import type { AdSlotProps } from "./ad-slot";

const Slot = lazy(async () => ({ default: (await import("./ad-slot")).AdSlot }));

/**
 * The ad slot, its code loaded when a slot first renders (it is below the fold: not on the home's
 * first load), and only at the page's first idle moment: an ad never shares a task with the
 * drawing of the page around it (docs/decisions/0029).
 */
export function LazyAdSlot(props: AdSlotProps) {
  const idle = useIdle();
  return idle ? (
    <Suspense fallback={null}>
      <Slot {...props} />
    </Suspense>
  ) : null;
}
