import { describe, expect, it } from "vitest";
import { notificationLink, notificationText } from "./notifications";
import { tapRequestSchema, viewTraceRequestSchema } from "./signals";
import { tapKindsText } from "./tap-kinds";

describe("signals' contract", () => {
  it("says a member's taps in words, in the kinds' order", () => {
    expect(tapKindsText([])).toBe("");
    expect(tapKindsText(["hot"])).toBe("Hot");
    expect(tapKindsText(["looking", "hi"])).toBe("Hi and Looking");
    expect(tapKindsText(["looking", "hot", "hi"])).toBe("Hi, Hot and Looking");
  });

  it("takes a tap of a known kind only, and nothing more", () => {
    expect(tapRequestSchema.parse({ kind: "hi" })).toEqual({ kind: "hi" });
    for (const bad of [{ kind: "wink" }, {}, { kind: "hi", extra: 1 }, null]) {
      const parsed = tapRequestSchema.safeParse(bad);
      expect(parsed.success, JSON.stringify(bad)).toBe(false);
    }
    expect(tapRequestSchema.safeParse({ kind: "wink" }).error?.issues[0]?.message).toBe(
      "kind must be one of hi, hot, looking",
    );
    expect(viewTraceRequestSchema.safeParse({ leavesTrace: "no" }).success).toBe(false);
  });

  it("words tap and match notifications and leads them to the member", () => {
    const tap = { kind: "tap" as const, data: { memberId: "u 1", name: "Jake", label: "Hot" } };
    expect(notificationText(tap)).toBe("Jake tapped you: Hot.");
    expect(notificationLink(tap)).toBe("/members/u%201");
    const match = { kind: "match" as const, data: { memberId: "u1", name: "Jake" } };
    expect(notificationText(match)).toBe("You and Jake tapped each other. Say hi!");
    expect(notificationLink({ kind: "event_changed", data: { eventId: "e1", title: "Run" } })).toBe("/events/e1");
    expect(notificationLink({ kind: "warning", data: {} })).toBe("/events");
  });
});
