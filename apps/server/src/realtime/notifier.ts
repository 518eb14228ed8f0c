import type { Notifier } from "../http/context";
import { userRoom, type RealtimeCore } from "./socket";

/** The room of the sockets that watch an event (its page or list is open). */
export const eventRoom = (eventId: string) => `event:${eventId}`;

/** Pushes to members' open sockets on every node; nothing once the node has closed. */
export function notifierOf(core: RealtimeCore): Notifier {
  const { io } = core;
  const toUsersBut: Notifier["toUsersBut"] = (socketIds, userIds, event, ...args) => {
    if (userIds.length > 0 && !core.closed())
      io.to(userIds.map(userRoom))
        .except(socketIds)
        .emit(event, ...args);
  };
  return {
    toUsers: (userIds, event, ...args) => toUsersBut([], userIds, event, ...args),
    toUsersBut,
    disconnectUser: (userId) => {
      if (!core.closed()) io.in(userRoom(userId)).disconnectSockets(true);
    },
    toEventWatchers: (eventId) => {
      if (!core.closing()) io.to(eventRoom(eventId)).emit("eventChanged", { eventId });
    },
  };
}
