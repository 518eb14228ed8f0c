import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { ImageCache } from "../model/image-cache";
import { defaultImageCache, useCachedImage } from "./use-cached-image";

// The unit project runs in node (no DOM), so the hook is checked through server rendering:
// the first src it gives, and that rendering on the server neither fetches nor starts timers.
function renderSrc(url: string | null | undefined, cache?: ImageCache): string {
  function Probe() {
    const src = useCachedImage(url, cache);
    // A data attribute, not an <img>: React would add a preload <link> for an image.
    return createElement("span", { "data-src": src });
  }
  return renderToString(createElement(Probe));
}

describe("useCachedImage", () => {
  it("renders the given URL first, without fetching on the server", () => {
    const fetcher = vi.fn(async () => new Response("x"));
    const cache = new ImageCache({ fetcher });
    expect(renderSrc("/media/a?w=48&h=48&q=85", cache)).toBe(
      '<span data-src="/media/a?w=48&amp;h=48&amp;q=85"></span>',
    );
    expect(fetcher).not.toHaveBeenCalled();
  });

  it("renders a fresh cached object URL at once", async () => {
    const cache = new ImageCache({
      fetcher: async () => new Response("x"),
      createObjectURL: () => "blob:cached/1",
      revokeObjectURL: () => {},
    });
    await cache.get("/media/a");
    expect(renderSrc("/media/a", cache)).toBe('<span data-src="blob:cached/1"></span>');
  });

  it("gives no src without a URL", () => {
    expect(renderSrc(null)).toBe("<span></span>");
    expect(renderSrc(undefined)).toBe("<span></span>");
  });

  it("leaves the default cache stopped outside a browser", () => {
    renderSrc("/media/a");
    expect(defaultImageCache.started).toBe(false);
    expect(defaultImageCache.size).toBe(0);
  });
});
