import type { FastifyInstance } from "fastify";
import {
  FAVORITES_MAX,
  SIGNAL_PATHS,
  TAP_LABELS,
  TAPS_PER_DAY,
  shownNameOf,
  tapRequestSchema,
  viewTraceRequestSchema,
  type TapResult,
} from "@vicinity/contract";
import type { AppContext } from "../http/context";
import { sendOk } from "../http/context";
import { badRequest, conflict, forbidden, isUuid, notFound, parseOr400, tooManyRequests } from "../http/errors";
import { sendNotifications } from "../notifications/service";
import { findProfileRow } from "../users/members";
import type { SessionUserRow } from "../auth/sessions";
import { favoritesOf, sendTap, setFavorite, setLeavesTrace, tappedToday, tapsTo, viewsOf } from "./service";

const DAY_MS = 24 * 60 * 60_000;

/** Taps, favorites and "viewed me" (issue 38, decisions/0043). */
export function registerSignalRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const tapping = ctx.limits.get("taps", TAPS_PER_DAY, DAY_MS);

  /** Another member I may signal: he exists, is active, neither of us blocked the other. */
  async function signalTarget(me: SessionUserRow, id: string, doing: string) {
    if (id === me.id) throw badRequest(`You cannot ${doing} yourself`);
    const row = isUuid(id) ? await findProfileRow(db, me.id, id) : undefined;
    if (!row || row.blocked_me) throw notFound("Member not found");
    if (row.i_blocked)
      throw forbidden(
        `You blocked ${shownNameOf({ displayName: row.display_name, username: row.username })}. Unblock him first.`,
      );
    return row;
  }

  app.post<{ Params: { id: string } }>("/api/users/:id/tap", async (request): Promise<TapResult> => {
    const me = request.member;
    const { kind } = parseOr400(tapRequestSchema, request.body);
    const target = await signalTarget(me, request.params.id, "tap");
    const name = shownNameOf({ displayName: target.display_name, username: target.username });
    if (await tappedToday(db, me.id, target.id, kind))
      throw conflict(`You already sent ${name} a ${TAP_LABELS[kind]} today.`);
    const { allowed, retryAfter } = await tapping.take(me.id);
    if (!allowed) throw tooManyRequests(`You can send at most ${TAPS_PER_DAY} taps a day.`, retryAfter);
    const { added, match, newMatch } = await sendTap(db, me.id, target.id, kind);
    if (!added) throw conflict(`You already sent ${name} a ${TAP_LABELS[kind]} today.`);
    const myName = shownNameOf(me);
    await sendNotifications(db, ctx.notify, [target.id], "tap", {
      memberId: me.id,
      name: myName,
      kind,
      label: TAP_LABELS[kind],
    });
    if (newMatch) {
      await sendNotifications(db, ctx.notify, [target.id], "match", { memberId: me.id, name: myName });
      await sendNotifications(db, ctx.notify, [me.id], "match", { memberId: target.id, name });
    }
    return { kind, match };
  });

  app.put<{ Params: { id: string } }>("/api/users/:id/favorite", async (request, reply) => {
    const me = request.member;
    const target = await signalTarget(me, request.params.id, "favorite");
    if (!(await setFavorite(db, me.id, target.id, true)))
      throw badRequest(`You can keep at most ${FAVORITES_MAX} favorites. Remove one first.`);
    return sendOk(reply);
  });

  app.delete<{ Params: { id: string } }>("/api/users/:id/favorite", async (request, reply) => {
    const me = request.member;
    if (!isUuid(request.params.id)) throw notFound("Member not found");
    await setFavorite(db, me.id, request.params.id, false);
    return sendOk(reply);
  });

  app.get(SIGNAL_PATHS.taps, async (request) => ({ taps: await tapsTo(db, request.member) }));
  app.get(SIGNAL_PATHS.favorites, async (request) => ({ favorites: await favoritesOf(db, request.member) }));
  app.get(SIGNAL_PATHS.views, async (request) => viewsOf(db, request.member));

  app.put(SIGNAL_PATHS.viewTrace, async (request, reply) => {
    const { leavesTrace } = parseOr400(viewTraceRequestSchema, request.body);
    await setLeavesTrace(db, request.member.id, leavesTrace);
    return sendOk(reply);
  });
}
