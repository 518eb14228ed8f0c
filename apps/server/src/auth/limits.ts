import type { AppContext } from "../http/context";
import { badRequest, tooManyRequests } from "../http/errors";
import { verifyPassword } from "./passwords";

/**
 * decisions.md 9: failed sign-ins are limited per account and per address, for browsers the member
 * never signed in from. A browser he did sign in from has its own count instead (auth/device.ts),
 * so strangers cannot lock him out of it.
 */
export const LOGIN_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_FAILURES_PER_ADDRESS = 20;
export const LOGIN_FAILURES_PER_DEVICE = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** Wrong current passwords per member in 15 minutes, as for sign-in (decisions.md 9). */
export const PASSWORD_FAILURES_PER_WINDOW = 5;

/**
 * The one check of a member's password before a change to his account (password, address,
 * deletion): wrong passwords are limited per member, shared across nodes and routes.
 */
export function passwordCheck(ctx: AppContext) {
  const failures = ctx.limits.get("password-failures", PASSWORD_FAILURES_PER_WINDOW, 15 * 60_000);
  return async function checkPassword(userId: string, hash: string, password: string, wrong: string): Promise<void> {
    const wait = await failures.retryAfter(userId);
    if (wait > 0) throw tooManyRequests("Too many wrong passwords. Try again later.", wait);
    if (!(await verifyPassword(hash, password))) {
      await failures.hit(userId);
      throw badRequest(wrong);
    }
  };
}
