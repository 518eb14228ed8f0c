import { lazy, Suspense } from "react";
import type { AlbumSlots } from "@vicinity/features/shared";

const SharedAlbumsStrip = lazy(() => import("./albums-on-demand").then((m) => ({ default: m.SharedAlbumsStrip })));
const ShareAlbumsButton = lazy(() => import("./albums-on-demand").then((m) => ({ default: m.ShareAlbumsButton })));
const ProfileSharedAlbums = lazy(() => import("./albums-on-demand").then((m) => ({ default: m.ProfileSharedAlbums })));
/** Listens for changes to what members share with him; loaded once his socket is up. */
export const LazyAlbumsLive = lazy(() => import("./albums-on-demand").then((m) => ({ default: m.AlbumsLive })));

/**
 * The private albums in a member's pages, which MemberSession gives them: the chat's strip and composer button,
 * the profile's section. Their code comes when the first shows; the composer keeps the button's room meanwhile.
 */
export const MemberAlbumSlots: AlbumSlots = {
  chatStrip: (peer) => (
    <Suspense fallback={null}>
      <SharedAlbumsStrip peer={peer} />
    </Suspense>
  ),
  composerAction: (peer) => (
    <Suspense fallback={<span aria-hidden className="size-10 shrink-0" />}>
      <ShareAlbumsButton peer={peer} />
    </Suspense>
  ),
  profile: (memberId) => (
    <Suspense fallback={null}>
      <ProfileSharedAlbums memberId={memberId} />
    </Suspense>
  ),
};
