import type { DomainModule } from "../http/module";
import { registerMediaRoutes, registerMediaUploadRoutes } from "./routes";

/** Pictures: uploads through the pipeline, and serving them to those who may see them. */
export const mediaModule: DomainModule = {
  name: "media",
  routes: { open: registerMediaRoutes, member: registerMediaUploadRoutes },
};
