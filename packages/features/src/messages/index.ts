export { MessagesPage, type MessagesPageProps } from "./components/messages-page";
export { RecentConversations } from "./components/recent-conversations";
export { MessengerProvider, useMessenger, type MessengerValue, type PendingMessage } from "./model/messenger";
export {
  useConversations,
  useConversation,
  useOpenConversation,
  useThread,
  conversationsQueryKey,
  threadQueryKey,
  unreadCountQueryKey,
} from "./api/conversations";
