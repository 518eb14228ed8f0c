import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type ChangePasswordRequest } from "@vicinity/contract";
import { Alert, Button, FormField, PasswordInput } from "@vicinity/ui";
import {
  EMPTY_PASSWORD_CHANGE,
  validatePasswordChange,
  type PasswordChangeErrors,
  type PasswordChangeValues,
} from "../model/password-form";

export interface ChangePasswordFormProps {
  busy: boolean;
  /** The server's answer ("Your current password is not right"). */
  error?: string | null;
  onSubmit: (request: ChangePasswordRequest) => void;
}

const FIELDS: Array<keyof PasswordChangeValues> = ["currentPassword", "newPassword", "confirmPassword"];

/** PUT /api/users/password, with the new password typed twice. Remount it (key) to clear it. */
export function ChangePasswordForm({ busy, error, onSubmit }: ChangePasswordFormProps) {
  const [values, setValues] = useState<PasswordChangeValues>(EMPTY_PASSWORD_CHANGE);
  const [errors, setErrors] = useState<PasswordChangeErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  const bind = (field: keyof PasswordChangeValues) => ({
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((v) => ({ ...v, [field]: value }));
      setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validatePasswordChange(values);
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    onSubmit({ currentPassword: values.currentPassword, newPassword: values.newPassword });
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="grid gap-4" aria-labelledby="change-password-heading">
      <h3 id="change-password-heading" className="font-semibold">
        Change password
      </h3>
      <FormField label="Current password" error={errors.currentPassword}>
        <PasswordInput {...bind("currentPassword")} autoComplete="current-password" maxLength={PASSWORD_MAX_LENGTH} />
      </FormField>
      <FormField label="New password" hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} error={errors.newPassword}>
        <PasswordInput {...bind("newPassword")} autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
      </FormField>
      <FormField label="Confirm new password" error={errors.confirmPassword}>
        <PasswordInput {...bind("confirmPassword")} autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
      </FormField>
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted-foreground">Changing it signs you out on your other devices.</p>
        <Button type="submit" busy={busy} busyLabel="Changing...">
          Change password
        </Button>
      </div>
    </form>
  );
}
