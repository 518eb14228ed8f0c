import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ACCOUNT_PATHS, deviceSessionsSchema } from "@vicinity/contract";
import { apiRequest } from "@vicinity/features/shared";
import { profileKeys } from "./keys";

const post = (url: string, body?: unknown) => apiRequest("POST", url, body);

export function useResendVerification() {
  return useMutation({ mutationFn: async () => post(ACCOUNT_PATHS.resendVerification) });
}

export function useChangeEmail() {
  return useMutation({
    mutationFn: async (input: { email: string; password: string }) =>
      (await (await post(ACCOUNT_PATHS.changeEmail, input)).json()) as { message: string },
  });
}

export function useDeviceSessions() {
  return useQuery({
    queryKey: profileKeys.devices(),
    queryFn: async () =>
      deviceSessionsSchema.parse(await (await apiRequest("GET", ACCOUNT_PATHS.sessions)).json()).sessions,
  });
}

/** Ends one device's session, or every other one (no id). */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id?: string) => apiRequest("DELETE", id ? ACCOUNT_PATHS.session(id) : ACCOUNT_PATHS.sessions),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: profileKeys.devices() }),
  });
}
