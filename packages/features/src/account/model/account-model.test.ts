import { describe, expect, it } from "vitest";
import { lastActiveText } from "../components/devices-section";
import { tokenFromHash } from "./link-token";

describe("the account pages' model (issue 16)", () => {
  it("reads a link's token from the fragment only", () => {
    expect(tokenFromHash("#token=abc_DEF-123")).toBe("abc_DEF-123");
    expect(tokenFromHash("")).toBe("");
    expect(tokenFromHash("#other=1")).toBe("");
  });

  it("says when a device was last active", () => {
    const now = Date.parse("2026-06-13T21:30:00Z");
    expect(lastActiveText("2026-06-13T21:29:00Z", now)).toBe("Active now");
    expect(lastActiveText("2026-06-13T21:05:00Z", now)).toBe("Active 25 minutes ago");
    expect(lastActiveText("2026-06-02T14:05:00Z", now)).toMatch(/^Active 2 Jun, \d\d:05$/);
  });
});
