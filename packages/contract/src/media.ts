import * as z from "zod/mini";

/** decisions.md, "Pictures": checked by content; the size limit. */
export const MEDIA_MAX_BYTES = 15 * 1024 * 1024;
/** Larger pictures are refused: decoding them costs too much memory. */
export const MEDIA_MAX_PIXELS = 50_000_000;
/** The stored original is at most this wide or high. */
export const MEDIA_STORED_MAX_SIDE = 2560;
/** What POST /api/media accepts (decided from the bytes): exactly the formats the server decodes. HEIC is refused with a message. */
export const MEDIA_ACCEPTED_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
export const MEDIA_KINDS = ["photo", "message", "event", "group", "ad", "album"] as const;

/** POST /api/media answers this. */
export const uploadedMediaSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.int(),
  height: z.int(),
});
export type UploadedMedia = z.infer<typeof uploadedMediaSchema>;

/** Spec section 7, image URL options: w, h, q (default 80), f (webp or avif, or a chosen format). */
export const IMAGE_DEFAULT_QUALITY = 80;
export const IMAGE_MAX_SIDE = 2560;
export const IMAGE_FORMATS = ["webp", "avif", "jpeg", "png"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

const dimension = (name: string) =>
  z.optional(
    z.pipe(
      z.pipe(z.string().check(z.regex(/^\d+$/, `${name} must be a whole number of pixels`)), z.transform(Number)),
      z
        .int()
        .check(
          z.gte(1, `${name} must be at least 1`),
          z.lte(IMAGE_MAX_SIDE, `${name} can be at most ${IMAGE_MAX_SIDE}`),
        ),
    ),
  );

/** GET /media/:id?w=&h=&q=&f= */
export const imageQuerySchema = z.strictObject({
  w: dimension("w"),
  h: dimension("h"),
  q: z._default(
    z.optional(
      z.pipe(
        z.pipe(z.string().check(z.regex(/^\d+$/, "q must be a whole number from 1 to 100")), z.transform(Number)),
        z
          .int()
          .check(
            z.gte(1, "q must be a whole number from 1 to 100"),
            z.lte(100, "q must be a whole number from 1 to 100"),
          ),
      ),
    ),
    IMAGE_DEFAULT_QUALITY,
  ),
  f: z.optional(z.enum(IMAGE_FORMATS, { error: `f must be one of: ${IMAGE_FORMATS.join(", ")}` })),
});
export type ImageQuery = z.infer<typeof imageQuerySchema>;

/**
 * The only sizes (px a side) the server renders. Any w or h is served as the smallest of these at
 * least as large (the largest for anything above it), so odd sizes cannot make new renders and
 * new files without bound. Holds every size the client asks for (48 avatar, 112 large avatar,
 * 150 thumbnail, 200 profile, 320 tile, 480 message picture, 720 profile photo).
 */
export const IMAGE_SIZES = [48, 64, 96, 112, 150, 200, 320, 480, 640, 720, 960, 1280, 1920, 2560] as const;
/** The only qualities the server renders; any q is served as the nearest of these. */
export const IMAGE_QUALITIES = [50, 75, 80, 85, 90] as const;

/** The smallest allowed size at least `size` (the largest allowed size when none is). */
export function snapImageSize(size: number): number {
  return IMAGE_SIZES.find((allowed) => allowed >= size) ?? IMAGE_MAX_SIDE;
}

/** The nearest allowed quality (the higher one on a tie). */
export function snapImageQuality(quality: number): number {
  let best: number = IMAGE_QUALITIES[0];
  for (const allowed of IMAGE_QUALITIES) if (Math.abs(allowed - quality) <= Math.abs(best - quality)) best = allowed;
  return best;
}

export interface SnappedImageQuery {
  w?: number;
  h?: number;
  q: number;
  f?: ImageFormat;
}

/**
 * The canonical variant for a request: w and h snapped up to IMAGE_SIZES, q to the nearest of
 * IMAGE_QUALITIES (IMAGE_DEFAULT_QUALITY when missing). Missing or non-finite w or h stay out.
 * The server renders, caches and names variants by this; the client builds its URLs with it.
 */
export function snapImageQuery(query: {
  w?: number | undefined;
  h?: number | undefined;
  q?: number | undefined;
  f?: ImageFormat | undefined;
}): SnappedImageQuery {
  const snapped: SnappedImageQuery = {
    q: snapImageQuality(query.q !== undefined && Number.isFinite(query.q) ? query.q : IMAGE_DEFAULT_QUALITY),
  };
  if (query.w !== undefined && Number.isFinite(query.w)) snapped.w = snapImageSize(query.w);
  if (query.h !== undefined && Number.isFinite(query.h)) snapped.h = snapImageSize(query.h);
  if (query.f !== undefined) snapped.f = query.f;
  return snapped;
}

/**
 * The variants the app's screens ask for by the hundred (avatars, map markers, grid tiles, the
 * profile picture): made when a picture is stored, in the formats browsers accept, so a screen of
 * 200 avatars is served from files and never waits on (nor is refused) a render. The client's
 * presets (IMAGE_PRESETS) are these.
 */
export const PRERENDERED_IMAGE_QUERIES = [
  { w: 48, h: 48, q: 85 },
  { w: 96, h: 96, q: 85 },
  { w: 150, h: 150, q: 75 },
  { w: 200, q: 90 },
] as const satisfies readonly SnappedImageQuery[];
/** What every current browser sends in Accept for pictures: AVIF first, WebP for the rest. */
export const PRERENDERED_IMAGE_FORMATS = ["avif", "webp"] as const satisfies readonly ImageFormat[];

/** Visitors and guests see thumbnails only (decisions.md 1): at most this many pixels a side. */
export const GUEST_IMAGE_MAX_SIDE = 150;
