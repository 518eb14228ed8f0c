import { describe, expect, it } from "vitest";
import {
  addInterest,
  canSaveProfile,
  onboardingProgress,
  parseAge,
  removeInterest,
  shouldOpenOnboarding,
} from "./onboarding";

describe("onboarding rules (spec sections 2, 4, 5)", () => {
  it("shows (step+1)/4 progress", () => {
    expect([0, 1, 2, 3].map((s) => onboardingProgress(s as 0 | 1 | 2 | 3))).toEqual([25, 50, 75, 100]);
  });
  it("opens only without first name and bio, until completed here", () => {
    expect(shouldOpenOnboarding({ firstName: null, bio: null }, null)).toBe(true);
    expect(shouldOpenOnboarding({ firstName: "Sam", bio: null }, null)).toBe(false);
    expect(shouldOpenOnboarding({ firstName: null, bio: "Hi" }, null)).toBe(false);
    expect(shouldOpenOnboarding({ firstName: null, bio: null }, "true")).toBe(false);
  });
  it("parses age as an integer, or empty", () => {
    expect(parseAge("29")).toBe(29);
    expect(parseAge(" 31 years")).toBe(31);
    expect(parseAge("abc")).toBe("");
    expect(parseAge("")).toBe("");
  });
  it("adds interests trimmed, ignores empty ones and duplicates, removes on click", () => {
    let list = addInterest([], "  hiking ");
    list = addInterest(list, "");
    list = addInterest(list, "   ");
    list = addInterest(list, "Hiking");
    list = addInterest(list, "music");
    expect(list).toEqual(["hiking", "music"]);
    expect(removeInterest(list, "hiking")).toEqual(["music"]);
  });
  it("enables Save & Continue only with a first name and an age", () => {
    expect(canSaveProfile("", 30)).toBe(false);
    expect(canSaveProfile("Sam", "")).toBe(false);
    expect(canSaveProfile("Sam", 30)).toBe(true);
  });
});
