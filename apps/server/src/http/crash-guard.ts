import type { FastifyBaseLogger } from "fastify";

interface ProcessEvents {
  on(event: "uncaughtException", listener: (error: Error) => void): unknown;
  on(event: "unhandledRejection", listener: (reason: unknown) => void): unknown;
}

/**
 * The last line of defence: an error that escaped a request or a socket event
 * is logged and the process goes on serving everyone else. Each handler and event catches its own
 * errors first (Fastify's error handler, `onEvent`); this is for what a bug lets through.
 */
export function keepServingOnUncaughtErrors(target: ProcessEvents, log: Pick<FastifyBaseLogger, "error">): void {
  target.on("uncaughtException", (error) => log.error({ err: error }, "uncaught exception: logged, still serving"));
  target.on("unhandledRejection", (reason) => log.error({ err: reason }, "unhandled rejection: logged, still serving"));
}
