import { io as connect, type Socket } from "socket.io-client";
import type { Ack, ClientToServerEvents, ServerToClientEvents } from "@vicinity/contract";
import type { BuiltServer } from "../app";

/** Socket helpers for the server's tests: real socket.io clients against a listening server. */
export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export async function listen(server: BuiltServer): Promise<string> {
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  const address = server.app.server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return `http://127.0.0.1:${address.port}`;
}

const open: ClientSocket[] = [];
export function socketFor(
  url: string,
  cookie?: string,
  options: { auth?: object; origin?: string } = {},
): ClientSocket {
  const headers: Record<string, string> = { origin: options.origin ?? url };
  if (cookie) headers.cookie = cookie;
  const socket: ClientSocket = connect(url, {
    transports: ["websocket"],
    extraHeaders: headers,
    auth: options.auth ?? {},
    reconnection: false,
    forceNew: true,
  });
  open.push(socket);
  return socket;
}

export function connected(socket: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", (e) => reject(e));
  });
}

export function refusal(socket: ClientSocket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once("connect", () => reject(new Error("connected, but should have been refused")));
    socket.once("connect_error", (e) => resolve(e.message));
  });
}

/** How long a test waits for an acknowledgement: a socket that was disconnected never gets one. */
const ACK_TIMEOUT_MS = 15_000;

export function emitAck<T = undefined, E extends keyof ClientToServerEvents = keyof ClientToServerEvents>(
  socket: ClientSocket,
  event: E,
  payload: unknown,
): Promise<Ack<T>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new Error(
            `no acknowledgement of ${event} within ${ACK_TIMEOUT_MS / 1000} s (the socket is ${socket.connected ? "connected" : "disconnected"})`,
          ),
        ),
      ACK_TIMEOUT_MS,
    );
    (socket.emit as (e: string, p: unknown, ack: (r: Ack<T>) => void) => void)(event, payload, (answer) => {
      clearTimeout(timer);
      resolve(answer);
    });
  });
}

/** The data of a successful acknowledgement (the test fails on a refusal). */
export function dataOf<T>(ack: Ack<T>): T {
  if (!ack.ok || ack.data === undefined) throw new Error(`expected a successful ack, got ${JSON.stringify(ack)}`);
  return ack.data;
}

export function closeOpenSockets() {
  while (open.length) open.pop()?.disconnect();
}

/** The next `event` on a socket that passes `match`, or a timeout. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  match: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
  timeoutMs = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${String(event)} in ${timeoutMs} ms`)), timeoutMs);
    const handler = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      (socket.off as (e: string, h: unknown) => void)(event, handler);
      resolve(payload);
    };
    (socket.on as (e: string, h: unknown) => void)(event, handler);
  });
}
