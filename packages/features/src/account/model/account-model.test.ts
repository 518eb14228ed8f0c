import { describe, expect, it } from "vitest";
import { tokenFromHash } from "./link-token";

describe("the account pages' model", () => {
  it("reads a link's token from the fragment only", () => {
    expect(tokenFromHash("#token=abc_DEF-123")).toBe("abc_DEF-123");
    expect(tokenFromHash("")).toBe("");
    expect(tokenFromHash("#other=1")).toBe("");
  });
});
