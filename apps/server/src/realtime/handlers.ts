import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { findControlCharacter, CONTROL_CHARACTER_MESSAGE, type Ack } from "@vicinity/contract";
import { describeZodError, HttpError } from "../http/errors";

/** What a handler gets: the validated payload, and whether the socket's session is still alive. */
export type SocketHandler<T, R> = (payload: T) => Promise<Ack<R> | void> | Ack<R> | void;

export interface HandlerGuards {
  log: FastifyBaseLogger;
  /**
   * Asked before every event, so a socket never outlives its session: false ends it
   * (`SessionStore.liveness`: the database, then what it said for a few seconds).
   */
  sessionAlive(): Promise<boolean>;
  /** Called when the session turned out to be gone. */
  onSessionEnded(): void;
  /**
   * The node's count of events in flight (its shutdown waits for them): returns the function that
   * ends this one, or null when the node is closing, and the event is answered "try again".
   */
  enter?(): (() => void) | null;
}

/** The answer to an event that reaches a node as it shuts down: the client tries again (on another node). */
export const NODE_CLOSING_MESSAGE = "The server is restarting. Try again in a moment.";

const INTERNAL_ERROR = "Something went wrong on our side. Please try again.";

/**
 * The arguments socket.io hands a listener, read the way a hostile client may send them: the ack is
 * the last argument only when it is a function (socket.io appends it there), anything else in that
 * place is not an ack; the payload is the first argument that is not the ack; extra ones are ignored.
 */
export function readArguments(args: readonly unknown[]): {
  payload: unknown;
  ack: ((result: unknown) => void) | undefined;
} {
  const last = args.length > 0 ? args[args.length - 1] : undefined;
  const ack = typeof last === "function" ? (last as (result: unknown) => void) : undefined;
  const payload = ack && args.length === 1 ? undefined : args[0];
  return { payload, ack };
}

/**
 * The one way a socket event handler is registered. It validates the payload with
 * the event's zod schema, refuses control characters anywhere in it, re-checks the session, treats an
 * ack that is not a function as absent, and catches every error: a member's event can answer
 * `{ ok: false, message }` at worst, never reach the process.
 *
 * `silent` events (typing) have no ack by design: a refusal is simply dropped.
 */
export function onEvent<S extends z.core.$ZodType, R = undefined>(
  socket: { on(event: string, listener: (...args: unknown[]) => void): unknown; disconnect(close?: boolean): unknown },
  event: string,
  schema: S,
  guards: HandlerGuards,
  handler: SocketHandler<z.output<S>, R>,
): void {
  socket.on(event, (...args: unknown[]) => {
    const { payload, ack } = readArguments(args);
    const answer = (result: Ack<R>) => {
      if (!ack) return;
      try {
        ack(result);
      } catch (error) {
        guards.log.warn({ err: error, event }, "socket ack failed");
      }
    };
    const leave = guards.enter ? guards.enter() : () => undefined;
    if (!leave) return answer({ ok: false, message: NODE_CLOSING_MESSAGE, retry: true });
    void (async () => {
      try {
        if (!(await guards.sessionAlive())) {
          answer({ ok: false, message: "Your session has ended. Sign in again." });
          guards.onSessionEnded();
          return;
        }
        const badText = findControlCharacter(payload);
        if (badText) return answer({ ok: false, message: `${CONTROL_CHARACTER_MESSAGE} (${badText})` });
        const parsed = z.safeParse(schema, payload);
        if (!parsed.success) return answer({ ok: false, message: describeZodError(parsed.error) });
        const result = await handler(parsed.data);
        if (result) answer(result);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode < 500) return answer({ ok: false, message: error.message });
        guards.log.error({ err: error, event }, "socket handler failed");
        answer({ ok: false, message: INTERNAL_ERROR });
      } finally {
        leave();
      }
    })();
  });
}
