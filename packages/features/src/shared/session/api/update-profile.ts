import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API_PATHS, sessionUserSchema, type ProfileUpdate, type SessionUser } from "@vicinity/contract";
import { apiRequest } from "../../http/api-request";
import { currentUserQueryKey } from "./get-current-user";

/** PUT /api/users/profile: the answer is the updated member, written straight into the current user. */
export async function updateProfile(update: ProfileUpdate): Promise<SessionUser> {
  const response = await apiRequest("PUT", API_PATHS.profile, update);
  return sessionUserSchema.parse(await response.json());
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    retry: false,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
