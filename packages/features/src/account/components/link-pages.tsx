import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { CircleCheck, Link2Off, MailCheck } from "lucide-react";
import {
  forgotPasswordRequestSchema,
  LINK_PROBLEMS,
  PASSWORD_MIN_LENGTH,
  RESET_SENT_MESSAGE,
  type LinkProblem,
} from "@vicinity/contract";
import { Alert, Button, FormField, Input, PasswordInput, Spinner } from "@vicinity/ui";
import { AuthScreen, EMAIL_INPUT_PROPS, serverMessageOr } from "@vicinity/features/shared";
import {
  linkProblemOf,
  useEmailLink,
  useForgotPassword,
  useResetLinkCheck,
  useResetPassword,
  type LinkKind,
} from "../api/account";
import { tokenFromHash } from "../model/link-token";

const linkClass = "font-medium text-accent-text underline-offset-4 hover:underline";

/** An outcome of a page: an icon, what happened, and where to go now. */
export function LinkOutcome({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="grid justify-items-center gap-3 text-center" role="status">
      <span className="text-accent-text [&_svg]:size-10" aria-hidden>
        {icon}
      </span>
      <h2 className="font-display text-xl font-semibold">{title}</h2>
      <div className="grid gap-2 text-sm text-muted-foreground">{children}</div>
      {action ? <div className="mt-2 grid w-full gap-2">{action}</div> : null}
    </div>
  );
}

const PROBLEM_TITLES: Record<LinkProblem, string> = {
  invalid: "This link does not work",
  expired: "This link has expired",
  used: "This link was already used",
};

/** A link that cannot be used: why, and a way on (a new link, sign-in). */
export function LinkProblemView({ problem, children }: { problem: LinkProblem; children?: ReactNode }) {
  return (
    <LinkOutcome icon={<Link2Off />} title={PROBLEM_TITLES[problem]} action={children}>
      <p>{LINK_PROBLEMS[problem]}</p>
    </LinkOutcome>
  );
}

/** /forgot-password: the address, then the same answer whether or not an account uses it. */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's own rule for the address (the contract), so both say the same.
    const parsed = forgotPasswordRequestSchema.safeParse({ email });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? "Enter a valid email address");
    setProblem(null);
    forgot.mutate(parsed.data.email);
  };
  const error = forgot.error ? serverMessageOr(forgot.error, "We could not send the link. Please try again.") : null;
  return (
    <AuthScreen
      title="Forgot your password?"
      subtitle="Enter the address you signed up with and we will mail you a link to choose a new one."
    >
      {forgot.isSuccess ? (
        <LinkOutcome
          icon={<MailCheck />}
          title="Check your inbox"
          action={
            <Button asChild variant="outline" size="lg" fullWidth>
              <Link to="/login">Back to sign in</Link>
            </Button>
          }
        >
          <p>{RESET_SENT_MESSAGE}</p>
          <p>Nothing after a few minutes? Look in your spam folder.</p>
        </LinkOutcome>
      ) : (
        <form noValidate onSubmit={submit} className="grid gap-5">
          {error && !problem ? <Alert>{error}</Alert> : null}
          <FormField label="Email" required error={problem ?? undefined}>
            {(control) => (
              <Input {...control} {...EMAIL_INPUT_PROPS} value={email} onChange={(e) => setEmail(e.target.value)} />
            )}
          </FormField>
          <Button type="submit" size="lg" fullWidth busy={forgot.isPending} busyLabel="Sending the link...">
            Send me a link
          </Button>
          <p className="text-center text-sm text-muted-foreground">
            Remembered it?{" "}
            <Link to="/login" className={linkClass}>
              Sign in
            </Link>
          </p>
        </form>
      )}
    </AuthScreen>
  );
}

const newLinkAction = (
  <Button asChild size="lg" fullWidth>
    <Link to="/forgot-password">Ask for a new link</Link>
  </Button>
);

/** /reset-password#token=...: the link checked first, then a new password typed twice. */
export function ResetPasswordPage() {
  const token = tokenFromHash(useLocation().hash);
  const check = useResetLinkCheck(token);
  const reset = useResetPassword();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [problem, setProblem] = useState<{ field: "password" | "confirm" | null; message: string } | null>(null);
  const linkProblem: LinkProblem | null = !token
    ? "invalid"
    : (linkProblemOf(check.error) ?? linkProblemOf(reset.error));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH)
      return setProblem({ field: "password", message: `Passwords must be at least ${PASSWORD_MIN_LENGTH} characters` });
    if (password !== confirm) return setProblem({ field: "confirm", message: "The two passwords do not match" });
    setProblem(null);
    reset.mutate({ token, password });
  };

  let body: ReactNode;
  if (linkProblem) body = <LinkProblemView problem={linkProblem}>{newLinkAction}</LinkProblemView>;
  else if (reset.isSuccess) {
    body = (
      <LinkOutcome
        icon={<CircleCheck />}
        title="Your password is changed"
        action={
          <Button asChild size="lg" fullWidth>
            <Link to="/login">Sign in</Link>
          </Button>
        }
      >
        <p>You were signed out on every device. Sign in with your new password.</p>
      </LinkOutcome>
    );
  } else if (check.isPending) {
    body = (
      <div role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground">
        <Spinner /> Checking your link...
      </div>
    );
  } else if (check.isError) {
    body = <Alert>{serverMessageOr(check.error, "We could not check your link. Please try again.")}</Alert>;
  } else {
    const error = problem
      ? null
      : reset.error
        ? serverMessageOr(reset.error, "Your password could not be changed. Please try again.")
        : null;
    body = (
      <form noValidate onSubmit={submit} className="grid gap-5">
        {error ? <Alert>{error}</Alert> : null}
        <FormField
          label="New password"
          required
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={problem?.field === "password" ? problem.message : undefined}
        >
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="new-password"
              inputSize="lg"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Type it again" required error={problem?.field === "confirm" ? problem.message : undefined}>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="new-password"
              inputSize="lg"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" size="lg" fullWidth busy={reset.isPending} busyLabel="Saving your password...">
          Save my new password
        </Button>
      </form>
    );
  }
  return (
    <AuthScreen title="Choose a new password" subtitle="It signs you out on every device.">
      {body}
    </AuthScreen>
  );
}

const WORKING: Record<LinkKind, string> = {
  verify: "Confirming your address...",
  confirm: "Changing your address...",
  undo: "Putting your address back...",
};
const TITLES: Record<LinkKind, string> = {
  verify: "Confirm your address",
  confirm: "Your new address",
  undo: "Undo the address change",
};

/** /verify-email, /confirm-email and /undo-email-change: the link is used as the page opens. */
export function EmailLinkPage({ kind }: { kind: LinkKind }) {
  const token = tokenFromHash(useLocation().hash);
  const link = useEmailLink(kind);
  const sent = useRef(false);
  const { mutate } = link;
  useEffect(() => {
    // Once, even when React mounts the page twice in development.
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);
  const problem: LinkProblem | null = !token ? "invalid" : linkProblemOf(link.error);

  let body: ReactNode;
  if (problem) {
    body = (
      <LinkProblemView problem={problem}>
        {kind === "verify" && problem !== "used" ? (
          <p className="text-sm text-muted-foreground">Sign in: the banner at the top of the app sends a new link.</p>
        ) : null}
        <Button asChild size="lg" fullWidth variant={kind === "undo" ? "primary" : "outline"}>
          <Link to={kind === "undo" ? "/forgot-password" : "/"}>
            {kind === "undo" ? "Choose a new password" : "Go to Vicinity"}
          </Link>
        </Button>
      </LinkProblemView>
    );
  } else if (link.isError) {
    body = <Alert>{serverMessageOr(link.error, "This link could not be used. Please try again.")}</Alert>;
  } else if (link.isSuccess) {
    const email = link.data.email;
    body =
      kind === "verify" ? (
        <LinkOutcome
          icon={<CircleCheck />}
          title="Your address is confirmed"
          action={
            <Button asChild size="lg" fullWidth>
              <Link to="/">Go to Vicinity</Link>
            </Button>
          }
        >
          <p>Thanks. If you ever forget your password, we will send the link here.</p>
        </LinkOutcome>
      ) : kind === "confirm" ? (
        <LinkOutcome
          icon={<CircleCheck />}
          title="Your address is changed"
          action={
            <Button asChild size="lg" fullWidth>
              <Link to="/profile#account">Back to your profile</Link>
            </Button>
          }
        >
          <p>
            Your account now uses <strong className="text-foreground">{email}</strong>. We told your old address, with a
            way to undo it.
          </p>
        </LinkOutcome>
      ) : (
        <LinkOutcome
          icon={<CircleCheck />}
          title="Your address is back"
          action={
            <>
              <Button asChild size="lg" fullWidth>
                <Link to="/forgot-password">Choose a new password</Link>
              </Button>
              <Button asChild size="lg" fullWidth variant="outline">
                <Link to="/login">Sign in</Link>
              </Button>
            </>
          }
        >
          <p>
            Your account uses <strong className="text-foreground">{email}</strong> again, and everyone was signed out.
            If someone else changed it, choose a new password now.
          </p>
        </LinkOutcome>
      );
  } else {
    body = (
      <div role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground">
        <Spinner /> {WORKING[kind]}
      </div>
    );
  }
  return <AuthScreen title={TITLES[kind]}>{body}</AuthScreen>;
}
