import sharp, { type Metadata } from "sharp";
import { MEDIA_MAX_PIXELS, MEDIA_STORED_MAX_SIDE, type ImageFormat } from "@vicinity/contract";
import { badRequest, HttpError } from "../http/errors";

/** What sharp may read: the type is decided by the bytes, never by the name or the Content-Type. */
const ACCEPTED_INPUT = new Set(["jpeg", "png", "webp", "heif"]);
export const UNSUPPORTED_MESSAGE = "That file is not a picture we can use. Upload a JPEG, PNG, WebP or AVIF picture.";

// One picture at a time per process: decoding a 12-megapixel JPEG takes ~100 MB of memory.
sharp.concurrency(1);
sharp.cache(false);

export interface IngestedPicture {
  data: Buffer;
  width: number;
  height: number;
  hasAlpha: boolean;
}

/**
 * Checks an upload by its content and re-encodes it (decisions.md, "Pictures"): turned upright by
 * its EXIF orientation, scaled to at most MEDIA_STORED_MAX_SIDE, and written anew as WebP with no
 * metadata at all (sharp keeps none unless asked: no EXIF, no GPS, no XMP, no ICC beyond sRGB).
 */
export async function ingestPicture(input: Buffer): Promise<IngestedPicture> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(UNSUPPORTED_MESSAGE);
  }
  if (!meta.format || !ACCEPTED_INPUT.has(meta.format)) throw badRequest(UNSUPPORTED_MESSAGE);
  // heif covers AVIF and HEIC; this sharp build decodes AVIF only (HEIC needs a patented codec).
  if (meta.format === "heif" && meta.compression !== "av1") {
    throw badRequest("HEIC pictures are not supported here yet. Export the picture as JPEG and upload it again.");
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!width || !height) throw badRequest(UNSUPPORTED_MESSAGE);
  if (width * height > MEDIA_MAX_PIXELS) {
    throw new HttpError(
      413,
      `That picture is ${Math.round((width * height) / 1e6)} megapixels; the most we take is ${MEDIA_MAX_PIXELS / 1e6}.`,
    );
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MEDIA_MAX_PIXELS, failOn: "error", animated: false })
      .rotate()
      .resize({ width: MEDIA_STORED_MAX_SIDE, height: MEDIA_STORED_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 90, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, hasAlpha: info.channels === 4 };
  } catch {
    throw badRequest("That picture is damaged and could not be read. Try another one.");
  }
}

export interface VariantOptions {
  w?: number | undefined;
  h?: number | undefined;
  q: number;
  f: ImageFormat;
}

/**
 * A served variant (spec section 7, image URL options): `w` alone or `h` alone scales to fit,
 * both crop to fill (the 150x150 thumbnail); never enlarged. Metadata stays out.
 */
export async function renderVariant(original: Buffer, { w, h, q, f }: VariantOptions): Promise<Buffer> {
  let pipeline = sharp(original, { limitInputPixels: MEDIA_MAX_PIXELS });
  if (w || h) {
    pipeline = pipeline.resize({ width: w, height: h, fit: w && h ? "cover" : "inside", withoutEnlargement: true });
  }
  switch (f) {
    case "avif":
      // effort 2: about 3x faster than the default for a barely larger file; variants are cached anyway.
      return pipeline.avif({ quality: q, effort: 2 }).toBuffer();
    case "jpeg":
      return pipeline.flatten({ background: "#ffffff" }).jpeg({ quality: q, mozjpeg: true }).toBuffer();
    case "png":
      return pipeline.png({ compressionLevel: 8 }).toBuffer();
    default:
      return pipeline.webp({ quality: q }).toBuffer();
  }
}

/** The format to serve when `f` is absent: the best the browser says it takes (Accept). */
export function formatFromAccept(accept: string | undefined, hasAlpha: boolean): ImageFormat {
  const value = (accept ?? "").toLowerCase();
  if (value.includes("image/avif")) return "avif";
  if (value.includes("image/webp")) return "webp";
  return hasAlpha ? "png" : "jpeg";
}
