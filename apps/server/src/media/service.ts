import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/database";
import { bannedMedia, media } from "../db/schema";
import { badRequest } from "../http/errors";
import { ingestPicture } from "./pipeline";
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
