import { describe, expect, it, vi } from "vitest";
import { onSettledResize } from "./settled-size";

describe("onSettledResize", () => {
  /** An element whose size the test sets, watched by an observer the test triggers. */
  const setup = () => {
    const element = { clientWidth: 622, clientHeight: 222 } as unknown as Element & {
      clientWidth: number;
      clientHeight: number;
    };
    const observers: Array<() => void> = [];
    const Observer = class {
      constructor(private readonly callback: () => void) {}
      observe() {
        observers.push(this.callback);
      }
      disconnect() {
        observers.length = 0;
      }
    } as unknown as typeof ResizeObserver;
    const resizeTo = (width: number, height: number) => {
      Object.assign(element, { clientWidth: width, clientHeight: height });
      observers.forEach((notify) => notify());
    };
    return { element, Observer, resizeTo, observers };
  };

  it("lays out once for a size that holds, and not for one that comes back before it settles", () => {
    vi.useFakeTimers();
    try {
      const { element, Observer, resizeTo } = setup();
      const onResize = vi.fn();
      onSettledResize(element, onResize, 150, Observer);
      resizeTo(622, 222); // the observer's first report: the size the map was made in
      expect(onResize).not.toHaveBeenCalled();
      // A full-page capture passes through a 1x1 viewport and back.
      resizeTo(202, 222);
      vi.advanceTimersByTime(40);
      resizeTo(622, 222);
      vi.advanceTimersByTime(1000);
      expect(onResize).not.toHaveBeenCalled();
      // A window dragged wider: every step resets the wait; one layout at the end.
      resizeTo(700, 222);
      vi.advanceTimersByTime(100);
      resizeTo(800, 222);
      vi.advanceTimersByTime(149);
      expect(onResize).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(onResize).toHaveBeenCalledTimes(1);
      // The same size reported again changes nothing; a new height does.
      resizeTo(800, 222);
      vi.advanceTimersByTime(200);
      expect(onResize).toHaveBeenCalledTimes(1);
      resizeTo(800, 400);
      vi.advanceTimersByTime(200);
      expect(onResize).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("takes the observer's first report at once: the box may have grown since the map was made", () => {
    const { element, Observer, resizeTo } = setup();
    const onResize = vi.fn();
    onSettledResize(element, onResize, 150, Observer);
    resizeTo(622, 480);
    expect(onResize).toHaveBeenCalledTimes(1);
  });

  it("stops watching, and drops a pending layout, when stopped", () => {
    vi.useFakeTimers();
    try {
      const { element, Observer, resizeTo, observers } = setup();
      const onResize = vi.fn();
      const stop = onSettledResize(element, onResize, 150, Observer);
      resizeTo(622, 222);
      resizeTo(300, 222);
      stop();
      vi.advanceTimersByTime(500);
      expect(onResize).not.toHaveBeenCalled();
      expect(observers).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
