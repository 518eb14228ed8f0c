import { describe, expect, it } from "vitest";
import { pageHandleOf } from "./page-handle";

describe("route handles (docs/decisions/0017)", () => {
  it("is empty when no route says anything", () => {
    expect(pageHandleOf([{ handle: undefined }, { handle: null }, {}])).toEqual({});
  });

  it("merges the matched routes' handles, the innermost last", () => {
    const admin = { handle: { page: "The admin panel" } };
    const ads = { handle: { page: "Ads" } };
    expect(pageHandleOf([{ handle: undefined }, admin, ads])).toEqual({ page: "Ads" });
    expect(pageHandleOf([{ handle: { fullScreen: true } }, { handle: { page: "your messages" } }])).toEqual({
      fullScreen: true,
      page: "your messages",
    });
  });

  it("ignores handles that are not objects", () => {
    expect(pageHandleOf([{ handle: "messages" }, { handle: 3 }, { handle: { landing: true } }])).toEqual({
      landing: true,
    });
  });
});
