import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@vicinity/contract";

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const EMPTY_PASSWORD_CHANGE: PasswordChangeValues = {
  currentPassword: "",
  newPassword: "",
  confirmPassword: "",
};

export type PasswordChangeErrors = Partial<Record<keyof PasswordChangeValues, string>>;

/** The checks the server would make (decisions.md 8), plus the confirmation, which only the client sees. */
export function validatePasswordChange(values: PasswordChangeValues): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  if (!values.currentPassword) errors.currentPassword = "Enter your current password";
  if (!values.newPassword) errors.newPassword = "Enter a new password";
  else if (values.newPassword.length < PASSWORD_MIN_LENGTH)
    errors.newPassword = `Passwords must be at least ${PASSWORD_MIN_LENGTH} characters`;
  else if (values.newPassword.length > PASSWORD_MAX_LENGTH)
    errors.newPassword = `Passwords can be at most ${PASSWORD_MAX_LENGTH} characters`;
  else if (values.newPassword === values.currentPassword)
    errors.newPassword = "Choose a new password that differs from the current one";
  if (!errors.newPassword && values.confirmPassword !== values.newPassword)
    errors.confirmPassword = "Passwords do not match";
  return errors;
}
