import { PRODUCT_NAME } from "@vicinity/contract";

/**
 * Every string of the auth screens that the spec writes (sections 2, 4, 5 and 8), once, as the
 * spec writes it. The two screens differ on purpose (/auth: 'Signing in...', /join: 'Signing In...').
 */
export const AUTH_TITLES = {
  login: "Welcome Back",
  signup: `Join ${PRODUCT_NAME}`,
  join: "Join the Action",
} as const;

export const BUSY_LABELS = {
  authSignIn: "Signing in...",
  authSignUp: "Creating account...",
  joinSignIn: "Signing In...",
  joinSignUp: "Creating Account...",
  anonymous: "Creating anonymous session...",
} as const;

/** /auth: shown on the form. */
export const AUTH_ERRORS = {
  required: "Email and password are required",
  mismatch: "Passwords do not match",
  loginFailed: "Login failed",
  loginNetwork: "Login error occurred",
  registrationFailed: "Registration failed",
  registrationNetwork: "Registration error occurred",
} as const;

/** /join: the mismatch is shown on the form, the rest as toasts. */
export const JOIN_MESSAGES = {
  mismatch: "Passwords don't match",
  accountCreated: "Account Created!",
  loginFailed: "Login Failed",
  loginFallback: "Check your credentials and try again",
  registrationFailed: "Registration Failed",
  anonymousFailed: "Anonymous Login Failed",
  tryAgain: "Please try again",
  browsingAnonymously: "Browsing anonymously - limited features available",
} as const;
