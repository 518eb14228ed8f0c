import { describe, expect, it } from "vitest";
import { idlePhaseAt, IDLE_LOGOUT_MS } from "./idle-timer";

const MIN = 60_000;

describe("idle phases (spec section 9)", () => {
  it("is active for 14 minutes", () => {
    expect(idlePhaseAt(0, 0)).toEqual({ phase: "active" });
    expect(idlePhaseAt(0, 14 * MIN - 1)).toEqual({ phase: "active" });
  });
  it("warns one minute before, counting down from 60 to 1", () => {
    expect(idlePhaseAt(0, 14 * MIN)).toEqual({ phase: "warning", secondsLeft: 60 });
    expect(idlePhaseAt(0, 14 * MIN + 57_000)).toEqual({ phase: "warning", secondsLeft: 3 });
    expect(idlePhaseAt(0, IDLE_LOGOUT_MS - 1)).toEqual({ phase: "warning", secondsLeft: 1 });
  });
  it("expires at 15 minutes and after", () => {
    expect(idlePhaseAt(0, 15 * MIN)).toEqual({ phase: "expired" });
    expect(idlePhaseAt(0, 60 * MIN)).toEqual({ phase: "expired" });
  });
});
