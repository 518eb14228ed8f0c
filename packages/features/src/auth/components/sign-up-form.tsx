import type { ReactNode } from "react";
import { PASSWORD_MIN_LENGTH } from "@vicinity/contract";
import { Alert, Button, FormField, Input, PasswordInput } from "@vicinity/ui";
import { useRefocusAfterBusy } from "../model/use-refocus-after-busy";
import { useValidatedForm } from "../model/use-validated-form";
import type { AuthField, SignUpValues, ValidationProblem } from "../model/validation";
import { EMAIL_INPUT_PROPS } from "@vicinity/features/shared";

export interface SignUpFormProps {
  /** Called with the values once they pass `validate`. */
  onSubmit: (values: SignUpValues) => void;
  validate?: (values: SignUpValues) => ValidationProblem | null;
  /** Ask for a username too (/join). */
  withUsername?: boolean;
  /** Let the browser check the fields (required, email format) before `validate` (/join). */
  nativeValidation?: boolean;
  submitLabel?: string;
  /** Submitting: the button is disabled and says `busyLabel`. */
  busy?: boolean;
  busyLabel: string;
  /** Another action of the screen is under way: the button is disabled. */
  disabled?: boolean;
  /** The server's answer, shown above the fields. */
  error?: string;
  defaultValues?: Partial<SignUpValues>;
  /** Under the button: a link to the other tab, say. */
  footer?: ReactNode;
}

const USERNAME_HINT = "3 to 30 letters, digits, dots, dashes or underscores.";
const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters.`;

/** A new account: (username,) email, password and its confirmation. Enter in any field submits. */
export function SignUpForm({
  onSubmit,
  validate,
  withUsername = false,
  nativeValidation = false,
  submitLabel = "Create Account",
  busy = false,
  busyLabel,
  disabled = false,
  error,
  defaultValues,
  footer,
}: SignUpFormProps) {
  const submitRef = useRefocusAfterBusy<HTMLButtonElement>(busy);
  const form = useValidatedForm<SignUpValues>({
    initialValues: {
      email: "",
      password: "",
      confirmPassword: "",
      ...(withUsername ? { username: "" } : {}),
      ...defaultValues,
    },
    validate,
    onSubmit,
  });
  const { problem } = form;
  const summary = problem && !problem.at ? problem.message : error;
  const fieldError = (field: AuthField) => (problem?.at === field ? problem.message : undefined);
  const flag = (field: AuthField) => (form.isInvalid(field) ? { "aria-invalid": true as const } : {});

  return (
    <form noValidate={!nativeValidation} onSubmit={form.handleSubmit} className="grid gap-5">
      {summary ? <Alert>{summary}</Alert> : null}
      {withUsername ? (
        <FormField label="Username" hint={USERNAME_HINT} required>
          {(control) => (
            <Input
              {...control}
              {...flag("username")}
              {...form.bind("username")}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              inputSize="lg"
              required={nativeValidation}
            />
          )}
        </FormField>
      ) : null}
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
      <FormField label="Password" hint={PASSWORD_HINT} required>
        {(control) => (
          <PasswordInput
            {...control}
            {...flag("password")}
            {...form.bind("password")}
            autoComplete="new-password"
            inputSize="lg"
            required={nativeValidation}
          />
        )}
      </FormField>
      <FormField label="Confirm password" error={fieldError("confirmPassword")} required>
        {(control) => (
          <PasswordInput
            {...control}
            {...flag("confirmPassword")}
            {...form.bind("confirmPassword")}
            autoComplete="new-password"
            showLabel="Show password confirmation"
            hideLabel="Hide password confirmation"
            inputSize="lg"
            required={nativeValidation}
          />
        )}
      </FormField>
      <Button ref={submitRef} type="submit" size="lg" fullWidth busy={busy} busyLabel={busyLabel} disabled={disabled}>
        {submitLabel}
      </Button>
      {footer}
    </form>
  );
}
