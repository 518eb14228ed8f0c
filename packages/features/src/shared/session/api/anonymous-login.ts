import { useMutation, type UseMutationOptions } from "@tanstack/react-query";
import { ANONYMOUS_AGE, API_PATHS, type AnonymousLoginRequest, type AnonymousProfile } from "@vicinity/contract";
import { apiRequest } from "../../http/api-request";
import { asAnonymousProfile } from "../model/anonymous-session";

/**
 * POST /api/anonymous-login: a guest session (cookie) and the profile the browser keeps. Its answer is checked by hand
 * (asAnonymousProfile, held to the contract's schema by a test): the landing page calls it, and zod is too heavy there.
 */
export async function anonymousLogin(body: AnonymousLoginRequest = { age: ANONYMOUS_AGE }): Promise<AnonymousProfile> {
  const response = await apiRequest("POST", API_PATHS.anonymousLogin, body);
  const profile = asAnonymousProfile(await response.json());
  if (!profile) throw new Error("The server's guest profile is not valid");
  return profile;
}

export type AnonymousLoginOptions = Omit<UseMutationOptions<AnonymousProfile, Error, void>, "mutationFn">;

/** Spec section 3: the anonymous visitor's age is fixed at 25. */
export function useAnonymousLogin(options?: AnonymousLoginOptions) {
  return useMutation({ ...options, mutationFn: () => anonymousLogin({ age: ANONYMOUS_AGE }) });
}
