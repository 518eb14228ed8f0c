import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API_PATHS } from "@vicinity/contract";
import { apiRequest } from "../../http/api-request";
import { endAnonymousSession } from "../model/anonymous-session";
import { currentUserQueryKey } from "./get-current-user";

/**
 * POST /api/logout (spec section 7): whatever the outcome, the client clears its cache, ends an
 * anonymous session and goes to "/" (a failure is only logged).
 */
export function useLogout(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("POST", API_PATHS.logout),
    retry: false,
    onError: (error) => console.warn("Logout failed:", error.message),
    onSettled: () => {
      endAnonymousSession();
      // Clear every cached answer; the current user becomes "nobody" at once, so screens that
      // are still mounted (the home at "/") switch to their signed-out state.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== currentUserQueryKey[0] });
      queryClient.setQueryData(currentUserQueryKey, null);
      onDone();
    },
  });
}
