import { describe, expect, it } from "vitest";
import { fromLocalInput, toLocalInput } from "./local-time";

describe("local clock readings", () => {
  it("reads a datetime-local value in a zone, across daylight saving", () => {
    expect(fromLocalInput("2026-06-20T19:00", "America/New_York")).toBe("2026-06-20T23:00:00.000Z");
    expect(fromLocalInput("2026-12-20T19:00", "America/New_York")).toBe("2026-12-21T00:00:00.000Z");
    expect(toLocalInput("2026-06-20T23:00:00.000Z", "America/New_York")).toBe("2026-06-20T19:00");
    expect(fromLocalInput("", "UTC")).toBe("");
  });
});
