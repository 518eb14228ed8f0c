import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API_PATHS, sessionUserSchema, type SessionUser } from "@vicinity/contract";
import { apiRequest, currentUserQueryKey, nearbyKeys } from "@vicinity/features/shared";

/** PUT /api/users/right-now {note}: available for the next RIGHT_NOW_MINUTES; answers the member. */
export async function startRightNow(note: string): Promise<SessionUser> {
  const response = await apiRequest("PUT", API_PATHS.rightNow, { note });
  return sessionUserSchema.parse(await response.json());
}

/** DELETE /api/users/right-now: no longer available; answers the member. */
export async function endRightNow(): Promise<SessionUser> {
  const response = await apiRequest("DELETE", API_PATHS.rightNow);
  return sessionUserSchema.parse(await response.json());
}

function useRightNowMutation<V>(mutationFn: (variables: V) => Promise<SessionUser>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    retry: false,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      // The grid's Right Now filter and badges change with it.
      void queryClient.invalidateQueries({ queryKey: nearbyKeys.all() });
    },
  });
}

export const useStartRightNow = () => useRightNowMutation(startRightNow);
export const useEndRightNow = () => useRightNowMutation((_: void) => endRightNow());
