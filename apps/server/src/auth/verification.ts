import { ACCOUNT_LINK_ROUTES, VERIFY_LINK_TTL_MS } from "@vicinity/contract";
import type { AppContext } from "../http/context";
import { verifyMail } from "../mail/templates";
import { issueToken } from "./email-tokens";

/** The link a mail carries: the app's address (APP_URL, never the request's Host), the token in the fragment. */
export const linkOf = (ctx: AppContext, route: string, token: string) => `${ctx.config.appUrl}${route}#token=${token}`;

/** Sends the link that confirms a member's address (at sign-up, and when he asks again). */
export async function sendVerification(ctx: AppContext, user: { id: string; email: string }): Promise<void> {
  const token = await issueToken(ctx.db, {
    userId: user.id,
    purpose: "verify",
    email: user.email,
    ttlMs: VERIFY_LINK_TTL_MS,
  });
  ctx.mail.send(verifyMail(user.email, linkOf(ctx, ACCOUNT_LINK_ROUTES.verifyEmail, token)));
}
