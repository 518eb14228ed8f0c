import { ArrowLeft } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { PRODUCT_NAME } from "@vicinity/contract";
import { Button, Tabs, TabsContent, TabsList, TabsTrigger } from "@vicinity/ui";
import { AUTH_TAB_PARAM, parseAuthTab, type AuthTab } from "../model/auth-tab";
import { AUTH_TITLES, BUSY_LABELS } from "../model/messages";
import { useAuthScreen } from "../model/use-auth-screen";
import { validateAuthSignIn, validateAuthSignUp } from "../model/validation";
import { AuthScreen } from "@vicinity/features/shared";
import { SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";

const SUBTITLES: Record<AuthTab, string> = {
  login: "Sign in to see who's around you tonight.",
  signup: "Create your free profile in a minute.",
};

const switchLinkClass =
  "rounded-sm font-semibold text-accent-text underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/**
 * /auth (spec section 2): Sign In and Join tabs, chosen by the `tab` query parameter ("login"
 * or "signup"; anything else means login). Success refreshes the user and goes to "/".
 */
export function AuthPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parseAuthTab(searchParams.get(AUTH_TAB_PARAM));
  const auth = useAuthScreen();
  const busy = auth.signInBusy || auth.signUpBusy;

  return (
    <AuthScreen
      title={
        tab === "login" ? (
          AUTH_TITLES.login
        ) : (
          <>
            Join <span className="text-accent-text">{PRODUCT_NAME}</span>
          </>
        )
      }
      subtitle={SUBTITLES[tab]}
      headerAction={
        <Button asChild variant="ghost" size="sm">
          <Link to="/">
            <ArrowLeft aria-hidden />
            Back to Home
          </Link>
        </Button>
      }
    >
      <Tabs
        value={tab}
        onValueChange={(next) => setSearchParams({ [AUTH_TAB_PARAM]: next }, { replace: true })}
        className="gap-6"
      >
        <TabsList className="grid h-11 w-full grid-cols-2">
          <TabsTrigger value="login">Sign In</TabsTrigger>
          <TabsTrigger value="signup">Join</TabsTrigger>
        </TabsList>
        <TabsContent value="login">
          <SignInForm
            validate={validateAuthSignIn}
            onSubmit={auth.signIn}
            busy={auth.signInBusy}
            busyLabel={BUSY_LABELS.authSignIn}
            disabled={busy}
            error={auth.signInError}
            footer={
              <p className="text-center text-sm text-muted-foreground">
                New to {PRODUCT_NAME}?{" "}
                <Link replace to={`?${AUTH_TAB_PARAM}=signup`} className={switchLinkClass}>
                  Create an account
                </Link>
              </p>
            }
          />
        </TabsContent>
        <TabsContent value="signup">
          <SignUpForm
            validate={validateAuthSignUp}
            onSubmit={auth.signUp}
            busy={auth.signUpBusy}
            busyLabel={BUSY_LABELS.authSignUp}
            disabled={busy}
            error={auth.signUpError}
            footer={
              <p className="text-center text-sm text-muted-foreground">
                Already have an account?{" "}
                <Link replace to={`?${AUTH_TAB_PARAM}=login`} className={switchLinkClass}>
                  Sign in
                </Link>
              </p>
            }
          />
        </TabsContent>
      </Tabs>
    </AuthScreen>
  );
}
