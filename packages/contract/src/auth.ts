import * as z from "zod/mini";
import { noControlCharacters } from "./text";

/** decisions.md 8: at least 8 characters, at most 128. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const MIN_AGE = 18;
export const MAX_AGE = 99;

export const accountRoleSchema = z.enum(["member", "admin"]);
export type AccountRole = z.infer<typeof accountRoleSchema>;

/** GET /api/auth/user: the session user (spec section 3: id, email, username, and the profile). 401 means no user. */
export const sessionUserSchema = z.object({
  id: z.string().check(z.minLength(1)),
  email: z.email(),
  username: z.string().check(z.minLength(1)),
  firstName: z.optional(z.nullable(z.string())),
  displayName: z.optional(z.nullable(z.string())),
  age: z.optional(z.nullable(z.int())),
  bio: z.optional(z.nullable(z.string())),
  interests: z.optional(z.array(z.string())),
  bodyType: z.optional(z.nullable(z.string())),
  role: z.optional(z.nullable(z.string())),
  profileImageUrl: z.optional(z.nullable(z.string())),
  /** The account role (member or admin): never the profile's position. */
  accountRole: z.optional(accountRoleSchema),
  /** decisions.md 6: hides his distance from everyone and keeps him off the map. */
  privateMode: z.optional(z.boolean()),
  /** decisions.md, "Right Now": his note while it lasts (60 minutes), else null. */
  rightNow: z.optional(z.nullable(z.object({ note: z.string(), until: z.string() }))),
  /** The grid's filters he saved (issue 37): MemberFilters, read with memberFiltersSchema; null: none. */
  nearbyFilters: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  /** A moderator's warning he has not acknowledged yet (the oldest), shown at his next visit. */
  warning: z.optional(z.nullable(z.object({ id: z.string(), reason: z.string(), at: z.string() }))),
  /** Whether he opened the link sent to his address (false: the app shows a banner). */
  emailVerified: z.optional(z.boolean()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** "x is required" when missing, "x must be ..." when of the wrong kind. */
export const requiredOr = (missing: string, wrongType: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? missing : wrongType),
});

/** An email address as the forms take it (trimmed, at most 254 characters); `missing` says it is needed. */
export const emailField = (missing: string) =>
  z.pipe(
    z
      .string(requiredOr(missing, "Email must be text"))
      .check(
        z.trim(),
        ...noControlCharacters("Email"),
        z.minLength(1, missing),
        z.maxLength(254, "That email address is too long"),
      ),
    z.email("Enter a valid email address"),
  );

/** An email address as sign-up and sign-in take it. */
export const emailAddressSchema = emailField("Email and password are required");

const password = z
  .string(requiredOr("Email and password are required", "Password must be text"))
  .check(
    z.minLength(1, "Email and password are required"),
    z.maxLength(PASSWORD_MAX_LENGTH, `Passwords can be at most ${PASSWORD_MAX_LENGTH} characters`),
  );

/**
 * A new password may hold any character a person can type (spaces, emoji, any script), but no
 * control character: sign-in checks nothing of the kind, so an older password still signs in.
 */
const passwordCharacters = noControlCharacters("Passwords");

/**
 * Sign-in from a busy network (docs/decisions/0020): when strangers on the same address have failed too
 * often, a browser the member never signed in from proves a little work instead of being refused.
 * It finds a `nonce` whose Argon2id hash (salt: the token) begins with `difficulty` zero bits:
 * about 2^difficulty hashes, a couple of seconds in a browser, and as much memory-hard work for
 * every guess an attacker makes from that network.
 */
export const loginChallengeSchema = z.object({
  token: z.string(),
  difficulty: z.int().check(z.gte(1), z.lte(16)),
  memoryKib: z.int().check(z.gte(1024)),
  iterations: z.int().check(z.gte(1)),
});
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;
/** The 429 answer that asks for the work (`{ message, challenge }`). */
export const loginChallengeErrorSchema = z.object({ message: z.string(), challenge: loginChallengeSchema });
export const loginProofSchema = z.strictObject({
  token: z.string().check(z.minLength(1), z.maxLength(400)),
  nonce: z.string().check(z.minLength(1), z.maxLength(40)),
});
export type LoginProof = z.infer<typeof loginProofSchema>;

/** The number of leading zero bits of a hash: the work a proof shows (browser and server count alike). */
export function leadingZeroBits(bytes: Uint8Array): number {
  let bits = 0;
  for (const byte of bytes) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** POST /api/auth/login (`proof` only when the server asked for it). */
export const loginRequestSchema = z.strictObject({
  email: emailAddressSchema,
  password,
  proof: z.optional(loginProofSchema),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const USERNAME_PATTERN = /^[a-zA-Z0-9_.-]{3,30}$/;

/** POST /api/register: {email, password} on /auth, plus username on /join. */
export const registerRequestSchema = z.strictObject({
  email: emailAddressSchema,
  password: password.check(
    ...passwordCharacters,
    z.refine((p) => p.length >= PASSWORD_MIN_LENGTH, {
      message: `Passwords must be at least ${PASSWORD_MIN_LENGTH} characters`,
    }),
  ),
  // The pattern is ASCII letters, digits, dots, dashes and underscores: no control or invisible character passes.
  username: z.optional(
    z
      .string()
      .check(z.trim(), z.regex(USERNAME_PATTERN, "Usernames are 3 to 30 letters, digits, dots, dashes or underscores")),
  ),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** POST /api/anonymous-login */
export const anonymousLoginRequestSchema = z.strictObject({
  age: z
    .number(requiredOr("age is required", "Age must be a number"))
    .check(
      z.int("Age must be a whole number"),
      z.gte(MIN_AGE, "You must be 18 or older"),
      z.lte(MAX_AGE, "Age must be at most 99"),
    ),
});
export type AnonymousLoginRequest = z.infer<typeof anonymousLoginRequestSchema>;

/** The guest's profile, as the browser keeps it (spec section 3). */
export const anonymousProfileSchema = z.object({
  id: z.string().check(z.startsWith("anon_")),
  isAnonymous: z.literal(true),
  displayName: z.literal("Anonymous User"),
});
export type AnonymousProfile = z.infer<typeof anonymousProfileSchema>;

/** The new password of PUT /api/users/password: the rules of registration (decisions.md 8). */
export const newPasswordSchema = z
  .string(requiredOr("newPassword is required", "newPassword must be text"))
  .check(
    ...passwordCharacters,
    z.minLength(PASSWORD_MIN_LENGTH, `Passwords must be at least ${PASSWORD_MIN_LENGTH} characters`),
    z.maxLength(PASSWORD_MAX_LENGTH, `Passwords can be at most ${PASSWORD_MAX_LENGTH} characters`),
  );

/** PUT /api/users/password */
export const changePasswordRequestSchema = z.strictObject({
  currentPassword: z
    .string(requiredOr("currentPassword is required", "currentPassword must be text"))
    .check(
      z.minLength(1, "Enter your current password"),
      z.maxLength(PASSWORD_MAX_LENGTH, "That is not your current password"),
    ),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** DELETE /api/users/account: the password again, so a left-open session cannot erase an account. */
export const deleteAccountRequestSchema = z.strictObject({
  password: z
    .string(requiredOr("password is required", "password must be text"))
    .check(
      z.minLength(1, "Enter your password to delete your account"),
      z.maxLength(PASSWORD_MAX_LENGTH, "That is not your password"),
    ),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

export const okSchema = z.object({ ok: z.literal(true) });
