import type { FastifyInstance } from "fastify";
import { NOTIFICATION_PATHS } from "@vicinity/contract";
import { sendOk, type AppContext } from "../http/context";
import { isUuid, notFound } from "../http/errors";
import { acknowledgeWarning, markNotificationsRead, notificationsOf } from "./service";

/** GET /api/notifications, POST .../read, and a warning's acknowledgement (his own only: anyone else's is "not found"). */
export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(NOTIFICATION_PATHS.list, async (request) => notificationsOf(ctx.db, request.member.id));
  app.post(NOTIFICATION_PATHS.read, async (request, reply) => {
    await markNotificationsRead(ctx.db, request.member.id);
    return sendOk(reply);
  });
  app.post<{ Params: { id: string } }>("/api/warnings/:id/acknowledge", async (request, reply) => {
    const id = request.params.id;
    if (!isUuid(id) || !(await acknowledgeWarning(ctx.db, request.member.id, id))) throw notFound("Warning not found");
    return sendOk(reply);
  });
}
