import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dashboardGreeting, joinedThisVisit, markJoinedThisVisit } from "./first-visit";

// The unit tests run in Node: a tab's sessionStorage, as the browser's.
beforeEach(() => {
  const stored = new Map<string, string>();
  vi.stubGlobal("window", {
    sessionStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("the first visit", () => {
  it("is the visit his account was made in, for him only", () => {
    expect(joinedThisVisit("u1")).toBe(false);
    markJoinedThisVisit("u1");
    expect(joinedThisVisit("u1")).toBe(true);
    // Another member signing in on this tab has been here before.
    expect(joinedThisVisit("u2")).toBe(false);
  });
  it("is not known where storage is refused: welcomed back, as before", () => {
    vi.stubGlobal("window", {
      sessionStorage: {
        getItem: () => {
          throw new Error("SecurityError");
        },
        setItem: () => {
          throw new Error("QuotaExceededError");
        },
      },
    });
    expect(() => markJoinedThisVisit("u1")).not.toThrow();
    expect(joinedThisVisit("u1")).toBe(false);
  });
  it("welcomes a new member, and welcomes back the others (the spec's title)", () => {
    expect(dashboardGreeting("Sam", true)).toBe("Welcome, Sam!");
    expect(dashboardGreeting("Sam", false)).toBe("Welcome back, Sam!");
  });
});
