export { MessagesPage, type MessagesPageProps } from "./components/messages-page";
export { RecentConversations } from "./components/recent-conversations";
export { MessengerProvider, useMessenger, type MessengerValue } from "./model/messenger";
export type { PendingMessage } from "./model/pending-message";
export { useConversations, useConversation, useOpenConversation, useThread, messageKeys } from "./api/conversations";
