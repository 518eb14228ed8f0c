import { updateLocationEventSchema } from "@vicinity/contract";
import type { AppContext } from "../http/context";
import type { SocketScope } from "../realtime/socket";
import { LOCATION_UPDATES_PER_MINUTE } from "../users/routes";
import { saveLocation } from "./save-location";

/** His position from an open app (the same limit as PUT /api/users/location): the live map is told where he was. */
export function locationSockets(ctx: AppContext): (scope: SocketScope) => void {
  const limiter = ctx.limits.get("location", LOCATION_UPDATES_PER_MINUTE, 60_000);
  return ({ socket, me, on }) => {
    on("updateLocation", updateLocationEventSchema, async (position) => {
      if (!(await limiter.take(me.id)).allowed)
        return { ok: false, message: "Location updated too often. Try again in a few seconds." };
      const { before, snapped } = await saveLocation(ctx.db, me, position);
      // His next reads (nearby, the map) see where he now is, on a replica too.
      ctx.database.reads.wrote(me.id);
      ctx.mapChanges.memberChanged(me.id, before);
      if (socket.data.sessionId) await ctx.sessions.placeSeen(socket.data.sessionId, snapped);
      return { ok: true };
    });
  };
}
