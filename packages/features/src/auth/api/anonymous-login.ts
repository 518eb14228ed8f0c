import { useMutation, type UseMutationOptions } from "@tanstack/react-query";
import {
  ANONYMOUS_AGE,
  anonymousProfileSchema,
  API_PATHS,
  type AnonymousLoginRequest,
  type AnonymousProfile,
} from "@vicinity/contract";
import { apiRequest } from "@vicinity/features/shared";

/** POST /api/anonymous-login: a guest session (cookie) and the profile the browser keeps. */
export async function anonymousLogin(body: AnonymousLoginRequest = { age: ANONYMOUS_AGE }): Promise<AnonymousProfile> {
  const response = await apiRequest("POST", API_PATHS.anonymousLogin, body);
  return anonymousProfileSchema.parse(await response.json());
}

export type AnonymousLoginOptions = Omit<UseMutationOptions<AnonymousProfile, Error, void>, "mutationFn">;

/** Spec section 3: the anonymous visitor's age is fixed at 25. */
export function useAnonymousLogin(options?: AnonymousLoginOptions) {
  return useMutation({ ...options, mutationFn: () => anonymousLogin({ age: ANONYMOUS_AGE }) });
}
