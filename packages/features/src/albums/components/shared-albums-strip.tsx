import { useCallback, useState } from "react";
import { Lock } from "lucide-react";
import type { AlbumPeer } from "@vicinity/features/shared";
import { useMemberAlbums } from "../api/albums";
import { AlbumChips } from "./album-chips";
import { AlbumViewer } from "./album-viewer";

/** His albums shared with me that have something to show, and the one open in the viewer. */
export function useSharedWithMe(memberId: string) {
  const query = useMemberAlbums(memberId);
  const albums = (query.data?.sharedWithMe ?? []).filter((a) => a.pictures.length > 0);
  const [open, setOpen] = useState<string | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const viewer = open ? <AlbumViewer memberId={memberId} albumId={open} onClose={close} /> : null;
  return { albums, open: setOpen, viewer };
}

/**
 * Above a direct chat's messages: his private albums shared with me, a chip each, a tap opens the viewer.
 * Nothing while there are none (nor while they load, nor when they cannot be had: the chat comes first).
 */
export function SharedAlbumsStrip({ peer }: { peer: AlbumPeer }) {
  const { albums, open, viewer } = useSharedWithMe(peer.id);
  if (albums.length === 0 && !viewer) return null;
  const title = `Private albums ${peer.name} shared with you`;
  return (
    <section aria-label={title} className="grid gap-1.5 border-b border-border bg-surface px-3 py-2">
      {albums.length > 0 ? (
        <>
          <p className="flex items-center gap-1.5 text-xs font-semibold text-muted-foreground">
            <Lock aria-hidden className="size-3.5" />
            {title}
          </p>
          <AlbumChips albums={albums} onOpen={open} layout="row" label={`${peer.name}'s private albums`} />
        </>
      ) : null}
      {viewer}
    </section>
  );
}
