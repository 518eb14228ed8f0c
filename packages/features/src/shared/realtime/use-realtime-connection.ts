import { createContext, useContext, useEffect, useMemo, useRef, useState } from "react";
import { serverCloseReconnectDelay, SOCKET_SIGN_IN_REQUIRED, type SessionUser } from "@vicinity/contract";
import { useBackgroundTurn } from "@vicinity/ui";
import type { VicinitySocket } from "./socket-client";

/** Spec section 4: connected, disconnected; a connect error sets disconnected. */
export type ConnectionState = "idle" | "connecting" | "connected" | "reconnecting" | "disconnected";

export interface RealtimeValue {
  state: ConnectionState;
  socket: VicinitySocket | null;
}

export const RealtimeContext = createContext<RealtimeValue>({ state: "idle", socket: null });

export type SocketFactory = (identity: {
  userId: string;
  username: string;
}) => VicinitySocket | Promise<VicinitySocket>;

/**
 * The real client, its code (socket.io-client, about 13 KB gzip) fetched when a member's socket is
 * first made: it is not in the JavaScript a page needs before it is interactive.
 */
const loadSocket: SocketFactory = async (identity) => (await import("./socket-client")).createSocket(identity);

/** How sockets are made: the real client in the app; stories and tests put a fake here. */
export const SocketFactoryContext = createContext<SocketFactory>(loadSocket);

export function useRealtime(): RealtimeValue {
  return useContext(RealtimeContext);
}

/**
 * Connects only when a member exists, disconnects on logout (user gone), and reports the state
 * so the screen can say it is reconnecting. `factory` is injectable for stories and tests.
 */
export function useRealtimeConnection(
  user: Pick<SessionUser, "id" | "username"> | null,
  options: {
    /**
     * The server refused the socket for want of a session: it ended (a logout in another tab, a
     * password change elsewhere, expiry). The app should ask who is signed in now.
     */
    onSignedOut?: () => void;
  } = {},
): RealtimeValue {
  const factory = useContext(SocketFactoryContext);
  // Made after the first page's paint, the first of the background work (FirstPaintGate,
  // docs/decisions/0029, 0030): what happens before it connects, the page does not hear of.
  const later = useBackgroundTurn({ first: true });
  const userId = user?.id ?? null;
  const username = user?.username ?? null;
  // Made unconnected (once its code is here); the next effect connects it (and disconnects it on logout or unmount).
  const [made, setMade] = useState<{ userId: string; username: string; socket: VicinitySocket } | null>(null);
  useEffect(() => {
    if (!userId || !username) return;
    let current = true;
    const cancel = later(() => {
      void Promise.resolve(factory({ userId, username })).then((socket) => {
        if (current) setMade({ userId, username, socket });
        else socket.disconnect();
      });
    });
    return () => {
      current = false;
      cancel();
      // A member who signs out and in again gets a new socket.
      setMade(null);
    };
  }, [userId, username, factory, later]);
  const socket = useMemo(
    () => (made && made.userId === userId && made.username === username ? made.socket : null),
    [made, userId, username],
  );
  const [status, setStatus] = useState<{ socket: VicinitySocket | null; state: ConnectionState }>({
    socket: null,
    state: "idle",
  });
  const onSignedOut = useRef(options.onSignedOut);
  useEffect(() => {
    onSignedOut.current = options.onSignedOut;
  });

  useEffect(() => {
    if (!socket) return;
    let everConnected = false;
    let refused = false;
    let retry: ReturnType<typeof setTimeout> | null = null;
    const onConnect = () => {
      everConnected = true;
      setStatus({ socket, state: "connected" });
    };
    const onDrop = () => setStatus({ socket, state: everConnected ? "reconnecting" : "disconnected" });
    const onDisconnect = (reason: string) => {
      onDrop();
      // A server that restarts (a deploy) closes its sockets itself, and socket.io then waits for
      // us: come back within the spec's 1 to 5 s, at a random moment so that the members of a
      // stopped node do not all arrive at once, unless the server refused who we are.
      if (reason === "io server disconnect" && !refused)
        retry = setTimeout(() => socket.connect(), serverCloseReconnectDelay());
    };
    const onAuthError = () => {
      refused = true;
    };
    const onConnectError = (error: Error) => {
      onDrop();
      if (error.message === SOCKET_SIGN_IN_REQUIRED) onSignedOut.current?.();
    };
    socket.on("connect", onConnect);
    socket.on("disconnect", onDisconnect);
    socket.on("connect_error", onConnectError);
    socket.on("authError", onAuthError);
    socket.connect();
    return () => {
      if (retry) clearTimeout(retry);
      socket.off("connect", onConnect);
      socket.off("disconnect", onDisconnect);
      socket.off("connect_error", onConnectError);
      socket.off("authError", onAuthError);
      socket.disconnect();
    };
  }, [socket]);

  if (!socket) return userId ? CONNECTING : IDLE;
  return { socket, state: status.socket === socket ? status.state : "connecting" };
}

const IDLE: RealtimeValue = { state: "idle", socket: null };
const CONNECTING: RealtimeValue = { state: "connecting", socket: null };
