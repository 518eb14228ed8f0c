import type { FastifyInstance } from "fastify";
import { API_PATHS, changePasswordRequestSchema, deleteAccountRequestSchema } from "@vicinity/contract";
import { hashPassword, isCommonPassword } from "../auth/passwords";
import { passwordCheck } from "../auth/limits";
import { removeSessionCookie } from "../auth/session-cookie";
import type { AppContext } from "../http/context";
import { sendOk } from "../http/context";
import { badRequest, parseOr400 } from "../http/errors";
import { changePassword, deleteAccount, exportAccountData, uploadIdsOf } from "./account";

/** decisions.md, "Account": change the password, export one's data, delete the account. */
export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, sessions: sessionStore, mediaStore, config } = ctx;
  const checkPassword = passwordCheck(ctx);

  app.put(API_PATHS.password, async (request, reply) => {
    const me = request.member;
    const body = parseOr400(changePasswordRequestSchema, request.body);
    await checkPassword(me.id, me.passwordHash, body.currentPassword, "Your current password is not right");
    if (body.newPassword === body.currentPassword)
      throw badRequest("Choose a new password that differs from the current one");
    if (isCommonPassword(body.newPassword)) throw badRequest("This password is too common");
    const passwordHash = await hashPassword(body.newPassword);
    await changePassword(db, me.id, passwordHash);
    // Anyone else signed in with the old password is signed out; this browser stays.
    if (request.session) await sessionStore.destroyOthersOf(me.id, request.session.idHash);
    return sendOk(reply);
  });

  app.get(API_PATHS.exportData, async (request, reply) => {
    const me = request.member;
    const data = await exportAccountData(db, me);
    const date = new Date().toISOString().slice(0, 10);
    return reply
      .header("Content-Type", "application/json; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="vicinity-data-${me.username}-${date}.json"`)
      .header("Cache-Control", "no-store")
      .send(JSON.stringify(data, null, 2));
  });

  app.delete(API_PATHS.account, async (request, reply) => {
    const me = request.member;
    const body = parseOr400(deleteAccountRequestSchema, request.body);
    await checkPassword(
      me.id,
      me.passwordHash,
      body.password,
      "That is not your password; your account was not deleted",
    );
    const uploads = await uploadIdsOf(db, me.id);
    // His sessions end first, so that their sockets close on every node.
    await sessionStore.destroyAllOf(me.id);
    await deleteAccount(db, me.id);
    await ctx.presence.markOffline(me.id).catch(() => undefined);
    ctx.notify.disconnectUser(me.id);
    for (const id of uploads) await mediaStore.remove(id);
    removeSessionCookie(reply, config);
    return sendOk(reply);
  });
}
