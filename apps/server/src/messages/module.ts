import type { DomainModule } from "../http/module";
import { registerMessageRoutes } from "./routes";
import { messageSockets } from "./sockets";

/** Conversations and messages: direct and group chats, delivery, read receipts, typing. */
export const messagesModule: DomainModule = {
  name: "messages",
  routes: { member: registerMessageRoutes },
  sockets: messageSockets,
};
