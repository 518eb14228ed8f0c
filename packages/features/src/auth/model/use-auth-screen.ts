import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { currentUserQueryKey, currentUserQueryOptions, endAnonymousSession } from "@vicinity/features/shared";
import { useLogin } from "../api/login";
import { useRegister } from "../api/register";
import { formErrorText } from "./error-text";
import { AUTH_ERRORS } from "./messages";
import type { SignInValues, SignUpValues } from "./validation";

/**
 * /auth (spec section 4): a successful sign-in or sign-up refreshes the current user, then goes
 * to "/" (so "/" shows the member's home at once); a failure is shown on the form.
 */
export function useAuthScreen() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const signedIn = async () => {
    // A guest who signs in is a member now: his anonymous items would hide the member.
    endAnonymousSession();
    // Stale everywhere (screens showing the user refetch now), then fetched before we leave,
    // so that "/" shows the member at once rather than the landing page for a moment.
    await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    await queryClient.prefetchQuery(currentUserQueryOptions);
    await navigate("/");
  };

  const login = useLogin({ onSuccess: signedIn });
  const register = useRegister({ onSuccess: signedIn });

  return {
    signIn: ({ email, password }: SignInValues) => login.mutate({ email: email.trim(), password }),
    signInBusy: login.isPending,
    signInError: login.error
      ? formErrorText(login.error, { fallback: AUTH_ERRORS.loginFailed, network: AUTH_ERRORS.loginNetwork })
      : undefined,
    signUp: ({ email, password }: SignUpValues) => register.mutate({ email: email.trim(), password }),
    signUpBusy: register.isPending,
    signUpError: register.error
      ? formErrorText(register.error, {
          fallback: AUTH_ERRORS.registrationFailed,
          network: AUTH_ERRORS.registrationNetwork,
        })
      : undefined,
  };
}
