import { z } from "zod";

/** decisions.md, "Pictures": checked by content; the size limit. */
export const MEDIA_MAX_BYTES = 15 * 1024 * 1024;
/** Larger pictures are refused: decoding them costs too much memory. */
export const MEDIA_MAX_PIXELS = 50_000_000;
/** The stored original is at most this wide or high. */
export const MEDIA_STORED_MAX_SIDE = 2560;
export const MEDIA_ACCEPTED_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif", "image/heic"] as const;
export const MEDIA_KINDS = ["photo", "message", "event", "group", "ad"] as const;

/** POST /api/media answers this. */
export const uploadedMediaSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedMedia = z.infer<typeof uploadedMediaSchema>;

/** Spec section 7, image URL options: w, h, q (default 80), f (webp or avif, or a chosen format). */
export const IMAGE_DEFAULT_QUALITY = 80;
export const IMAGE_MAX_SIDE = 2560;
export const IMAGE_FORMATS = ["webp", "avif", "jpeg", "png"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

const dimension = (name: string) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number of pixels`)
    .transform(Number)
    .pipe(z.number().int().min(1, `${name} must be at least 1`).max(IMAGE_MAX_SIDE, `${name} can be at most ${IMAGE_MAX_SIDE}`))
    .optional();

/** GET /media/:id?w=&h=&q=&f= */
export const imageQuerySchema = z.strictObject({
  w: dimension("w"),
  h: dimension("h"),
  q: z
    .string()
    .regex(/^\d+$/, "q must be a whole number from 1 to 100")
    .transform(Number)
    .pipe(z.number().int().min(1, "q must be a whole number from 1 to 100").max(100, "q must be a whole number from 1 to 100"))
    .optional()
    .default(IMAGE_DEFAULT_QUALITY),
  f: z.enum(IMAGE_FORMATS, { error: `f must be one of: ${IMAGE_FORMATS.join(", ")}` }).optional(),
});
export type ImageQuery = z.infer<typeof imageQuerySchema>;

/** Visitors and guests see thumbnails only (decisions.md 1): at most this many pixels a side. */
export const GUEST_IMAGE_MAX_SIDE = 150;
