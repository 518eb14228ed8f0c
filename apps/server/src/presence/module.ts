import type { DomainModule } from "../http/module";
import { presenceSockets } from "./sockets";

/** Who is online: an open socket is a sign of life, and those who may see him are told. */
export const presenceModule: DomainModule = {
  name: "presence",
  sockets: presenceSockets,
};
