import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useRealtime } from "@vicinity/features/shared";
import { eventKeys } from "./events";

/**
 * Watches an event over the visit's socket while its page is open (`watchEvents`), again after
 * every reconnection; an `eventChanged` for it refetches the page and its attendees.
 */
export function useWatchEvent(id: string) {
  const { socket, state } = useRealtime();
  const queryClient = useQueryClient();
  const connected = socket !== null && state === "connected";

  useEffect(() => {
    if (!socket || !connected) return;
    socket.emit("watchEvents", { eventIds: [id] });
    return () => {
      if (socket.connected) socket.emit("watchEvents", { eventIds: [] });
    };
  }, [socket, connected, id]);

  useEffect(() => {
    if (!socket) return;
    const onChanged = ({ eventId }: { eventId: string }) => {
      if (eventId !== id) return;
      void queryClient.invalidateQueries({ queryKey: eventKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: eventKeys.attendees(id) });
    };
    socket.on("eventChanged", onChanged);
    return () => {
      socket.off("eventChanged", onChanged);
    };
  }, [socket, id, queryClient]);
}
