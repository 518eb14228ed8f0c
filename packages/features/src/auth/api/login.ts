import { useMutation, type UseMutationOptions } from "@tanstack/react-query";
import {
  API_PATHS,
  loginChallengeErrorSchema,
  sessionUserSchema,
  type LoginRequest,
  type SessionUser,
} from "@vicinity/contract";
import { ApiError, apiRequest } from "@vicinity/features/shared";
import { solveLoginChallenge } from "./login-proof";

/** The challenge of a 429 that asks for a proof of work, or null for any other failure. */
function challengeOf(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  try {
    const parsed = loginChallengeErrorSchema.safeParse(JSON.parse(error.body));
    return parsed.success ? parsed.data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/auth/login: the signed-in user; a non-OK answer raises an ApiError. When strangers on
 * the member's network failed too often, the server asks a browser it does not know for a proof of
 * work instead of refusing it: it is found and the sign-in sent again, once, while the form says
 * "Signing in..." (docs/decisions/0020).
 */
export async function login(body: LoginRequest): Promise<SessionUser> {
  try {
    const response = await apiRequest("POST", API_PATHS.login, body);
    return sessionUserSchema.parse(await response.json());
  } catch (error) {
    const challenge = body.proof ? null : challengeOf(error);
    if (!challenge) throw error;
    const nonce = await solveLoginChallenge(challenge);
    return login({ ...body, proof: { token: challenge.token, nonce } });
  }
}

export type LoginOptions = Omit<UseMutationOptions<SessionUser, Error, LoginRequest>, "mutationFn">;

export function useLogin(options?: LoginOptions) {
  return useMutation({ ...options, mutationFn: login });
}
