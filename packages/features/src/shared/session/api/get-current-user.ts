import { queryOptions, useQuery } from "@tanstack/react-query";
import { API_PATHS, sessionUserSchema, type SessionUser } from "@vicinity/contract";

/** Spec section 7 and 9: the user is fresh for 5 minutes; other failures are retried twice, 1 s apart. */
export const CURRENT_USER_STALE_MS = 5 * 60 * 1000;
export const CURRENT_USER_RETRIES = 2;
export const CURRENT_USER_RETRY_DELAY_MS = 1000;

export class CurrentUserError extends Error {
  constructor(readonly status: number) {
    super(`HTTP error! status: ${status}`);
    this.name = "CurrentUserError";
  }
}

/** 401 means "no user" (null), never an error. */
export async function getCurrentUser(): Promise<SessionUser | null> {
  const response = await fetch(API_PATHS.currentUser, { credentials: "include" });
  if (response.status === 401) return null;
  if (!response.ok) throw new CurrentUserError(response.status);
  return sessionUserSchema.parse(await response.json());
}

export const currentUserQueryKey = ["auth", "user"] as const;

export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: getCurrentUser,
  staleTime: CURRENT_USER_STALE_MS,
  retry: (failureCount) => failureCount < CURRENT_USER_RETRIES,
  retryDelay: CURRENT_USER_RETRY_DELAY_MS,
  refetchOnWindowFocus: true,
  refetchOnMount: true,
  refetchOnReconnect: true,
});

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions);
}
