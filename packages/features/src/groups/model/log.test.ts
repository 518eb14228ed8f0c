import { describe, expect, it } from "vitest";
import { GROUP_LOG_ACTIONS, type GroupLogEntry } from "@vicinity/contract";
import { GONE_MEMBER, logEntryText } from "./log";

const entry = (action: GroupLogEntry["action"], over: Partial<GroupLogEntry> = {}): GroupLogEntry => ({
  id: 1,
  action,
  actor: { id: "a", username: "marcus" },
  subject: { id: "s", username: "ben" },
  createdAt: "2026-06-13T20:00:00Z",
  ...over,
});

describe("logEntryText", () => {
  it("names the actor and, for actions on someone, the subject", () => {
    expect(logEntryText(entry("approved"))).toBe("marcus approved ben's request");
    expect(logEntryText(entry("promoted"))).toBe("marcus made ben a moderator");
    expect(logEntryText(entry("owner_changed"))).toBe("marcus handed the group over to ben");
    expect(logEntryText(entry("joined", { subject: null }))).toBe("marcus joined");
  });

  it("says 'a former member' for an account that is gone", () => {
    expect(logEntryText(entry("removed", { actor: null, subject: null }))).toBe(
      `${GONE_MEMBER} removed ${GONE_MEMBER}`,
    );
  });

  it("has a sentence for every action the contract lists", () => {
    for (const action of GROUP_LOG_ACTIONS) expect(logEntryText(entry(action))).toMatch(/^marcus /);
  });
});
