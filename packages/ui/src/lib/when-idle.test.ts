import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTurns, FirstPaintGate, useAfterFirstPaint, whenIdle } from "./when-idle";

function Probe() {
  return createElement("p", null, useAfterFirstPaint() ? "after" : "before");
}

describe("FirstPaintGate", () => {
  it("holds background work back in the first render under the gate; without a gate (stories, tests) it starts at once", () => {
    expect(renderToStaticMarkup(createElement(Probe))).toBe("<p>after</p>");
    expect(renderToStaticMarkup(createElement(FirstPaintGate, null, createElement(Probe)))).toBe("<p>before</p>");
  });
});

describe("createTurns", () => {
  /** A scheduler whose idle moments the test hands out one at a time. */
  function idleMoments() {
    const queued: Array<() => void> = [];
    const schedule = vi.fn((callback: () => void) => {
      queued.push(callback);
      return () => void queued.splice(queued.indexOf(callback), 1);
    });
    return { schedule, queued, idle: () => queued.shift()?.() };
  }

  it("starts nothing before it opens, then one waiting start per idle moment, in order", () => {
    const moments = idleMoments();
    const turns = createTurns(moments.schedule);
    const started: string[] = [];
    turns.take(() => started.push("socket"));
    turns.take(() => started.push("heartbeat"));
    turns.take(() => started.push("count"));
    expect(moments.queued).toHaveLength(0);
    turns.open();
    expect(started).toEqual([]);
    moments.idle();
    expect(started).toEqual(["socket"]);
    moments.idle();
    expect(started).toEqual(["socket", "heartbeat"]);
    expect(turns.settled()).toBe(false);
    moments.idle();
    expect(started).toEqual(["socket", "heartbeat", "count"]);
    expect(turns.settled()).toBe(true);
    expect(moments.queued).toHaveLength(0);
  });

  it("puts a start that asks to be first at the head of the queue", () => {
    const moments = idleMoments();
    const turns = createTurns(moments.schedule);
    const started: string[] = [];
    for (const [name, first] of [
      ["heartbeat", false],
      ["count", false],
      ["socket", true],
    ] as const)
      turns.take(() => started.push(name), first);
    turns.open();
    while (moments.queued.length > 0) moments.idle();
    expect(started).toEqual(["socket", "heartbeat", "count"]);
  });

  it("drops a start taken back before its turn, and a stopped gate starts nothing more", () => {
    const moments = idleMoments();
    const turns = createTurns(moments.schedule);
    const started: string[] = [];
    const takeBack = turns.take(() => started.push("left"));
    turns.take(() => started.push("stays"));
    takeBack();
    turns.open();
    moments.idle();
    expect(started).toEqual(["stays"]);
    turns.take(() => started.push("after stop"));
    turns.stop();
    moments.idle();
    expect(started).toEqual(["stays"]);
  });

  it("is settled only once open with nobody waiting (a newcomer then starts without waiting)", () => {
    const moments = idleMoments();
    const turns = createTurns(moments.schedule);
    expect(turns.settled()).toBe(false);
    turns.open();
    expect(turns.settled()).toBe(true);
    turns.take(() => undefined);
    expect(turns.settled()).toBe(false);
  });
});

describe("whenIdle", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("asks the browser for an idle moment, with the timeout, and can be cancelled", () => {
    const requestIdleCallback = vi.fn(() => 7);
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal("window", { requestIdleCallback, cancelIdleCallback });
    const callback = vi.fn();
    const cancel = whenIdle(callback, 1500);
    expect(requestIdleCallback).toHaveBeenCalledWith(callback, { timeout: 1500 });
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });

  it("falls back to a short timer where the browser has no idle callbacks", () => {
    vi.useFakeTimers();
    vi.stubGlobal("window", {});
    const callback = vi.fn();
    whenIdle(callback);
    vi.advanceTimersByTime(199);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledOnce();
  });
});
