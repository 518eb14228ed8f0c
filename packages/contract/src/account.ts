import * as z from "zod/mini";
import { emailField, newPasswordSchema, PASSWORD_MAX_LENGTH, requiredOr } from "./auth";

/**
 * Accounts by email. Links in mails carry a single-use token (stored only as a hash);
 * the page a link opens posts it to one of these calls.
 */
export const ACCOUNT_PATHS = {
  /** POST { token }: opens the link sent at sign-up (anyone with the link). */
  verifyEmail: "/api/auth/email/verify",
  /** POST: sends the sign-up link again (the member; limited). */
  resendVerification: "/api/users/email/verification",
  /** POST { email }: the same answer whether or not an account uses the address. */
  forgotPassword: "/api/auth/password/forgot",
  /** POST { token }: whether a reset link can still be used (before the form is shown). */
  checkReset: "/api/auth/password/reset/check",
  /** POST { token, password }: a new password; every session ends. */
  resetPassword: "/api/auth/password/reset",
  /** POST { email, password }: a link to the new address confirms the change (the member). */
  changeEmail: "/api/users/email",
  /** POST { token }: the new address confirmed; the old one is told, with an undo link. */
  confirmEmailChange: "/api/auth/email/confirm",
  /** POST { token }: the old address back; every session ends. */
  undoEmailChange: "/api/auth/email/undo",
  /** GET: the member's signed-in devices; DELETE: ends every one but this. */
  sessions: "/api/users/sessions",
  /** DELETE: ends one of them. */
  session: (id: string) => `/api/users/sessions/${encodeURIComponent(id)}`,
} as const;

/** Where the links in mails lead (the token in the fragment: never in a server's log or a Referer). */
export const ACCOUNT_LINK_ROUTES = {
  verifyEmail: "/verify-email",
  resetPassword: "/reset-password",
  confirmEmailChange: "/confirm-email",
  undoEmailChange: "/undo-email-change",
} as const;

export const VERIFY_LINK_TTL_MS = 48 * 60 * 60 * 1000;
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const EMAIL_CHANGE_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const UNDO_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** What a link that cannot be used says (HTTP 400, `{ message, reason }`). */
export const LINK_PROBLEMS = {
  invalid: "This link is not valid. Open the whole link from the email, or ask for a new one.",
  expired: "This link has expired. Ask for a new one.",
  used: "This link was already used.",
} as const;
export type LinkProblem = keyof typeof LINK_PROBLEMS;
export const linkProblemSchema = z.object({ message: z.string(), reason: z.enum(["invalid", "expired", "used"]) });

/** The forgot-password form's answer, whatever the address. */
export const RESET_SENT_MESSAGE =
  "If an account uses this address, we sent it a link to choose a new password. The link works for one hour.";

const token = z
  .string(requiredOr("token is required", "token must be text"))
  .check(z.minLength(1, "token is required"), z.maxLength(200, LINK_PROBLEMS.invalid));

export const tokenRequestSchema = z.strictObject({ token });
export const forgotPasswordRequestSchema = z.strictObject({ email: emailField("Enter your email address") });
export const resetPasswordRequestSchema = z.strictObject({ token, password: newPasswordSchema });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
export const changeEmailRequestSchema = z.strictObject({
  email: emailField("Enter the new address"),
  password: z
    .string(requiredOr("password is required", "password must be text"))
    .check(
      z.minLength(1, "Enter your password to change your address"),
      z.maxLength(PASSWORD_MAX_LENGTH, "That is not your password"),
    ),
});
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;

/** The answers of the link calls that change the address: the address the account now has. */
export const emailChangedSchema = z.object({ ok: z.literal(true), email: z.string() });

/** One signed-in device of the member (GET /api/users/sessions). */
export const deviceSessionSchema = z.object({
  /** An id for this list only (not the session's key). */
  id: z.string(),
  current: z.boolean(),
  /** "Firefox on Android", or null when the browser did not say. */
  device: z.nullable(z.string()),
  /** The place nearest his snapped position when he last shared it from this device ("near Jacksonville"). */
  place: z.nullable(z.string()),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;
export const deviceSessionsSchema = z.object({ sessions: z.array(deviceSessionSchema) });

/** "Firefox on Android" from a User-Agent header; null when it says nothing we know. */
export function describeDevice(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /SamsungBrowser\//.test(ua)
        ? "Samsung Internet"
        : /Firefox\/|FxiOS\//.test(ua)
          ? "Firefox"
          : /Chrome\/|CriOS\/|Chromium\//.test(ua)
            ? "Chrome"
            : /Safari\//.test(ua) && /Version\//.test(ua)
              ? "Safari"
              : null;
  const system = /iPhone|iPod/.test(ua)
    ? "iPhone"
    : /iPad/.test(ua)
      ? "iPad"
      : /Android/.test(ua)
        ? "Android"
        : /Windows/.test(ua)
          ? "Windows"
          : /Mac OS X|Macintosh/.test(ua)
            ? "Mac"
            : /CrOS/.test(ua)
              ? "ChromeOS"
              : /Linux/.test(ua)
                ? "Linux"
                : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system;
}
