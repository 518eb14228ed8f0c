import type { AppContext } from "../http/context";
import { presenceAudienceOf, pushesAbout } from "../policy/members";
import { userRoom, type RealtimeCore, type SocketScope } from "../realtime/socket";

/**
 * Online while a socket of his is open, on any node; offline when his last one closes. A change is
 * pushed only about a member who is shown, and only to those he has a conversation with, never to
 * those in a block with him (policy/members.ts).
 */
export function presenceSockets(ctx: AppContext, core: RealtimeCore): (scope: SocketScope) => void {
  const { io, log } = core;
  const stop = ctx.presence.onChange(async ({ userId, status, lastSeen }) => {
    // His marker's online ring, for those who look at his tile.
    ctx.mapChanges.memberChanged(userId);
    // A node shutting down tells nobody: its database and Redis links are going.
    if (core.closing()) return;
    try {
      if (!(await pushesAbout(ctx.db, userId))) return;
      const told = await presenceAudienceOf(ctx.db, userId);
      // The node may have begun to close while they were read: its Redis link is going.
      if (core.closing()) return;
      ctx.notify.toUsers(told, "userOnlineStatusUpdate", { userId, status, lastSeen: lastSeen.toISOString() });
    } catch (error) {
      // Its pool closed under it as the node shut down: nothing to tell.
      if (!core.closing()) log.warn(error);
    }
  });
  core.onClose(stop);

  return ({ me, onDisconnect }) => {
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
