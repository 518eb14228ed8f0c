import { describe, expect, it, vi } from "vitest";
import type { AnonymousProfile, SessionUser } from "@vicinity/contract";
import { CurrentUserError } from "../api/get-current-user";
import { authStateOf, type CurrentUserResult } from "./use-auth";

const marco: SessionUser = {
  id: "u_1",
  email: "marco@example.com",
  username: "marco",
  firstName: "Marco",
  displayName: "Marco",
  accountRole: "member",
};

const query = (over: Partial<CurrentUserResult>): CurrentUserResult => ({
  status: "success",
  data: undefined,
  error: null,
  refetch: vi.fn(),
  ...over,
});

describe("who is using the app (spec sections 4, 6, 7)", () => {
  it("is loading until the first answer", () => {
    expect(authStateOf(null, query({ status: "pending" })).status).toBe("loading");
  });

  it("is a member with a user, a visitor with none (401)", () => {
    expect(authStateOf(null, query({ data: marco }))).toMatchObject({
      status: "member",
      user: marco,
      isAuthenticated: true,
    });
    expect(authStateOf(null, query({ data: null }))).toMatchObject({
      status: "visitor",
      user: null,
      isAuthenticated: false,
    });
  });

  it("is a guest while the anonymous profile is stored, whatever the query says", () => {
    const anonymous: AnonymousProfile = { id: "anon_1", isAnonymous: true, displayName: "Anonymous User" };
    expect(authStateOf(anonymous, query({ data: marco }))).toMatchObject({ status: "anonymous", anonymous });
  });

  it("is an error with a retry when the first load fails", () => {
    const refetch = vi.fn();
    const state = authStateOf(null, query({ status: "error", error: new CurrentUserError(503), refetch }));
    expect(state.status).toBe("error");
    if (state.status !== "error") return;
    expect(state.error.message).toBe("HTTP error! status: 503");
    state.retry();
    expect(refetch).toHaveBeenCalledOnce();
  });

  it("keeps the known member when a refetch fails, so a passing fault does not sign him out of the screen", () => {
    const state = authStateOf(null, query({ status: "error", data: marco, error: new CurrentUserError(502) }));
    expect(state).toMatchObject({ status: "member", user: marco });
  });
});
