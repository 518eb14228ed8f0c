import { describe, expect, it } from "vitest";
import { AD_VIEWABLE_MS } from "@vicinity/contract";
import { createViewableTracker } from "./viewable";

/** A hand-driven clock: timers run when the test moves time on. */
function clock() {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimer: (fn: () => void, ms: number) => {
      const id = next++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimer: (id: unknown) => void timers.delete(id as number),
    advance(ms: number) {
      now += ms;
      for (const [id, t] of [...timers]) {
        if (t.at <= now) {
          timers.delete(id);
          t.fn();
        }
      }
    },
    pending: () => timers.size,
  };
}

function setup() {
  const c = clock();
  let counted = 0;
  const tracker = createViewableTracker({
    onViewable: () => counted++,
    setTimer: c.setTimer,
    clearTimer: c.clearTimer,
  });
  return { c, tracker, counted: () => counted };
}

describe("viewable impressions", () => {
  it("counts once half the ad has been on screen for a second", () => {
    const { c, tracker, counted } = setup();
    tracker.update(0.5);
    c.advance(AD_VIEWABLE_MS - 1);
    expect(counted()).toBe(0);
    c.advance(1);
    expect(counted()).toBe(1);
  });

  it("does not count less than half on screen, however long", () => {
    const { c, tracker, counted } = setup();
    tracker.update(0.49);
    c.advance(10 * AD_VIEWABLE_MS);
    expect(counted()).toBe(0);
    expect(c.pending()).toBe(0);
  });

  it("restarts the second when the ad leaves the screen before it is up", () => {
    const { c, tracker, counted } = setup();
    tracker.update(1);
    c.advance(900);
    tracker.update(0.2);
    c.advance(900);
    tracker.update(0.8);
    c.advance(900);
    expect(counted()).toBe(0);
    c.advance(100);
    expect(counted()).toBe(1);
  });

  it("counts once per view, however often it scrolls back", () => {
    const { c, tracker, counted } = setup();
    for (let i = 0; i < 5; i++) {
      tracker.update(1);
      c.advance(AD_VIEWABLE_MS * 2);
      tracker.update(0);
    }
    expect(counted()).toBe(1);
  });

  it("does not count time while the page is in the background", () => {
    const { c, tracker, counted } = setup();
    tracker.update(1);
    c.advance(500);
    tracker.pageHidden(true);
    c.advance(5 * AD_VIEWABLE_MS);
    expect(counted()).toBe(0);
    tracker.pageHidden(false);
    c.advance(AD_VIEWABLE_MS);
    expect(counted()).toBe(1);
  });

  it("counts nothing after it is disposed (the ad left the page)", () => {
    const { c, tracker, counted } = setup();
    tracker.update(1);
    tracker.dispose();
    c.advance(AD_VIEWABLE_MS * 2);
    tracker.update(1);
    c.advance(AD_VIEWABLE_MS * 2);
    expect(counted()).toBe(0);
  });
});
