import { useMatches } from "react-router";

/**
 * What a route tells the layout about its page, as its `handle` (docs/decisions/0017): the
 * layout reads it with useMatches() instead of matching paths.
 */
export interface PageHandle {
  /** The page fills the screen exactly and scrolls inside itself (conversations; the map later). */
  fullScreen?: boolean;
  /** The landing page at "/": whoever is not signed in sees it alone, without the app's header. */
  landing?: boolean;
  /** The page's name where access is refused: "Sign in or join Vicinity to see {page}." */
  page?: string;
}

/** The matched routes' handles merged from the outermost in: the innermost says last. */
export function pageHandleOf(matches: readonly { handle?: unknown }[]): PageHandle {
  const merged: PageHandle = {};
  for (const { handle } of matches) {
    if (handle && typeof handle === "object") Object.assign(merged, handle);
  }
  return merged;
}

/** The current page's handle (inside a data router). */
export function usePageHandle(): PageHandle {
  return pageHandleOf(useMatches());
}
