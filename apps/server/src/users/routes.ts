import type { FastifyInstance } from "fastify";
import {
  API_PATHS,
  filtersOfQuery,
  locationSchema,
  memberFiltersSchema,
  nearbyQuerySchema,
  NEXT_CURSOR_HEADER,
  profileUpdateSchema,
  rightNowRequestSchema,
} from "@vicinity/contract";
import type { AppContext } from "../http/context";
import { readFor } from "../http/reads";
import { sendOk } from "../http/context";
import { badRequest, parseOr400, tooManyRequests } from "../http/errors";
import { toSessionUser } from "./present";
import { clearRightNow, saveNearbyFilters, setRightNow, updateProfile } from "./profile";
import { decodeCursor, findNearby } from "./nearby";
import { saveLocation } from "../location/save-location";
import { Sealer } from "../http/sealed";

/** decisions.md 6: location updates are rate-limited (here: at most 6 a minute per member). */
export const LOCATION_UPDATES_PER_MINUTE = 6;

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const locationLimiter = ctx.limits.get("location", LOCATION_UPDATES_PER_MINUTE, 60_000);

  app.get(API_PATHS.onlineCount, async () => {
    return ctx.presence.onlineCount();
  });

  app.put(API_PATHS.profile, async (request) => {
    const me = request.member;
    const body = parseOr400(profileUpdateSchema, request.body);
    const updated = await updateProfile(db, me.id, body);
    ctx.mapChanges.memberChanged(me.id);
    // The onboarding's last step saves the profile: the funnel's "onboarding done" (its first save).
    ctx.activity.record("profileSaved", me.id);
    return toSessionUser(updated ?? me);
  });

  app.put(API_PATHS.rightNow, async (request) => {
    const me = request.member;
    const { note } = parseOr400(rightNowRequestSchema, request.body);
    const updated = await setRightNow(db, me.id, note);
    ctx.mapChanges.memberChanged(me.id);
    return toSessionUser(updated ?? me);
  });

  app.delete(API_PATHS.rightNow, async (request) => {
    const me = request.member;
    const updated = await clearRightNow(db, me.id);
    ctx.mapChanges.memberChanged(me.id);
    return toSessionUser(updated ?? me);
  });

  // The grid's filters he keeps (issue 37): the whole set, checked; none that narrows is kept as none.
  app.put(API_PATHS.savedFilters, async (request) => {
    const me = request.member;
    const filters = parseOr400(memberFiltersSchema, request.body);
    const updated = await saveNearbyFilters(db, me.id, filters);
    return toSessionUser(updated ?? me);
  });

  app.put(API_PATHS.location, async (request, reply) => {
    const me = request.member;
    const body = parseOr400(locationSchema, request.body);
    const { allowed, retryAfter } = await locationLimiter.take(me.id);
    if (!allowed) throw tooManyRequests("Location updated too often. Try again in a few seconds.", retryAfter);
    const { before, snapped } = await saveLocation(db, me, body);
    ctx.mapChanges.memberChanged(me.id, before);
    if (request.session) await ctx.sessions.placeSeen(request.session.idHash, snapped);
    return sendOk(reply);
  });
}

/** Nearby members, for everyone: visitors and guests browse too (the "open" group). */
export function registerNearbyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const cursors = new Sealer(ctx.config.sessionSecret, "nearby-cursor");

  app.get(API_PATHS.nearby, async (request, reply) => {
    const query = parseOr400(nearbyQuerySchema, request.query);
    const position = decodeCursor(cursors, query.cursor, query.sort);
    if (position === "invalid") throw badRequest("cursor is not valid");
    const me = request.viewer.member;
    const viewer = me ? { age: me.age, interests: me.interests } : null;
    // A block hides each from the other: for his member session, and as far as this browser tells
    // (the device cookie of the member who last signed in on it) for a guest or visitor too.
    const viewerId = me?.id ?? request.viewer.blocksOf;
    const { users: found, nextCursor } = await readFor(ctx, request, (db) =>
      findNearby(
        db,
        cursors,
        {
          latitude: query.latitude,
          longitude: query.longitude,
          radius: query.radius,
          limit: query.limit,
          sort: query.sort,
          filters: filtersOfQuery(query),
          viewerId,
          viewer,
        },
        position,
      ),
    );
    if (nextCursor) void reply.header(NEXT_CURSOR_HEADER, nextCursor);
    return found;
  });
}
