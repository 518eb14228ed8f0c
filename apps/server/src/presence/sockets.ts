import type { AppContext } from "../http/context";
import { blockedPeersOf } from "../policy/blocks";
import { pushesAbout } from "../policy/members";
import { userRoom, type RealtimeCore, type SocketScope } from "../realtime/socket";

/** Every member's socket: who is told when someone comes online or goes. */
const MEMBERS_ROOM = "members";

/**
 * Online while a socket of his is open, on any node; offline when his last one closes. A change is
 * pushed only about a member who is shown (policy/members.ts), and never to those in a block with him.
 */
export function presenceSockets(ctx: AppContext, core: RealtimeCore): (scope: SocketScope) => void {
  const { io, log } = core;
  const stop = ctx.presence.onChange(async ({ userId, status, lastSeen }) => {
    // His marker's online ring, for those who look at his tile.
    ctx.mapChanges.memberChanged(userId);
    try {
      if (!(await pushesAbout(ctx.db, userId))) return;
      const hidden = await blockedPeersOf(ctx.db, userId);
      // The node may have begun to close while the blocks were read: its Redis link is going.
      if (core.closing()) return;
      io.to(MEMBERS_ROOM)
        .except([userRoom(userId), ...hidden.map(userRoom)])
        .emit("userOnlineStatusUpdate", { userId, status, lastSeen: lastSeen.toISOString() });
    } catch (error) {
      log.warn(error);
    }
  });
  core.onClose(stop);

  return ({ socket, me, onDisconnect }) => {
    void socket.join(MEMBERS_ROOM);
    void ctx.presence.heartbeat(me.id).catch((e: unknown) => log.warn(e));
    onDisconnect(() => {
      void (async () => {
        // A node shutting down leaves presence to the others (and its Redis link is going).
        if (core.closing()) return;
        // Offline only when his last socket, on any node, is gone.
        const remaining = await io
          .in(userRoom(me.id))
          .fetchSockets()
          .catch(() => []);
        if (remaining.length === 0 && !core.closing()) await ctx.presence.markOffline(me.id);
      })().catch((e: unknown) => log.warn(e));
    });
  };
}
