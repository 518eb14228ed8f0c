import { useMutation, type UseMutationOptions } from "@tanstack/react-query";
import { API_PATHS, sessionUserSchema, type RegisterRequest, type SessionUser } from "@vicinity/contract";
import { apiRequest } from "@vicinity/features/shared";

/** POST /api/register: {email, password} on /auth, plus username on /join; the new member (signed in). */
export async function register(body: RegisterRequest): Promise<SessionUser> {
  const response = await apiRequest("POST", API_PATHS.register, body);
  return sessionUserSchema.parse(await response.json());
}

export type RegisterOptions = Omit<UseMutationOptions<SessionUser, Error, RegisterRequest>, "mutationFn">;

export function useRegister(options?: RegisterOptions) {
  return useMutation({ ...options, mutationFn: register });
}
