import { describe, expect, it } from "vitest";
import { GROUP_MAX_INTERESTS } from "@vicinity/contract";
import { emptyGroupForm, groupFormOf, validateGroupForm } from "./form";

const here = { latitude: 30.33, longitude: -81.66 };

describe("the group form", () => {
  it("turns a filled form into the request, trimmed, with the home or none", () => {
    const values = {
      ...emptyGroupForm(here),
      name: "  Jax Runners ",
      description: " We run. ",
      rules: "Be kind",
      interests: ["running"],
    };
    const result = validateGroupForm(values);
    expect(result.errors).toBeNull();
    expect(result.input).toEqual({
      name: "Jax Runners",
      description: "We run.",
      rules: "Be kind",
      interests: ["running"],
      joinPolicy: "open",
      home: here,
      coverMediaId: null,
    });
    expect(validateGroupForm({ ...values, hasHome: false }).input?.home).toBeNull();
  });

  it("says what is wrong with each field, in the contract's words", () => {
    const result = validateGroupForm({
      ...emptyGroupForm(here),
      name: "ab",
      description: "x".repeat(2001),
      interests: Array.from({ length: GROUP_MAX_INTERESTS + 1 }, (_, i) => `i${i}`),
    });
    expect(result.input).toBeNull();
    expect(result.errors).toEqual({
      name: "Name must be at least 3 characters",
      description: "Description can be at most 2000 characters",
      interests: `At most ${GROUP_MAX_INTERESTS} interests`,
    });
  });

  it("edits a group as it is: its home, its cover's picture id", () => {
    const values = groupFormOf(
      {
        id: "g1",
        name: "Jax Runners",
        description: "d",
        rules: "r",
        interests: ["running"],
        joinPolicy: "request",
        coverUrl: "/media/0b7f1c2e-0000-4000-8000-000000000001",
        memberCount: 3,
        distance: null,
        myRole: "owner",
        pending: null,
        home: null,
        owner: { id: "u1", username: "marco", displayName: null },
        conversationId: "c1",
        listed: true,
        muted: false,
        pendingRequests: 0,
        createdAt: "2026-06-01T00:00:00Z",
      },
      here,
    );
    expect(values).toMatchObject({
      hasHome: false,
      latitude: here.latitude,
      joinPolicy: "request",
      coverMediaId: "0b7f1c2e-0000-4000-8000-000000000001",
    });
  });
});
