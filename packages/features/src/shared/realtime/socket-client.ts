import { io, type Socket } from "socket.io-client";
import {
  SOCKET_RECONNECT_DELAY_MAX_MS,
  SOCKET_RECONNECT_DELAY_MS,
  SOCKET_TIMEOUT_MS,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from "@vicinity/contract";

export type VicinitySocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The one way to open the socket: typed events, the spec's reconnect settings (section 9). */
export function createSocket(identity: { userId: string; username: string }, url?: string): VicinitySocket {
  const options = {
    path: "/socket.io",
    withCredentials: true,
    auth: identity,
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
    timeout: SOCKET_TIMEOUT_MS,
    // WebSocket first, long-polling only where a network blocks it (docs/decisions/0015). Polling
    // first would hold one of the browser's six HTTP/1.1 connections per host for every long-poll
    // and, across several server nodes, would need sticky sessions.
    transports: ["websocket", "polling"],
    tryAllTransports: true,
    // The connection hook connects it, so that making one has no side effect.
    autoConnect: false,
  };
  return url ? io(url, options) : io(options);
}
