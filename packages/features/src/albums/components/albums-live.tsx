import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { Notification } from "@vicinity/contract";
import { useRealtime } from "@vicinity/features/shared";
import { refreshMemberAlbums } from "../api/albums";

/**
 * Inside the member's session: what a member shares with me changed (`albumsChanged`, or his `album_shared`
 * notification): what shows it asks again (an open viewer whose album is gone closes itself), the rest is dropped.
 * Renders nothing.
 */
export function AlbumsLive() {
  const { socket } = useRealtime();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const onChanged = ({ memberId }: { memberId: string }) => void refreshMemberAlbums(queryClient, memberId);
    const onNotification = (notification: Notification) => {
      if (notification.kind === "album_shared" && notification.data.memberId)
        void refreshMemberAlbums(queryClient, notification.data.memberId);
    };
    socket.on("albumsChanged", onChanged);
    socket.on("notification", onNotification);
    return () => {
      socket.off("albumsChanged", onChanged);
      socket.off("notification", onNotification);
    };
  }, [socket, queryClient]);
  return null;
}
