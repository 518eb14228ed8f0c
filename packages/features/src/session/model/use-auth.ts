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
  if (anonymous) return { status: "anonymous", user: null, anonymous, isAuthenticated: true };
  if (query.status === "pending") return { status: "loading", user: null, anonymous: null, isAuthenticated: false };
  if (query.status === "error") {
    return { status: "error", user: null, anonymous: null, isAuthenticated: false, error: query.error, retry: () => void query.refetch() };
  }
  return query.data
    ? { status: "member", user: query.data, anonymous: null, isAuthenticated: true }
    : { status: "visitor", user: null, anonymous: null, isAuthenticated: false };
}

/** The name a member is greeted by: first name, else display name, else username. */
export function greetingName(user: SessionUser): string {
  return user.firstName || user.displayName || user.username;
}
