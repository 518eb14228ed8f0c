import { useMutation, type UseMutationOptions } from "@tanstack/react-query";
import { API_PATHS, sessionUserSchema, type RegisterRequest, type SessionUser } from "@vicinity/contract";
import { apiRequest, markJoinedThisVisit } from "@vicinity/features/shared";

/** POST /api/register: {email, password} on /auth, plus username on /join; the new member (signed in). */
export async function register(body: RegisterRequest): Promise<SessionUser> {
  const response = await apiRequest("POST", API_PATHS.register, body);
  const user = sessionUserSchema.parse(await response.json());
  // His first visit is this one: the dashboard welcomes him rather than welcoming him back.
  markJoinedThisVisit(user.id);
  return user;
}

export type RegisterOptions = Omit<UseMutationOptions<SessionUser, Error, RegisterRequest>, "mutationFn">;

export function useRegister(options?: RegisterOptions) {
  return useMutation({ ...options, mutationFn: register });
}
