import { randomBytes } from "node:crypto";
import { isActive } from "../policy/members";
import type { FastifyInstance } from "fastify";
import {
  anonymousLoginRequestSchema,
  describeDevice,
  suspendedMessage,
  API_PATHS,
  loginRequestSchema,
  registerRequestSchema,
  type AnonymousProfile,
} from "@vicinity/contract";
import type { AppContext } from "../http/context";
import { requireSession, sendOk } from "../http/context";
import { forbidden, HttpError, parseOr400, tooManyRequests, unauthorized } from "../http/errors";
import { pendingWarning } from "../notifications/service";
import { toSessionUser } from "../users/present";
import { dummyPasswordHash, hashPassword, isCommonPassword, verifyPassword } from "./passwords";
import { readDevice, writeDevice } from "./device";
import { restoreExpiredSuspensions } from "../admin/service";
import { checkProof, issueChallenge, PROOF_TTL_MS } from "./login-proof";
import { sendVerification } from "./verification";
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_FAILURES_PER_DEVICE,
  LOGIN_WINDOW_MS,
} from "./limits";
import { removeSessionCookie, writeSessionCookie } from "./session-cookie";
import { createMember, findMemberByEmail } from "./accounts";

/** The 429 that asks a new browser on a busy network for a proof of work (the client solves it without a word). */
export const BUSY_NETWORK_MESSAGE =
  "Many sign-ins failed on your network. Checking your browser before signing you in.";
export const BUSY_NETWORK_PROOF_REFUSED = "Your browser's check did not pass. Try signing in again.";

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, sessions, config } = ctx;
  const registrations = ctx.limits.get("registrations", config.registrationsPerHour, 60 * 60 * 1000);

  app.get(API_PATHS.currentUser, async (request) => {
    if (request.session?.kind !== "member") throw unauthorized("Not signed in");
    ctx.activity.open(request.session.user.id);
    return { ...toSessionUser(request.session.user), warning: await pendingWarning(db, request.session.user.id) };
  });

  app.post(API_PATHS.register, async (request, reply) => {
    const body = parseOr400(registerRequestSchema, request.body);
    if (isCommonPassword(body.password)) throw new HttpError(400, "This password is too common");
    // Registrations per address are limited, and the answer for a known address
    // takes as long as a new account's (the password is hashed first either way), so neither the
    // status's timing nor a flood of tries lists who is a member.
    const { allowed, retryAfter } = await registrations.take(request.ip);
    if (!allowed) throw tooManyRequests("Too many new accounts from your network. Try again later.", retryAfter);
    const email = body.email.toLowerCase();
    const passwordHash = await hashPassword(body.password);

    const created = await createMember(db, { email, username: body.username, passwordHash });

    if (request.sessionToken) await sessions.destroy(request.sessionToken);
    writeSessionCookie(
      reply,
      config,
      await sessions.create({
        kind: "member",
        userId: created.id,
        device: describeDevice(request.headers["user-agent"]),
      }),
    );
    writeDevice(request, reply, config, created.id);
    ctx.activity.record("signup", created.id);
    await sendVerification(ctx, created);
    return reply.status(201).send(toSessionUser(created));
  });

  registerLoginRoute(app, ctx);

  app.post(API_PATHS.anonymousLogin, async (request, reply) => {
    const body = parseOr400(anonymousLoginRequestSchema, request.body);
    if (request.sessionToken) await sessions.destroy(request.sessionToken);
    const guestId = `anon_${randomBytes(9).toString("base64url")}`;
    writeSessionCookie(reply, config, await sessions.create({ kind: "guest", guestId, guestAge: body.age }));
    const profile: AnonymousProfile = { id: guestId, isAnonymous: true, displayName: "Anonymous User" };
    return reply.status(201).send(profile);
  });

  app.post(API_PATHS.logout, async (request, reply) => {
    await sessions.destroy(request.sessionToken);
    if (request.session?.kind === "member") await ctx.presence.markOffline(request.session.user.id);
    removeSessionCookie(reply, config);
    return sendOk(reply);
  });
}

/** Routes for any session, a guest's too (the "session" group). */
/** POST /api/login: failures limited per account, per address and per browser he signed in from before. */
function registerLoginRoute(app: FastifyInstance, ctx: AppContext): void {
  const { db, sessions, config } = ctx;
  const accountFailures = ctx.limits.get("login-account", LOGIN_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_MS);
  const addressFailures = ctx.limits.get("login-address", LOGIN_FAILURES_PER_ADDRESS, LOGIN_WINDOW_MS);
  const deviceFailures = ctx.limits.get("login-device", LOGIN_FAILURES_PER_DEVICE, LOGIN_WINDOW_MS);
  // Each proof signs in once, on any node.
  const usedProofs = ctx.limits.get("login-proof", 1, PROOF_TTL_MS);

  app.post(API_PATHS.login, async (request, reply) => {
    const body = parseOr400(loginRequestSchema, request.body);
    const email = body.email.toLowerCase();
    const user = await findMemberByEmail(db, email);
    // A browser he signed in from before counts its own failures; every other one shares the account's and the address's.
    const device = readDevice(request, config.sessionSecret);
    const trusted = user && device?.userId === user.id ? device : null;
    const tooMany = (wait: number) =>
      tooManyRequests(
        `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute${wait > 60 ? "s" : ""}.`,
        wait,
      );
    if (trusted) {
      const wait = await deviceFailures.retryAfter(trusted.nonce);
      if (wait > 0) throw tooMany(wait);
    } else {
      const accountWait = await accountFailures.retryAfter(email);
      if (accountWait > 0) throw tooMany(accountWait);
      // The address is over its limit (strangers on his network failed): not refused, but a proof
      // of work is asked for (auth/login-proof.ts).
      if ((await addressFailures.retryAfter(request.ip)) > 0) {
        const binding = `${request.ip}|${email}`;
        if (!body.proof || !(await checkProof(config.sessionSecret, binding, body.proof, usedProofs))) {
          throw new HttpError(
            429,
            body.proof ? BUSY_NETWORK_PROOF_REFUSED : BUSY_NETWORK_MESSAGE,
            {},
            { challenge: issueChallenge(config.sessionSecret, binding) },
          );
        }
      }
    }
    const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
    if (!user || !valid) {
      if (trusted) await deviceFailures.hit(trusted.nonce);
      else await Promise.all([accountFailures.hit(email), addressFailures.hit(request.ip)]);
      throw unauthorized("Invalid email or password");
    }
    if (!isActive(user)) {
      // A suspension for a time ends by itself; otherwise he is told why, and until when.
      if (user.suspendedUntil && user.suspendedUntil.getTime() <= Date.now()) await restoreExpiredSuspensions(db);
      else throw forbidden(suspendedMessage(user.suspensionReason, user.suspendedUntil));
    }
    await (trusted ? deviceFailures.reset(trusted.nonce) : accountFailures.reset(email));
    writeDevice(request, reply, config, user.id);
    // A new session id at every sign-in (no fixation).
    if (request.sessionToken) await sessions.destroy(request.sessionToken);
    writeSessionCookie(
      reply,
      config,
      await sessions.create({ kind: "member", userId: user.id, device: describeDevice(request.headers["user-agent"]) }),
    );
    return { ...toSessionUser(user), warning: await pendingWarning(db, user.id) };
  });
}

export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(API_PATHS.heartbeat, async (request, reply) => {
    const session = requireSession(request);
    await ctx.sessions.touch(session.idHash);
    if (session.kind === "member") await ctx.presence.heartbeat(session.user.id);
    return sendOk(reply);
  });
}
