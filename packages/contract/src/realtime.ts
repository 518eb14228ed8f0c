import * as z from "zod/mini";
import { locationSchema, presenceStatusSchema } from "./users";
import type { Message, MessagesReadEvent, SendMessage, TypingEvent } from "./messages";
import type { MapArea, MapChanges, MapSubscribe } from "./map";
import type { Notification } from "./notifications";

/** The handshake's refusal when there is no member session (none, a guest's, or one that ended). */
export const SOCKET_SIGN_IN_REQUIRED = "Sign in to connect";

/** Spec section 3: socket auth {userId, username}; it must match the session (decisions.md 4). */
export const socketAuthSchema = z.strictObject({
  userId: z.string().check(z.minLength(1)),
  username: z.string().check(z.minLength(1)),
});
export const updateLocationEventSchema = locationSchema;
export const conversationIdSchema = z.uuid("conversation id is not valid");
export const userOnlineStatusUpdateSchema = z.object({
  userId: z.string(),
  status: presenceStatusSchema,
  lastSeen: z.string(),
});
export type UserOnlineStatusUpdate = z.infer<typeof userOnlineStatusUpdateSchema>;

/** Every acknowledgement: ok, or a readable error; `retry` when trying again later may succeed. */
export type Ack<T = undefined> =
  | { ok: true; data?: T }
  /** `rateLimited`: only too many too fast; the request itself is fine, and waiting is all it takes. */
  | { ok: false; message: string; retry?: boolean; rateLimited?: boolean };

export interface ServerToClientEvents {
  userOnlineStatusUpdate: (payload: UserOnlineStatusUpdate) => void;
  authError: (payload: { message: string }) => void;
  /** A message in one of my conversations (mine too, for my other tabs and devices). */
  newMessage: (message: Message) => void;
  typing: (event: TypingEvent) => void;
  messagesRead: (event: MessagesReadEvent) => void;
  /** The live map: each tile's whole new content, replacing what the client had of it (a viewer over his cap). */
  mapTiles: (payload: MapArea) => void;
  /** The live map: what changed in the viewer's tiles (docs/decisions/0038). */
  mapChanges: (payload: MapChanges) => void;
  /** A new entry of the member's notifications list (decisions.md, "Notifications"). */
  notification: (payload: Notification) => void;
  /** An event he can see changed (places left, cancelled, edited): refetch it. */
  eventChanged: (payload: { eventId: string }) => void;
  /** A message was removed: by a group's moderator, or `unsent` by its sender (issue 38). */
  messageRemoved: (payload: { conversationId: string; messageId: number; unsent?: boolean }) => void;
  /**
   * What a member shares with me of his private albums changed (shared, unshared, a picture added or taken out,
   * renamed, deleted): ask GET /api/users/:memberId/albums again, and close what is no longer shared.
   */
  albumsChanged: (payload: { memberId: string }) => void;
  /** A view-once picture of a conversation of mine was opened by the member it was sent to (decisions/0047). */
  pictureOpened: (payload: { conversationId: string; messageId: number; openedAt: string }) => void;
}

/**
 * Every event the server pushes, as a list (the visibility table test holds each to a rule). The
 * type check below fails when an event is added to ServerToClientEvents and not here.
 */
export const SERVER_EVENTS = [
  "userOnlineStatusUpdate",
  "authError",
  "newMessage",
  "typing",
  "messagesRead",
  "mapTiles",
  "mapChanges",
  "notification",
  "eventChanged",
  "messageRemoved",
  "albumsChanged",
  "pictureOpened",
] as const satisfies ReadonlyArray<keyof ServerToClientEvents>;
type MissingServerEvent = Exclude<keyof ServerToClientEvents, (typeof SERVER_EVENTS)[number]>;
/** Compiles only while SERVER_EVENTS names every event. */
export const SERVER_EVENTS_COMPLETE: [MissingServerEvent] extends [never] ? true : MissingServerEvent = true;

export interface ClientToServerEvents {
  auth: (payload: z.infer<typeof socketAuthSchema>, ack?: (result: Ack) => void) => void;
  updateLocation: (payload: z.infer<typeof locationSchema>, ack?: (result: Ack) => void) => void;
  joinConversation: (conversationId: string, ack?: (result: Ack) => void) => void;
  leaveConversation: (conversationId: string, ack?: (result: Ack) => void) => void;
  /** Stored before it is acknowledged; the same tempId again returns the same message. */
  sendMessage: (payload: SendMessage, ack?: (result: Ack<Message>) => void) => void;
  typing: (payload: { conversationId: string; isTyping: boolean }) => void;
  /** The live map: replaces the socket's subscribed tiles (an empty list stops the updates). */
  mapSubscribe: (payload: MapSubscribe, ack?: (result: Ack) => void) => void;
  /** The events the open pages show: their changes come as `eventChanged`. */
  watchEvents: (payload: { eventIds: string[] }, ack?: (result: Ack) => void) => void;
}

/** Spec section 9: reconnect after 1 to 5 s without limit; 20 s connection timeout. */
export const SOCKET_RECONNECT_DELAY_MS = 1000;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 5000;
export const SOCKET_TIMEOUT_MS = 20_000;

/**
 * When a server closes its sockets itself (a node's graceful stop), socket.io does not reconnect
 * on its own: the app does, after a random delay within the spec's 1 to 5 s. A node holding a
 * thousand sockets sends them all away in the same instant; spread over 4 s, they do not meet the
 * nodes left (and their catch-ups) all at once.
 */
export function serverCloseReconnectDelay(random: () => number = Math.random): number {
  return Math.round(SOCKET_RECONNECT_DELAY_MS + random() * (SOCKET_RECONNECT_DELAY_MAX_MS - SOCKET_RECONNECT_DELAY_MS));
}
