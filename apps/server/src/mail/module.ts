import type { DomainModule } from "../http/module";
import { registerDevMailRoutes } from "./dev-routes";

/** In development, the mails the app would have sent, to read in the browser. */
export const mailModule: DomainModule = {
  name: "mail",
  routes: {
    open: (group, ctx) => {
      if (ctx.config.env === "development" && ctx.mail.list)
        registerDevMailRoutes(group, { list: ctx.mail.list.bind(ctx.mail) });
    },
  },
};
