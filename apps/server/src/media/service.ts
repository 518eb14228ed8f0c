import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/database";
import { bannedMedia, media } from "../db/schema";
import { badRequest } from "../http/errors";
import { PRERENDERED_IMAGE_FORMATS, PRERENDERED_IMAGE_QUERIES, type ImageFormat } from "@vicinity/contract";
import { ingestPicture, renderVariant } from "./pipeline";
import type { MediaStore } from "./store";

/** The answer to a picture moderators removed, uploaded again. */
export const REMOVED_PICTURE_MESSAGE = "This picture was removed by our moderators and can't be uploaded again";

export type MediaRow = typeof media.$inferSelect;

/** A picture's row, or undefined. */
export async function findMedia(db: Db, id: string): Promise<MediaRow | undefined> {
  const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
  return row;
}

/** Whether a campaign that shows this picture runs now. */
export async function adPictureRunning(db: Db, mediaId: string): Promise<boolean> {
  const [running] = await queryRows<{ ok: number }>(
    db,
    sql`SELECT 1 AS ok FROM ad_campaigns WHERE media_id = ${mediaId}::uuid AND status = 'active' AND starts_at <= now() AND ends_at > now() LIMIT 1`,
  );
  return Boolean(running);
}

/**
 * Stores an uploaded picture: checked and re-encoded (ingestPicture), its row written, its original
 * saved. No row stays behind when the original cannot be saved.
 */
export async function storeUpload(
  db: Db,
  mediaStore: MediaStore,
  ownerId: string,
  kind: MediaRow["kind"],
  buffer: Buffer,
): Promise<MediaRow> {
  // A picture moderators removed cannot come back: the same bytes are refused.
  const sha256 = createHash("sha256").update(buffer).digest("hex");
  const [banned] = await db.select().from(bannedMedia).where(eq(bannedMedia.sha256, sha256)).limit(1);
  if (banned) throw badRequest(REMOVED_PICTURE_MESSAGE);

  const picture = await ingestPicture(buffer);
  const [row] = await db
    .insert(media)
    .values({
      ownerId,
      kind,
      width: picture.width,
      height: picture.height,
      bytes: picture.data.length,
      hasAlpha: picture.hasAlpha,
      sha256,
    })
    .returning();
  if (!row) throw new Error("The picture was not stored");
  try {
    await mediaStore.saveOriginal(row.id, picture.data);
  } catch (error) {
    await db.delete(media).where(eq(media.id, row.id));
    throw error;
  }
  return row;
}

/** A variant's name in the store: its size, quality and format (the same request, the same file). */
export function variantKey(query: { w?: number | undefined; h?: number | undefined; q: number }, format: ImageFormat) {
  return `w${query.w ?? 0}-h${query.h ?? 0}-q${query.q}.${format}`;
}

/** The variants made when a profile picture is stored: each with its store key. */
export const PRERENDERED_VARIANTS = PRERENDERED_IMAGE_QUERIES.flatMap((query) =>
  PRERENDERED_IMAGE_FORMATS.map((f) => ({ key: variantKey(query, f), options: { ...query, f } })),
);

/**
 * Makes the app's common variants of a picture (PRERENDERED_VARIANTS) from its stored original, one
 * after another; one already made is left as it is. `rendered` may hand over ready bytes by key
 * (the demo's portraits, drawn once for many members).
 */
export async function prerenderVariants(
  store: MediaStore,
  id: string,
  rendered?: ReadonlyMap<string, Buffer>,
): Promise<void> {
  let original: Buffer | null = null;
  for (const { key, options } of PRERENDERED_VARIANTS) {
    await store.variant(id, key, async () => {
      const ready = rendered?.get(key);
      if (ready) return ready;
      original ??= await store.readOriginal(id);
      return renderVariant(original, options);
    });
  }
}

/** Renders the pre-rendered variants of one original (the demo draws each portrait's once). */
export async function renderPrerenderedVariants(original: Buffer): Promise<Map<string, Buffer>> {
  const made = new Map<string, Buffer>();
  for (const { key, options } of PRERENDERED_VARIANTS) made.set(key, await renderVariant(original, options));
  return made;
}

let prerendering: Promise<void> = Promise.resolve();

/**
 * prerenderVariants after the upload has been answered, one picture at a time on this node (an
 * upload never waits on it, and a burst of uploads does not take every core). A failure is only
 * logged: the variant is then made on its first request, as before.
 */
export function prerenderInBackground(store: MediaStore, id: string, onError: (error: unknown) => void): Promise<void> {
  const job = prerendering.then(() => prerenderVariants(store, id)).catch(onError);
  prerendering = job;
  return job;
}
