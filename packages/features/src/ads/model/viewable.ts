import { AD_VIEWABLE_MS, AD_VIEWABLE_SHARE } from "@vicinity/contract";

export interface ViewableTracker {
  /** The share of the ad now on screen (an IntersectionObserver's intersectionRatio), 0 to 1. */
  update(ratio: number): void;
  /** The page was hidden (another tab, the phone locked): time on a hidden page does not count. */
  pageHidden(hidden: boolean): void;
  dispose(): void;
}

export interface ViewableOptions {
  onViewable: () => void;
  share?: number;
  ms?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/**
 * A viewable impression (the IAB/MRC display rule): at least `share` of the ad on
 * screen for `ms` without a break, counted once per view. Dropping below the share, or the page
 * going to the background, restarts the second.
 */
export function createViewableTracker({
  onViewable,
  share = AD_VIEWABLE_SHARE,
  ms = AD_VIEWABLE_MS,
  setTimer = (fn, wait) => setTimeout(fn, wait),
  clearTimer = (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}: ViewableOptions): ViewableTracker {
  let timer: unknown = null;
  let done = false;
  let visible = false;
  let hidden = false;

  const stop = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };
  const sync = () => {
    if (done) return;
    if (visible && !hidden) {
      if (timer === null)
        timer = setTimer(() => {
          timer = null;
          if (done) return;
          done = true;
          onViewable();
        }, ms);
    } else stop();
  };

  return {
    update(ratio) {
      // A float ratio of exactly half can come back as 0.4999...: allow for it.
      visible = ratio + 1e-3 >= share;
      sync();
    },
    pageHidden(value) {
      hidden = value;
      sync();
    },
    dispose() {
      done = true;
      stop();
    },
  };
}
