export { AlbumsPage } from "@vicinity/features/albums";
