import type { DomainModule } from "../http/module";
import { locationSockets } from "./sockets";

/** His position from an open app, through the socket (the HTTP call lives with the users' routes). */
export const locationModule: DomainModule = {
  name: "location",
  sockets: locationSockets,
};
