import { PRERENDERED_IMAGE_QUERIES, snapImageQuery, type ImageFormat } from "@vicinity/contract";

/** Spec, image URL options: w, h, q (default 80) and an optional f. */
export interface ImageUrlOptions {
  w?: number;
  h?: number;
  q?: number;
  /** Leave out to let the server choose from the Accept header. */
  f?: ImageFormat;
}

/** Only our own pictures are served under this path and understand the options. */
export const MEDIA_PATH_PREFIX = "/media/";

/**
 * Spec presets: avatar 48 px at q 85, profile image 200 px at q 90, thumbnail 150x150 at q 75; the
 * server makes these when a picture is stored (PRERENDERED_IMAGE_QUERIES), and the avatar at twice
 * its size for sharp screens.
 */
export const AVATAR_SIZE = 48;
const [avatar, , thumbnail, profile] = PRERENDERED_IMAGE_QUERIES;
export const IMAGE_PRESETS = { avatar, profile, thumbnail } as const satisfies Record<string, ImageUrlOptions>;

// Any base works for parsing relative URLs; it never reaches the output.
const PARSE_BASE = "http://relative.invalid";

function currentOrigin(): string | undefined {
  return typeof window === "undefined" ? undefined : window.location.origin;
}

/**
 * Adds w, h, q and f to one of our picture URLs (a `/media/` path, relative or on `origin`).
 * Other URLs (data:, blob:, other hosts) are returned untouched: they would not understand them.
 * Existing query parameters are kept; ours replace any of the same name.
 * w, h and q are snapped as the server does (snapImageQuery: w and h up to the next size it
 * renders, q to the nearest quality), so the URL names the variant actually served and every
 * request for it shares one cache entry.
 */
export function optimizedImageUrl(
  url: string,
  options: ImageUrlOptions = {},
  origin: string | undefined = currentOrigin(),
): string {
  const isRelative = url.startsWith("/") && !url.startsWith("//");
  let parsed: URL;
  try {
    parsed = new URL(url, isRelative ? PARSE_BASE : undefined);
  } catch {
    return url; // Not a URL we can read (for example a bare file name): leave it alone.
  }
  if (!isRelative && (origin === undefined || parsed.origin !== origin)) return url;
  if (!parsed.pathname.startsWith(MEDIA_PATH_PREFIX)) return url;

  const { searchParams } = parsed;
  const snapped = snapImageQuery(options);
  if (snapped.w !== undefined) searchParams.set("w", String(snapped.w));
  if (snapped.h !== undefined) searchParams.set("h", String(snapped.h));
  searchParams.set("q", String(snapped.q));
  if (snapped.f !== undefined) searchParams.set("f", snapped.f);

  return isRelative ? `${parsed.pathname}${parsed.search}${parsed.hash}` : parsed.toString();
}

/** A square avatar, 48 px unless told otherwise, at the avatar quality. */
export function avatarUrl(url: string, size: number = AVATAR_SIZE): string {
  return optimizedImageUrl(url, { ...IMAGE_PRESETS.avatar, w: size, h: size });
}

export function profileImageUrl(url: string): string {
  return optimizedImageUrl(url, IMAGE_PRESETS.profile);
}

export function thumbnailUrl(url: string): string {
  return optimizedImageUrl(url, IMAGE_PRESETS.thumbnail);
}

/**
 * The best format this browser can encode-detect synchronously: "webp" or nothing.
 * Optional: the server already negotiates by the Accept header, so callers normally leave f out.
 * (AVIF support cannot be detected synchronously, so it is never claimed here.)
 */
export function supportedImageFormat(): ImageFormat | undefined {
  if (typeof document === "undefined") return undefined;
  try {
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    return canvas.toDataURL("image/webp").startsWith("data:image/webp") ? "webp" : undefined;
  } catch {
    return undefined;
  }
}
