import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ACCOUNT_PATHS, emailChangedSchema, linkProblemSchema, type LinkProblem } from "@vicinity/contract";
import { apiRequest, ApiError, currentUserQueryKey } from "@vicinity/features/shared";

const post = (url: string, body?: unknown) => apiRequest("POST", url, body);

/** The account pages' query keys. */
export const accountKeys = {
  resetLink: (token: string) => ["account", "reset-link", token] as const,
};

/** Why a link's call failed: its reason when the server gave one (invalid, expired, used). */
export function linkProblemOf(error: unknown): LinkProblem | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  try {
    const parsed = linkProblemSchema.safeParse(JSON.parse(error.body));
    return parsed.success ? parsed.data.reason : null;
  } catch {
    return null;
  }
}

/** POST /api/auth/password/forgot: the same answer for any address. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: async (email: string) =>
      (await (await post(ACCOUNT_PATHS.forgotPassword, { email })).json()) as { message: string },
  });
}

/** Whether a reset link still works, asked once when its page opens. */
export function useResetLinkCheck(token: string) {
  return useQuery({
    queryKey: accountKeys.resetLink(token),
    queryFn: async () => (await post(ACCOUNT_PATHS.checkReset, { token })).json(),
    enabled: token !== "",
    retry: false,
    staleTime: Infinity,
  });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { token: string; password: string }) => post(ACCOUNT_PATHS.resetPassword, input),
    // Every session ended, this one's too.
    onSuccess: () => queryClient.setQueryData(currentUserQueryKey, null),
  });
}

export type LinkKind = "verify" | "confirm" | "undo";
const LINK_PATHS: Record<LinkKind, string> = {
  verify: ACCOUNT_PATHS.verifyEmail,
  confirm: ACCOUNT_PATHS.confirmEmailChange,
  undo: ACCOUNT_PATHS.undoEmailChange,
};

/** Opens a mail's link (confirm the address, confirm a new one, undo a change): the address it leaves, if any. */
export function useEmailLink(kind: LinkKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => {
      const body: unknown = await (await post(LINK_PATHS[kind], { token })).json();
      const changed = emailChangedSchema.safeParse(body);
      return { email: changed.success ? changed.data.email : null };
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
