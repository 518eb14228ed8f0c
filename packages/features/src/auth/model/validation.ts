import { AUTH_ERRORS, JOIN_MESSAGES } from "./messages";

export type AuthField = "username" | "email" | "password" | "confirmPassword";

export interface SignInValues {
  email: string;
  password: string;
}

export interface SignUpValues extends SignInValues {
  /** Asked on /join only. */
  username?: string;
  confirmPassword: string;
}

/** One problem at a time: its message, the fields it marks invalid, and where it is shown. */
export interface ValidationProblem {
  message: string;
  fields: readonly AuthField[];
  /** Shown under this field; without it, above the form. */
  at?: AuthField;
}

function requiredProblem(values: SignInValues): ValidationProblem | null {
  const missing: AuthField[] = [];
  if (!values.email.trim()) missing.push("email");
  if (!values.password) missing.push("password");
  return missing.length > 0 ? { message: AUTH_ERRORS.required, fields: missing } : null;
}

/** /auth sign in: both fields filled (the server says the same, so we spare the round trip). */
export function validateAuthSignIn(values: SignInValues): ValidationProblem | null {
  return requiredProblem(values);
}

/** /auth sign up (spec section 5): email and password required, then the two passwords match. */
export function validateAuthSignUp(values: SignUpValues): ValidationProblem | null {
  const required = requiredProblem(values);
  if (required) return required;
  if (values.password !== values.confirmPassword) {
    return { message: AUTH_ERRORS.mismatch, fields: ["confirmPassword"], at: "confirmPassword" };
  }
  return null;
}

/** /join sign up (spec section 5): the browser checks required fields and the email; we check the match. */
export function validateJoinSignUp(values: SignUpValues): ValidationProblem | null {
  if (values.password !== values.confirmPassword) {
    return { message: JOIN_MESSAGES.mismatch, fields: ["confirmPassword"], at: "confirmPassword" };
  }
  return null;
}
