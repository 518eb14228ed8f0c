import { useMutation, type UseMutationOptions } from "@tanstack/react-query";
import { API_PATHS, sessionUserSchema, type LoginRequest, type SessionUser } from "@vicinity/contract";
import { apiRequest } from "@vicinity/features/http";

/** POST /api/auth/login: the signed-in user; a non-OK answer raises an ApiError. */
export async function login(body: LoginRequest): Promise<SessionUser> {
  const response = await apiRequest("POST", API_PATHS.login, body);
  return sessionUserSchema.parse(await response.json());
}

export type LoginOptions = Omit<UseMutationOptions<SessionUser, Error, LoginRequest>, "mutationFn">;

export function useLogin(options?: LoginOptions) {
  return useMutation({ ...options, mutationFn: login });
}
