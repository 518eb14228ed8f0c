import { useState } from "react";
import { PRODUCT_NAME } from "@vicinity/contract";
import { endAnonymousSession, startAnonymousSession, useAnonymousLogin } from "@vicinity/features/shared";
import { toast } from "@vicinity/ui";
import { useLogin } from "../api/login";
import { useRegister } from "../api/register";
import { serverTextOr } from "./error-text";
import { RELOAD_AFTER_TOAST_MS, useFullReload, wait } from "./full-reload";
import { JOIN_MESSAGES } from "./messages";
import type { SignInValues, SignUpValues } from "./validation";

/**
 * What is under way on /join. It stays set after a success, until the page reloads, so nothing
 * can be pressed twice meanwhile.
 */
export type JoinActivity = "signingIn" | "creatingAccount" | "signingInNewAccount" | "browsingAnonymously";

function failed(title: string, error: unknown, fallback: string) {
  toast({ variant: "destructive", title, description: serverTextOr(error, fallback) });
}

/**
 * /join (spec sections 4 and 8): sign-in reloads at "/"; sign-up says 'Account Created!', signs
 * in with the same credentials, then reloads; anonymous browsing starts the guest session, says
 * so, then reloads. Failures are toasts.
 */
export function useJoinScreen() {
  const reload = useFullReload();
  const [activity, setActivity] = useState<JoinActivity | null>(null);
  const login = useLogin();
  const register = useRegister();
  const anonymousLogin = useAnonymousLogin();

  async function signIn({ email, password }: SignInValues) {
    if (activity) return;
    setActivity("signingIn");
    try {
      await login.mutateAsync({ email: email.trim(), password });
    } catch (error) {
      setActivity(null);
      failed(JOIN_MESSAGES.loginFailed, error, JOIN_MESSAGES.loginFallback);
      return;
    }
    endAnonymousSession();
    reload("/");
  }

  async function signUp({ username, email, password }: SignUpValues) {
    if (activity) return;
    const credentials = { email: email.trim(), password };
    setActivity("creatingAccount");
    try {
      await register.mutateAsync({ ...credentials, username: username?.trim() });
    } catch (error) {
      setActivity(null);
      failed(JOIN_MESSAGES.registrationFailed, error, JOIN_MESSAGES.tryAgain);
      return;
    }
    toast({ variant: "success", title: JOIN_MESSAGES.accountCreated, description: `Welcome to ${PRODUCT_NAME}.` });
    setActivity("signingInNewAccount");
    try {
      await Promise.all([login.mutateAsync(credentials), wait(RELOAD_AFTER_TOAST_MS)]);
    } catch (error) {
      setActivity(null);
      failed(JOIN_MESSAGES.loginFailed, error, JOIN_MESSAGES.loginFallback);
      return;
    }
    endAnonymousSession();
    reload("/");
  }

  async function browseAnonymously() {
    if (activity) return;
    setActivity("browsingAnonymously");
    let profile;
    try {
      profile = await anonymousLogin.mutateAsync();
    } catch (error) {
      setActivity(null);
      failed(JOIN_MESSAGES.anonymousFailed, error, JOIN_MESSAGES.tryAgain);
      return;
    }
    startAnonymousSession(profile);
    toast({ title: JOIN_MESSAGES.browsingAnonymously });
    await wait(RELOAD_AFTER_TOAST_MS);
    reload("/");
  }

  return {
    activity,
    signIn: (values: SignInValues) => void signIn(values),
    signUp: (values: SignUpValues) => void signUp(values),
    browseAnonymously: () => void browseAnonymously(),
  };
}
