import { describe, expect, it } from "vitest";
import {
  advanceDemoActivity,
  demoActivityAfter,
  DEMO_COUNTDOWN_START_S,
  INITIAL_DEMO_ACTIVITY,
  seededRandom,
} from "./demo-activity";

describe("demo activity", () => {
  it("starts at the spec's figures: 247 online, 18 nearby, 2h48m15s", () => {
    expect(INITIAL_DEMO_ACTIVITY).toEqual({ online: 247, nearby: 18, countdownSeconds: 10095 });
  });

  it("moves online by -1, 0 or +1 and nearby by 0 or 1, across the whole random range", () => {
    const seen = { online: new Set<number>(), nearby: new Set<number>() };
    for (const r of [0, 0.2, 0.34, 0.5, 0.66, 0.67, 0.9, 0.999999]) {
      const next = advanceDemoActivity(INITIAL_DEMO_ACTIVITY, () => r);
      seen.online.add(next.online - INITIAL_DEMO_ACTIVITY.online);
      seen.nearby.add(next.nearby - INITIAL_DEMO_ACTIVITY.nearby);
    }
    expect([...seen.online].sort()).toEqual([-1, 0, 1]);
    expect([...seen.nearby].sort()).toEqual([0, 1]);
  });

  it("never lets nearby shrink over many ticks and counts down one second per tick", () => {
    const random = seededRandom(7);
    let state = INITIAL_DEMO_ACTIVITY;
    for (let i = 0; i < 500; i += 1) {
      const next = advanceDemoActivity(state, random);
      expect(next.nearby - state.nearby).toBeGreaterThanOrEqual(0);
      expect(Math.abs(next.online - state.online)).toBeLessThanOrEqual(1);
      expect(next.countdownSeconds).toBe(state.countdownSeconds - 1);
      state = next;
    }
  });

  it("starts the countdown over after it reaches zero", () => {
    const atZero = { ...INITIAL_DEMO_ACTIVITY, countdownSeconds: 0 };
    expect(advanceDemoActivity(atZero, () => 0.5).countdownSeconds).toBe(DEMO_COUNTDOWN_START_S);
  });

  it("replays deterministically from a seed", () => {
    expect(demoActivityAfter(30, seededRandom(42))).toEqual(demoActivityAfter(30, seededRandom(42)));
    expect(demoActivityAfter(30, seededRandom(42)).countdownSeconds).toBe(DEMO_COUNTDOWN_START_S - 30);
  });
});
