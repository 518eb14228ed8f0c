export { albumKeys, refreshMemberAlbums } from "./api/albums";
export { AlbumsPage, ALBUMS_PURPOSE } from "./components/albums-page";
export { AlbumViewer, ALBUM_GONE_MESSAGE } from "./components/album-viewer";
export { AlbumsLive } from "./components/albums-live";
export { ProfileSharedAlbums } from "./components/profile-shared-albums";
export { ShareAlbumsButton, ShareAlbumsSheet } from "./components/share-albums-sheet";
export { SharedAlbumsStrip } from "./components/shared-albums-strip";
