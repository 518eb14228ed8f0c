import { MEDIA_MAX_BYTES } from "@vicinity/contract";

/** The picture types the file picker offers (the server also reads HEIC, which few browsers show). */
export const PHOTO_ACCEPTED_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
export const PHOTO_ACCEPT = PHOTO_ACCEPTED_TYPES.join(",");

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, "")} MB`;

/** Why a file cannot be uploaded as a profile picture, or null when it can be tried. */
export function photoFileProblem(file: { name: string; size: number; type: string }): string | null {
  if (file.type && !(PHOTO_ACCEPTED_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name} is not a picture we take: choose a JPEG, PNG, WebP or AVIF file.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > MEDIA_MAX_BYTES) {
    return `${file.name} is ${megabytes(file.size)}; pictures can be at most ${megabytes(MEDIA_MAX_BYTES)}.`;
  }
  return null;
}
