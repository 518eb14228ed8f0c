import type { DomainModule } from "../http/module";
import { registerAlbumRoutes } from "./routes";

/** Private albums (issue 38 item 4, decisions/0046): pictures a member shares with one member at a time. */
export const albumsModule: DomainModule = {
  name: "albums",
  routes: { member: registerAlbumRoutes },
};
