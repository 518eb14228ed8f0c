import { EyeOff } from "lucide-react";
import { useSearchParams } from "react-router";
import { Button, Tabs, TabsContent, TabsList, TabsTrigger } from "@vicinity/ui";
import { AUTH_TAB_PARAM, parseAuthTab } from "../model/auth-tab";
import { BUSY_LABELS } from "../model/messages";
import { useJoinScreen } from "../model/use-join-screen";
import { useRefocusAfterBusy } from "../model/use-refocus-after-busy";
import { validateJoinSignUp } from "../model/validation";
import { AuthScreen } from "@vicinity/features/shared";
import { SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";

/**
 * /join (spec section 2): 'Join the Action', Sign In and Sign Up tabs (Sign Up unless the `tab`
 * query parameter says "login") and anonymous browsing. Successes reload the app at "/".
 */
export function JoinPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parseAuthTab(searchParams.get(AUTH_TAB_PARAM), "signup");
  const join = useJoinScreen();
  const { activity } = join;
  const anonymousRef = useRefocusAfterBusy<HTMLButtonElement>(activity === "browsingAnonymously");

  return (
    <AuthScreen
      title={
        <>
          Join the <span className="text-accent-text">Action</span>
        </>
      }
      subtitle="Create your free profile and see who's around you, right now."
    >
      <Tabs
        value={tab}
        onValueChange={(next) => setSearchParams({ [AUTH_TAB_PARAM]: next }, { replace: true })}
        className="gap-6"
      >
        <TabsList className="grid h-11 w-full grid-cols-2">
          <TabsTrigger value="login">Sign In</TabsTrigger>
          <TabsTrigger value="signup">Sign Up</TabsTrigger>
        </TabsList>
        <TabsContent value="login">
          <SignInForm
            nativeValidation
            onSubmit={join.signIn}
            busy={activity === "signingIn"}
            busyLabel={BUSY_LABELS.joinSignIn}
            disabled={activity !== null}
          />
        </TabsContent>
        <TabsContent value="signup">
          <SignUpForm
            withUsername
            nativeValidation
            validate={validateJoinSignUp}
            onSubmit={join.signUp}
            busy={activity === "creatingAccount" || activity === "signingInNewAccount"}
            busyLabel={activity === "signingInNewAccount" ? BUSY_LABELS.joinSignIn : BUSY_LABELS.joinSignUp}
            disabled={activity !== null}
          />
        </TabsContent>
      </Tabs>

      <div className="my-6 flex items-center gap-3 text-xs font-semibold tracking-widest text-muted-foreground uppercase">
        <span aria-hidden className="h-px flex-1 bg-border" />
        or
        <span aria-hidden className="h-px flex-1 bg-border" />
      </div>
      <Button
        ref={anonymousRef}
        variant="outline"
        size="lg"
        fullWidth
        onClick={join.browseAnonymously}
        busy={activity === "browsingAnonymously"}
        busyLabel={BUSY_LABELS.anonymous}
        disabled={activity !== null}
      >
        <EyeOff aria-hidden />
        Browse Anonymously
      </Button>
      <p className="mt-3 text-center text-xs text-muted-foreground">
        No account, no profile. Some features stay locked.
      </p>
    </AuthScreen>
  );
}
