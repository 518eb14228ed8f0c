import { describe, expect, it } from "vitest";
import { getInitials } from "./avatar";

describe("getInitials", () => {
  it("takes the first letters of the first and last words", () => {
    expect(getInitials("Alex Rivera")).toBe("AR");
    expect(getInitials("Ana María López")).toBe("AL");
    expect(getInitials("  mia  ")).toBe("M");
    expect(getInitials("élodie durand")).toBe("ÉD");
  });

  it("falls back to '?' for an empty name", () => {
    expect(getInitials("")).toBe("?");
    expect(getInitials("   ")).toBe("?");
  });
});
