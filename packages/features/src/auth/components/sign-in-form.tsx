import type { ReactNode } from "react";
import { Link } from "react-router";
import { Alert, Button, FormField, Input, PasswordInput } from "@vicinity/ui";
import { useRefocusAfterBusy } from "../model/use-refocus-after-busy";
import { useValidatedForm } from "../model/use-validated-form";
import type { SignInValues, ValidationProblem } from "../model/validation";
import { EMAIL_INPUT_PROPS } from "@vicinity/features/shared";

export interface SignInFormProps {
  /** Called with the values once they pass `validate`. */
  onSubmit: (values: SignInValues) => void;
  validate?: (values: SignInValues) => ValidationProblem | null;
  /**
   * Let the browser check the fields (required, email format) before `validate`. Off where the
   * spec's own messages must show ('Email and password are required' on /auth).
   */
  nativeValidation?: boolean;
  submitLabel?: string;
  /** Submitting: the button is disabled and says `busyLabel`. */
  busy?: boolean;
  busyLabel: string;
  /** Another action of the screen is under way: the button is disabled. */
  disabled?: boolean;
  /** The server's answer, shown above the fields. */
  error?: string;
  defaultValues?: Partial<SignInValues>;
  /** Under the button: a link to the other tab, say. */
  footer?: ReactNode;
}

/** Email and password (spec section 3, login payload). Enter in any field submits. */
export function SignInForm({
  onSubmit,
  validate,
  nativeValidation = false,
  submitLabel = "Sign In",
  busy = false,
  busyLabel,
  disabled = false,
  error,
  defaultValues,
  footer,
}: SignInFormProps) {
  const submitRef = useRefocusAfterBusy<HTMLButtonElement>(busy);
  const form = useValidatedForm<SignInValues>({
    initialValues: { email: "", password: "", ...defaultValues },
    validate,
    onSubmit,
  });
  const summary = form.problem && !form.problem.at ? form.problem.message : error;
  const flag = (field: "email" | "password") => (form.isInvalid(field) ? { "aria-invalid": true as const } : {});

  return (
    <form noValidate={!nativeValidation} onSubmit={form.handleSubmit} className="grid gap-5">
      {summary ? <Alert>{summary}</Alert> : null}
      <FormField label="Email" required>
        {(control) => (
          <Input
            {...control}
            {...flag("email")}
            {...form.bind("email")}
            {...EMAIL_INPUT_PROPS}
            required={nativeValidation}
          />
        )}
      </FormField>
      <FormField label="Password" required>
        {(control) => (
          <PasswordInput
            {...control}
            {...flag("password")}
            {...form.bind("password")}
            autoComplete="current-password"
            inputSize="lg"
            required={nativeValidation}
          />
        )}
      </FormField>
      <Link
        to="/forgot-password"
        className="-mt-3 justify-self-end text-sm font-medium text-accent-text underline-offset-4 hover:underline"
      >
        Forgot password?
      </Link>
      <Button ref={submitRef} type="submit" size="lg" fullWidth busy={busy} busyLabel={busyLabel} disabled={disabled}>
        {submitLabel}
      </Button>
      {footer}
    </form>
  );
}
