/** How long a map's new size must hold before the map is laid out for it again. */
export const MAP_RESIZE_SETTLE_MS = 150;

interface Size {
  width: number;
  height: number;
}

const sizeOf = (element: Element): Size => ({ width: element.clientWidth, height: element.clientHeight });

/**
 * Calls `onResize` when the element has a new size that has held for `settleMs`: a window dragged
 * wider lays a map out once, not at every step, and a size that comes back before it settles (a
 * phone's toolbar, a browser's full-page capture, which passes through a 1x1 viewport) changes
 * nothing, so the map keeps its tiles instead of dropping and fetching them again.
 * The observer's first report, right after the map was made, counts at once: the box the map was
 * made in may not have had its size yet (a chunk mounted before the layout settled).
 * Returns a function that stops watching.
 */
export function onSettledResize(
  element: Element,
  onResize: () => void,
  settleMs = MAP_RESIZE_SETTLE_MS,
  Observer: typeof ResizeObserver = ResizeObserver,
): () => void {
  let laidOutFor = sizeOf(element);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let first = true;
  const layOut = () => {
    const size = sizeOf(element);
    if (size.width === laidOutFor.width && size.height === laidOutFor.height) return;
    laidOutFor = size;
    onResize();
  };
  const observer = new Observer(() => {
    clearTimeout(timer);
    if (first) {
      first = false;
      layOut();
    } else timer = setTimeout(layOut, settleMs);
  });
  observer.observe(element);
  return () => {
    clearTimeout(timer);
    observer.disconnect();
  };
}
