import { watchEventsSchema } from "@vicinity/contract";
import type { AppContext } from "../http/context";
import { visibleEventIds } from "../policy/events";
import { eventRoom } from "../realtime/notifier";
import type { SocketScope } from "../realtime/socket";

/**
 * Events on open pages: the socket watches their rooms; nothing about them is sent but "it
 * changed" (the page refetches what this member may see). Only events he may see
 * (policy/events.ts): the others are left out, as if they did not exist.
 */
export function eventSockets(ctx: AppContext): (scope: SocketScope) => void {
  return ({ socket, on }) => {
    let watched: string[] = [];
    on("watchEvents", watchEventsSchema, async ({ eventIds }) => {
      const next = await visibleEventIds(ctx.db, socket.data.viewer, [...new Set(eventIds)]);
      for (const id of watched) if (!next.includes(id)) await socket.leave(eventRoom(id));
      await socket.join(next.map(eventRoom));
      watched = next;
      return { ok: true };
    });
  };
}
