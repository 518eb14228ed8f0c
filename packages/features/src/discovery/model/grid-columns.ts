import { useCallback, useSyncExternalStore } from "react";

/**
 * A grid's columns as its classes set them: `base` below its first breakpoint, then, narrowest
 * first, each breakpoint's media query (Tailwind's `sm:` is `(min-width: 40rem)`) with its count.
 */
export interface GridColumns {
  base: number;
  from: readonly (readonly [query: string, columns: number])[];
}

/** The columns where `matches` says which media queries hold: the widest breakpoint that does. */
export function columnsAt(grid: GridColumns, matches: (query: string) => boolean): number {
  let columns = grid.base;
  for (const [query, count] of grid.from) if (matches(query)) columns = count;
  return columns;
}

/**
 * After how many cards a full-width row (an ad's place) goes so that it follows whole rows: the
 * first multiple of the column count that is at least `every` (never more often than `every`).
 */
export function wholeRowsFrom(every: number, columns: number): number {
  return Math.ceil(every / columns) * columns;
}

const canMatch = () => typeof window !== "undefined" && typeof window.matchMedia === "function";

/**
 * The grid's column count now, following the window across its breakpoints. Where there are no
 * media queries to ask (the server's render, jsdom) it is `base`.
 */
export function useGridColumns(grid: GridColumns): number {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!canMatch() || grid.from.length === 0) return () => undefined;
      const lists = grid.from.map(([query]) => window.matchMedia(query));
      for (const list of lists) list.addEventListener("change", onChange);
      return () => {
        for (const list of lists) list.removeEventListener("change", onChange);
      };
    },
    [grid],
  );
  const read = useCallback(
    () => (canMatch() ? columnsAt(grid, (query) => window.matchMedia(query).matches) : grid.base),
    [grid],
  );
  return useSyncExternalStore(subscribe, read, () => grid.base);
}
