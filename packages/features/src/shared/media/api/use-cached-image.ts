import { useEffect, useState } from "react";
import { ImageCache } from "../model/image-cache";

/** One cache for the whole app, so a picture shown in several places is fetched once. */
export const defaultImageCache = new ImageCache();

// Started on first use rather than at import, so SSR, tests and pages without pictures
// never leave a cleanup timer running.
function startDefaultImageCache(): void {
  if (typeof window !== "undefined" && !defaultImageCache.started) defaultImageCache.start();
}

/**
 * The src to render for a picture: the given URL at first, the cached object URL once fetched,
 * and the given URL again if fetching fails. Pass an already optimised URL (see avatarUrl etc.).
 */
export function useCachedImage(
  url: string | null | undefined,
  cache: ImageCache = defaultImageCache,
): string | undefined {
  const [resolved, setResolved] = useState<{ url: string; src: string } | null>(null);

  useEffect(() => {
    // Nothing to fetch without a URL, or on the server.
    if (!url || typeof window === "undefined") return;
    if (cache === defaultImageCache) startDefaultImageCache();
    let active = true;
    void cache.get(url).then((src) => {
      if (active) setResolved({ url, src });
    });
    return () => {
      active = false;
    };
  }, [url, cache]);

  if (!url) return undefined;
  // A result for an earlier URL is ignored; a fresh cached copy is used at once to avoid a flash.
  if (resolved?.url === url) return resolved.src;
  return cache.peek(url) ?? url;
}
