import { createContext, useContext, useEffect, useMemo, useState } from "react";
import {
  advanceDemoActivity,
  demoActivityAfter,
  DEMO_TICK_MS,
  INITIAL_DEMO_ACTIVITY,
  seededRandom,
  type DemoActivity,
} from "./demo-activity";

/**
 * Where the demo figures get their time from. `live` ticks every second with Math.random;
 * `frozen` shows the state after a given number of ticks from a seed and never changes
 * (stories and visual baselines).
 */
export type DemoClock = { mode: "live" } | { mode: "frozen"; ticks: number; seed?: number };

export const DemoClockContext = createContext<DemoClock>({ mode: "live" });

export function useDemoActivity(): DemoActivity {
  const clock = useContext(DemoClockContext);
  const frozenTicks = clock.mode === "frozen" ? clock.ticks : null;
  const frozenSeed = clock.mode === "frozen" ? (clock.seed ?? 1) : 1;
  const [live, setLive] = useState<DemoActivity>(INITIAL_DEMO_ACTIVITY);

  const frozen = useMemo(
    () => (frozenTicks === null ? null : demoActivityAfter(frozenTicks, seededRandom(frozenSeed))),
    [frozenTicks, frozenSeed],
  );

  useEffect(() => {
    if (frozenTicks !== null) return;
    const id = setInterval(() => setLive((s) => advanceDemoActivity(s, Math.random)), DEMO_TICK_MS);
    return () => clearInterval(id);
  }, [frozenTicks]);

  return frozen ?? live;
}
