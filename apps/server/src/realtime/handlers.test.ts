import { EventEmitter } from "node:events";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { keepServingOnUncaughtErrors } from "../http/crash-guard";
import { onEvent, readArguments, type HandlerGuards } from "./handlers";

const log = { error: vi.fn(), warn: vi.fn() } as unknown as HandlerGuards["log"];

function fakeSocket() {
  const emitter = new EventEmitter();
  return Object.assign(emitter, { disconnect: vi.fn() });
}

const alive = (value: boolean, onSessionEnded = vi.fn()): HandlerGuards => ({
  log,
  sessionAlive: async () => value,
  onSessionEnded,
});

/** Emits like socket.io does (listeners called synchronously) and waits for the handler's answer. */
async function settle() {
  await new Promise((resolve) => setImmediate(resolve));
}

describe("readArguments: what a hostile client may send", () => {
  it("takes the ack only when the last argument is a function", () => {
    const ack = () => undefined;
    expect(readArguments(["x", ack])).toEqual({ payload: "x", ack });
    expect(readArguments(["not-a-uuid", "not-a-function"])).toEqual({ payload: "not-a-uuid", ack: undefined });
    expect(readArguments([{ latitude: 1 }, 42])).toEqual({ payload: { latitude: 1 }, ack: undefined });
    expect(readArguments([ack])).toEqual({ payload: undefined, ack });
    expect(readArguments([])).toEqual({ payload: undefined, ack: undefined });
    expect(readArguments(["x", 1, 2, ack])).toEqual({ payload: "x", ack });
  });
});

describe("onEvent", () => {
  const schema = z.strictObject({ n: z.number({ error: "n must be a number" }) });

  it("answers a handler's result, a refusal for a bad payload, and nothing without an ack", async () => {
    const socket = fakeSocket();
    onEvent(socket, "e", schema, alive(true), ({ n }) => ({ ok: true, data: n * 2 }));
    const ack = vi.fn();
    socket.emit("e", { n: 2 }, ack);
    socket.emit("e", { n: "x" }, ack);
    socket.emit("e", { n: 2 }, "not-a-function");
    await settle();
    // (Each event is answered when its own work ends, in any order.)
    expect(ack).toHaveBeenCalledTimes(2);
    expect(ack).toHaveBeenCalledWith({ ok: true, data: 4 });
    expect(ack).toHaveBeenCalledWith({ ok: false, message: "n must be a number" });
  });

  it("catches a throwing handler and a throwing ack: the process never sees them", async () => {
    const socket = fakeSocket();
    onEvent(socket, "boom", schema, alive(true), () => {
      throw new TypeError("ack is not a function");
    });
    const ack = vi.fn();
    socket.emit("boom", { n: 1 }, ack);
    socket.emit("boom", { n: 1 }, () => {
      throw new Error("the client's ack threw");
    });
    await settle();
    expect(ack).toHaveBeenCalledWith({ ok: false, message: "Something went wrong on our side. Please try again." });
  });

  it("refuses control characters anywhere in the payload", async () => {
    const socket = fakeSocket();
    onEvent(socket, "e", z.unknown(), alive(true), () => ({ ok: true }));
    const ack = vi.fn();
    socket.emit("e", { deep: [{ text: "a\u0000b" }] }, ack);
    await settle();
    expect(ack).toHaveBeenCalledWith({ ok: false, message: "Text can't contain control characters (deep[0].text)" });
  });

  it("refuses every event of an ended session and ends the socket", async () => {
    const socket = fakeSocket();
    const ended = vi.fn();
    const handler = vi.fn(() => ({ ok: true as const }));
    onEvent(socket, "e", schema, alive(false, ended), handler);
    const ack = vi.fn();
    socket.emit("e", { n: 1 }, ack);
    await settle();
    expect(handler).not.toHaveBeenCalled();
    expect(ack).toHaveBeenCalledWith({ ok: false, message: "Your session has ended. Sign in again." });
    expect(ended).toHaveBeenCalled();
  });
});

describe("keepServingOnUncaughtErrors", () => {
  it("logs an uncaught error and an unhandled rejection instead of letting them end the process", () => {
    const target = new EventEmitter();
    const error = vi.fn();
    keepServingOnUncaughtErrors(target as unknown as NodeJS.Process, { error } as never);
    expect(target.listenerCount("uncaughtException")).toBe(1);
    expect(target.listenerCount("unhandledRejection")).toBe(1);
    target.emit("uncaughtException", new TypeError("ack is not a function"));
    target.emit("unhandledRejection", new Error("late"));
    expect(error).toHaveBeenCalledTimes(2);
  });
});

describe("onEvent on a node that is closing", () => {
  it("counts the events in flight until their answers, and answers 'try again' once the node closes", async () => {
    const socket = fakeSocket();
    let inFlight = 0;
    let closing = false;
    const enter = () => {
      if (closing) return null;
      inFlight += 1;
      return () => void (inFlight -= 1);
    };
    let release: () => void = () => undefined;
    const handler = vi.fn(() => new Promise<{ ok: true }>((resolve) => (release = () => resolve({ ok: true }))));
    onEvent(socket, "e", z.unknown(), { ...alive(true), enter }, handler);
    const first = vi.fn();
    socket.emit("e", 1, first);
    expect(inFlight).toBe(1);
    closing = true;
    const second = vi.fn();
    socket.emit("e", 2, second);
    expect(second).toHaveBeenCalledWith({
      ok: false,
      message: "The server is restarting. Try again in a moment.",
      retry: true,
    });
    await settle();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
    release();
    await settle();
    expect(first).toHaveBeenCalledWith({ ok: true });
    expect(inFlight).toBe(0);
  });
});
