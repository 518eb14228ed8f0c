import { IMAGE_DEFAULT_QUALITY, IMAGE_MAX_SIDE, type ImageFormat } from "@vicinity/contract";

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

/** Spec presets: avatar 48 px at q 85, profile image 200 px at q 90, thumbnail 150x150 at q 75. */
export const AVATAR_SIZE = 48;
export const IMAGE_PRESETS = {
  avatar: { w: AVATAR_SIZE, h: AVATAR_SIZE, q: 85 },
  profile: { w: 200, q: 90 },
  thumbnail: { w: 150, h: 150, q: 75 },
} as const satisfies Record<string, ImageUrlOptions>;

// Any base works for parsing relative URLs; it never reaches the output.
const PARSE_BASE = "http://relative.invalid";

function currentOrigin(): string | undefined {
  return typeof window === "undefined" ? undefined : window.location.origin;
}

// The server refuses values out of range (imageQuerySchema), which would break the picture,
// so they are clamped to what it accepts instead.
function clampInt(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.round(value)));
}

/**
 * Adds w, h, q and f to one of our picture URLs (a `/media/` path, relative or on `origin`).
 * Other URLs (data:, blob:, other hosts) are returned untouched: they would not understand them.
 * Existing query parameters are kept; ours replace any of the same name.
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
  if (options.w !== undefined && Number.isFinite(options.w)) searchParams.set("w", String(clampInt(options.w, 1, IMAGE_MAX_SIDE)));
  if (options.h !== undefined && Number.isFinite(options.h)) searchParams.set("h", String(clampInt(options.h, 1, IMAGE_MAX_SIDE)));
  const q = options.q !== undefined && Number.isFinite(options.q) ? options.q : IMAGE_DEFAULT_QUALITY;
  searchParams.set("q", String(clampInt(q, 1, 100)));
  if (options.f !== undefined) searchParams.set("f", options.f);

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
