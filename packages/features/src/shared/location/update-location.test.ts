import { describe, expect, it } from "vitest";
import { LOCATION_SHARE_MIN_GAP_MS, shouldShareLocation } from "./update-location";

const here = { latitude: 30.3322, longitude: -81.6557 };

describe("telling the server where the member is", () => {
  it("tells the first position", () => {
    expect(shouldShareLocation(null, here, 0)).toBe(true);
  });

  it("does not tell the same place again within the gap, and does after it", () => {
    const last = { key: "30.3322,-81.6557", at: 1_000 };
    expect(
      shouldShareLocation(last, { latitude: 30.33221, longitude: -81.65569 }, 1_000 + LOCATION_SHARE_MIN_GAP_MS - 1),
    ).toBe(false);
    expect(shouldShareLocation(last, here, 1_000 + LOCATION_SHARE_MIN_GAP_MS)).toBe(true);
  });

  it("tells a new place at once", () => {
    const last = { key: "30.3322,-81.6557", at: 1_000 };
    expect(shouldShareLocation(last, { latitude: 30.3345, longitude: -81.6557 }, 1_001)).toBe(true);
  });
});
