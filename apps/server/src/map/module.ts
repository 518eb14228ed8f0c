import type { DomainModule } from "../http/module";
import { registerMapRoutes, registerOwnLocationRoutes } from "./routes";
import { mapSockets } from "./sockets";
import { registerMapTileRoutes } from "./tile-routes";

/** The live map: its tiles, the members and events in an area, his own place on it, and its live updates. */
export const mapModule: DomainModule = {
  name: "map",
  routes: {
    open: (group, ctx) => {
      registerMapTileRoutes(group, ctx);
      registerMapRoutes(group, ctx);
    },
    member: registerOwnLocationRoutes,
  },
  sockets: mapSockets,
};
