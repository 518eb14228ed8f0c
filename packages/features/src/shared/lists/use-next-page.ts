import { useEffect, useRef, useState } from "react";

/** What an infinite list's query says of its next page (TanStack Query's useInfiniteQuery gives these). */
export interface NextPageQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Infinite scroll, written once (the grid, events, groups): the element this ref is given to (a sentinel after the
 * list's last item) asks for the next page when it comes within `rootMargin` of view, and asks again when the list
 * is ready for another while it is still in view. The observer tells only of changes: a sentinel that stayed in view
 * while a page loaded (or before a render gave the callback the new state) would otherwise never ask again (the
 * clean CI at a21f1fb stopped at 40 of 45 events on a phone). The ref is a callback: a sentinel that is replaced
 * (the list went to its loading state and back) is watched in its turn.
 */
export function useNextPageSentinel<T extends HTMLElement = HTMLDivElement>(
  { hasNextPage, isFetchingNextPage, fetchNextPage }: NextPageQuery,
  { rootMargin = "400px 0px" }: { rootMargin?: string } = {},
) {
  const [element, ref] = useState<T | null>(null);
  const ready = hasNextPage && !isFetchingNextPage;
  const ask = useRef(() => {});
  const visible = useRef(false);
  useEffect(() => {
    ask.current = () => {
      if (ready) void fetchNextPage();
    };
  });
  useEffect(() => {
    if (!element || !hasNextPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        visible.current = entries.some((e) => e.isIntersecting);
        if (visible.current) ask.current();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      visible.current = false;
    };
  }, [element, hasNextPage, rootMargin]);
  useEffect(() => {
    if (ready && visible.current) ask.current();
  }, [ready]);
  return ref;
}
