import type { DomainModule } from "../http/module";
import { registerMessageRoutes } from "./routes";
import { messageSockets } from "./sockets";
import { expireViewOncePictures } from "./service";

/** A view-once picture's file goes this long after it was opened (its showing and its grace are long over). */
export const VIEW_ONCE_FILE_KEPT_SECONDS = 60;

/** Conversations and messages: direct and group chats, delivery, read receipts, typing, view-once pictures. */
export const messagesModule: DomainModule = {
  name: "messages",
  routes: { member: registerMessageRoutes },
  sockets: messageSockets,
  jobs: [
    {
      name: "view-once pictures",
      everyMs: 60_000,
      run: async (ctx) => {
        for (const id of await expireViewOncePictures(ctx.db, VIEW_ONCE_FILE_KEPT_SECONDS))
          await ctx.mediaStore.remove(id).catch(() => undefined);
      },
    },
  ],
};
