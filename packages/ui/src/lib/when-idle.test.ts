import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FirstPaintGate, useAfterFirstPaint, whenIdle } from "./when-idle";

function Probe() {
  return createElement("p", null, useAfterFirstPaint() ? "after" : "before");
}

describe("FirstPaintGate", () => {
  it("holds background work back in the first render under the gate; without a gate (stories, tests) it starts at once", () => {
    expect(renderToStaticMarkup(createElement(Probe))).toBe("<p>after</p>");
    expect(renderToStaticMarkup(createElement(FirstPaintGate, null, createElement(Probe)))).toBe("<p>before</p>");
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
