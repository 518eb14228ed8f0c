import { useQuery } from "@tanstack/react-query";
import type { AnonymousProfile, SessionUser } from "@vicinity/contract";
import { currentUserQueryOptions } from "../api/get-current-user";
import { useAnonymousProfile } from "./anonymous-session";

export type AuthState =
  | { status: "loading"; user: null; anonymous: null; isAuthenticated: false }
  | { status: "visitor"; user: null; anonymous: null; isAuthenticated: false }
  | { status: "anonymous"; user: null; anonymous: AnonymousProfile; isAuthenticated: true }
  | { status: "member"; user: SessionUser; anonymous: null; isAuthenticated: true }
  | { status: "error"; user: null; anonymous: null; isAuthenticated: false; error: Error; retry: () => void };

/**
 * Who is using the app (spec sections 4 and 6). While anonymous, the current-user call is
 * disabled and the guest counts as authenticated; otherwise the current-user call decides
 * (401 is a visitor).
 */
export function useAuth(): AuthState {
  const anonymous = useAnonymousProfile();
  const query = useQuery({ ...currentUserQueryOptions, enabled: anonymous === null });
  return authStateOf(anonymous, query);
}

/** The part of the current-user query that decides who is using the app. */
export interface CurrentUserResult {
  status: "pending" | "error" | "success";
  data: SessionUser | null | undefined;
  error: Error | null;
  refetch: () => unknown;
}

/** Pure, so every case is tested without a browser. */
export function authStateOf(anonymous: AnonymousProfile | null, query: CurrentUserResult): AuthState {
  if (anonymous) return { status: "anonymous", user: null, anonymous, isAuthenticated: true };
  if (query.status === "pending") return { status: "loading", user: null, anonymous: null, isAuthenticated: false };
  // A failed refetch keeps the member we already know (TanStack keeps the last data): a passing
  // network fault must not sign him out of the screen. Only a first load that fails is an error.
  if (query.status === "error" && query.data === undefined) {
    const error = query.error ?? new Error("HTTP error! status: 0");
    return {
      status: "error",
      user: null,
      anonymous: null,
      isAuthenticated: false,
      error,
      retry: () => void query.refetch(),
    };
  }
  return query.data
    ? { status: "member", user: query.data, anonymous: null, isAuthenticated: true }
    : { status: "visitor", user: null, anonymous: null, isAuthenticated: false };
}

/** The name a member is greeted by: first name, else display name, else username. */
export function greetingName(user: SessionUser): string {
  return user.firstName || user.displayName || user.username;
}
