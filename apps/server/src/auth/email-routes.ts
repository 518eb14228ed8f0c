import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import {
  ACCOUNT_LINK_ROUTES,
  ACCOUNT_PATHS,
  changeEmailRequestSchema,
  EMAIL_CHANGE_LINK_TTL_MS,
  forgotPasswordRequestSchema,
  RESET_LINK_TTL_MS,
  RESET_SENT_MESSAGE,
  resetPasswordRequestSchema,
  tokenRequestSchema,
  UNDO_LINK_TTL_MS,
  type DeviceSession,
} from "@vicinity/contract";
import type { AppContext } from "../http/context";
import { sendOk } from "../http/context";
import { badRequest, conflict, forbidden, notFound, parseOr400, tooManyRequests } from "../http/errors";
import { nearestPlace } from "../map/tiles";
import { addressChangedMail, confirmNewAddressMail, resetMail } from "../mail/templates";
import { hashPassword, isCommonPassword } from "./passwords";
import { issueToken, peekToken } from "./email-tokens";
import {
  addressTaken,
  confirmAddress,
  confirmAddressChange,
  linkError,
  resetPasswordWithLink,
  resetTargetOf,
  undoAddressChange,
} from "./accounts";
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_MS, passwordCheck } from "./limits";
import { removeSessionCookie } from "./session-cookie";
import { linkOf, sendVerification } from "./verification";

/** How many mails a member or an address can ask for: nobody may use us to flood an inbox. */
export const RESENDS_PER_HOUR = 3;
export const RESETS_PER_ADDRESS_PER_HOUR = 3;
export const RESETS_PER_NETWORK_PER_HOUR = 10;
export const EMAIL_CHANGES_PER_HOUR = 5;
const HOUR = 60 * 60 * 1000;

export const NOT_VERIFIED_MESSAGE =
  "Confirm your current address first: open the link we sent you, or send it again from the banner.";
export const ALREADY_VERIFIED_MESSAGE = "Your address is already confirmed.";
export const ADDRESS_TAKEN_MESSAGE = "An account with this email already exists";

/** The id a member's list shows for a session: derived from its stored key, never the key itself. */
export const listIdOf = (idHash: string) =>
  createHash("sha256").update(`device-list:${idHash}`).digest("base64url").slice(0, 22);

/** The links' calls: anyone with a link may use it (the "open" group). */
export function registerEmailLinkRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const resetsPerAddress = ctx.limits.get("reset-address", RESETS_PER_ADDRESS_PER_HOUR, HOUR);
  const resetsPerNetwork = ctx.limits.get("reset-network", RESETS_PER_NETWORK_PER_HOUR, HOUR);
  const loginFailures = ctx.limits.get("login-account", LOGIN_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_MS);

  app.post(ACCOUNT_PATHS.verifyEmail, async (request, reply) => {
    const { token } = parseOr400(tokenRequestSchema, request.body);
    const result = await confirmAddress(db, token);
    if (!result.ok) throw linkError(result.problem);
    return sendOk(reply);
  });

  app.post(ACCOUNT_PATHS.forgotPassword, async (request, reply) => {
    const { email } = parseOr400(forgotPasswordRequestSchema, request.body);
    const address = email.toLowerCase();
    // Counted by the address typed, whether or not an account uses it: a refusal tells nothing.
    const network = await resetsPerNetwork.take(request.ip);
    if (!network.allowed)
      throw tooManyRequests("Too many reset requests from your network. Try again later.", network.retryAfter);
    const perAddress = await resetsPerAddress.take(address);
    if (!perAddress.allowed)
      throw tooManyRequests("Too many reset requests for this address. Try again later.", perAddress.retryAfter);
    // The answer goes before the account is even looked up: it takes as long either way.
    setImmediate(() => {
      void (async () => {
        const user = await resetTargetOf(db, address);
        if (!user) return;
        const token = await issueToken(db, {
          userId: user.id,
          purpose: "reset",
          email: user.email,
          ttlMs: RESET_LINK_TTL_MS,
        });
        ctx.mail.send(resetMail(user.email, linkOf(ctx, ACCOUNT_LINK_ROUTES.resetPassword, token)));
      })().catch((error: unknown) => request.log.error(error));
    });
    return reply.status(202).send({ ok: true, message: RESET_SENT_MESSAGE });
  });

  app.post(ACCOUNT_PATHS.checkReset, async (request, reply) => {
    const { token } = parseOr400(tokenRequestSchema, request.body);
    const check = await peekToken(db, token, "reset");
    if (!check.ok) throw linkError(check.problem);
    return sendOk(reply);
  });

  app.post(ACCOUNT_PATHS.resetPassword, async (request, reply) => {
    const body = parseOr400(resetPasswordRequestSchema, request.body);
    // A refused password does not use the link up.
    if (isCommonPassword(body.password)) throw badRequest("This password is too common");
    const passwordHash = await hashPassword(body.password);
    const result = await resetPasswordWithLink(db, body.token, passwordHash);
    if (!result.ok) throw linkError(result.problem);
    // Every session ends, this browser's too; his failed sign-ins are forgotten.
    await ctx.sessions.destroyAllOf(result.value.id);
    await loginFailures.reset(result.value.email.toLowerCase());
    removeSessionCookie(reply, ctx.config);
    return sendOk(reply);
  });

  app.post(ACCOUNT_PATHS.confirmEmailChange, async (request) => {
    const { token } = parseOr400(tokenRequestSchema, request.body);
    const result = await confirmAddressChange(db, token);
    if (!result.ok) throw linkError(result.problem);
    const { userId, oldEmail, newEmail } = result.value;
    const undo = await issueToken(db, { userId, purpose: "undo", email: oldEmail, ttlMs: UNDO_LINK_TTL_MS });
    ctx.mail.send(addressChangedMail(oldEmail, newEmail, linkOf(ctx, ACCOUNT_LINK_ROUTES.undoEmailChange, undo)));
    return { ok: true, email: newEmail };
  });

  app.post(ACCOUNT_PATHS.undoEmailChange, async (request, reply) => {
    const { token } = parseOr400(tokenRequestSchema, request.body);
    const result = await undoAddressChange(db, token);
    if (!result.ok) throw linkError(result.problem);
    // Whoever changed it is signed out everywhere.
    await ctx.sessions.destroyAllOf(result.value.userId);
    removeSessionCookie(reply, ctx.config);
    return { ok: true, email: result.value.email };
  });
}

/** The member's own: resend the link, change the address, his signed-in devices (the "member" group). */
export function registerEmailMemberRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const resends = ctx.limits.get("verify-resend", RESENDS_PER_HOUR, HOUR);
  const changes = ctx.limits.get("email-change", EMAIL_CHANGES_PER_HOUR, HOUR);
  const checkPassword = passwordCheck(ctx);

  app.post(ACCOUNT_PATHS.resendVerification, async (request, reply) => {
    const me = request.member;
    if (me.emailVerifiedAt) throw conflict(ALREADY_VERIFIED_MESSAGE);
    const { allowed, retryAfter } = await resends.take(me.id);
    if (!allowed)
      throw tooManyRequests(
        `We sent it ${RESENDS_PER_HOUR} times in the last hour. Check your spam folder, or try again later.`,
        retryAfter,
      );
    await sendVerification(ctx, me);
    return reply.status(202).send({ ok: true });
  });

  app.post(ACCOUNT_PATHS.changeEmail, async (request, reply) => {
    const me = request.member;
    const body = parseOr400(changeEmailRequestSchema, request.body);
    await checkPassword(me.id, me.passwordHash, body.password, "That is not your password");
    if (!me.emailVerifiedAt) throw forbidden(NOT_VERIFIED_MESSAGE);
    const email = body.email.toLowerCase();
    if (email === me.email.toLowerCase()) throw badRequest("That is already your address");
    if (await addressTaken(db, email, me.id)) throw conflict(ADDRESS_TAKEN_MESSAGE);
    const { allowed, retryAfter } = await changes.take(me.id);
    if (!allowed) throw tooManyRequests("Too many address changes. Try again later.", retryAfter);
    const token = await issueToken(db, { userId: me.id, purpose: "change", email, ttlMs: EMAIL_CHANGE_LINK_TTL_MS });
    ctx.mail.send(confirmNewAddressMail(email, linkOf(ctx, ACCOUNT_LINK_ROUTES.confirmEmailChange, token)));
    return reply
      .status(202)
      .send({ ok: true, message: `We sent a link to ${email}. Your address changes when you open it.` });
  });

  app.get(ACCOUNT_PATHS.sessions, async (request) => {
    const me = request.member;
    const current = request.session?.idHash;
    const rows = await ctx.sessions.listOf(me.id);
    const list: DeviceSession[] = rows.map((r) => ({
      id: listIdOf(r.idHash),
      current: r.idHash === current,
      device: r.device,
      place: r.latitude !== null && r.longitude !== null ? nearestPlace(r.latitude, r.longitude) : null,
      signedInAt: r.createdAt.toISOString(),
      lastActiveAt: r.lastActiveAt.toISOString(),
    }));
    // This device first, then the most recently active.
    list.sort((a, b) => Number(b.current) - Number(a.current));
    return { sessions: list };
  });

  app.delete(ACCOUNT_PATHS.sessions, async (request, reply) => {
    const me = request.member;
    await ctx.sessions.destroyOthersOf(me.id, request.session!.idHash);
    return sendOk(reply);
  });

  app.delete("/api/users/sessions/:id", async (request, reply) => {
    const me = request.member;
    const { id } = request.params as { id: string };
    const rows = await ctx.sessions.listOf(me.id);
    const found = rows.find((r) => listIdOf(r.idHash) === id);
    if (!found) throw notFound("That device is already signed out");
    if (found.idHash === request.session?.idHash)
      throw badRequest("This is the device you are using: sign out instead");
    await ctx.sessions.destroyOneOf(me.id, found.idHash);
    return sendOk(reply);
  });
}
