// The private albums' parts that a member's pages show (decisions/0046), kept off the first load: one chunk,
// fetched when the first of them shows (a chat, a profile) or once his socket is up; a module of its own, so
// that no barrel is itself import()ed (docs/decisions/0017).
export { AlbumsLive, ProfileSharedAlbums, ShareAlbumsButton, SharedAlbumsStrip } from "@vicinity/features/albums";
