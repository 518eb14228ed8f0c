import { Lock } from "lucide-react";
import { useSharedWithMe } from "./shared-albums-strip";
import { AlbumChips } from "./album-chips";

/** On his profile: his private albums shared with me, as in the chat's strip. Nothing when there are none. */
export function ProfileSharedAlbums({ memberId }: { memberId: string }) {
  const { albums, open, viewer } = useSharedWithMe(memberId);
  if (albums.length === 0 && !viewer) return null;
  return (
    <section aria-labelledby="shared-albums-heading" className="grid gap-2">
      {albums.length > 0 ? (
        <>
          <h2
            id="shared-albums-heading"
            className="flex items-center gap-1.5 text-sm font-semibold tracking-wide text-muted-foreground uppercase"
          >
            <Lock aria-hidden className="size-4" />
            Private albums shared with you
          </h2>
          <AlbumChips albums={albums} onOpen={open} label="Private albums shared with you" />
        </>
      ) : null}
      {viewer}
    </section>
  );
}
