import { describe, expect, it } from "vitest";
import { anonymousProfileSchema } from "@vicinity/contract";
import { asAnonymousProfile } from "./anonymous-session";

describe("the stored anonymous profile, checked without zod", () => {
  const samples: unknown[] = [
    { id: "anon_1", isAnonymous: true, displayName: "Anonymous User" },
    { id: "anon_1", isAnonymous: true, displayName: "Anonymous User", extra: "dropped" },
    { id: "anon_", isAnonymous: true, displayName: "Anonymous User" },
    { id: "user_1", isAnonymous: true, displayName: "Anonymous User" },
    { id: 1, isAnonymous: true, displayName: "Anonymous User" },
    { id: "anon_1", isAnonymous: "true", displayName: "Anonymous User" },
    { id: "anon_1", isAnonymous: true, displayName: "Marco" },
    { id: "anon_1", isAnonymous: true },
    null,
    "anon_1",
    [],
    42,
  ];

  it.each(samples.map((sample) => [JSON.stringify(sample), sample]))(
    "agrees with the contract's schema on %s",
    (_, sample) => {
      const parsed = anonymousProfileSchema.safeParse(sample);
      expect(asAnonymousProfile(sample)).toEqual(parsed.success ? parsed.data : null);
    },
  );
});
