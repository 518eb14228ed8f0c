import { and, asc, eq } from "drizzle-orm";
import type { ProfilePhoto } from "@vicinity/contract";
import type { Db } from "../db/database";
import { media, profilePhotos, users } from "../db/schema";
import { mediaUrl } from "../media/url";

/** A member's profile pictures in his order (the first is the main one). */
export async function listPhotos(db: Db, userId: string): Promise<ProfilePhoto[]> {
  const rows = await db
    .select({ id: media.id, width: media.width, height: media.height })
    .from(profilePhotos)
    .innerJoin(media, eq(media.id, profilePhotos.mediaId))
    .where(eq(profilePhotos.userId, userId))
    .orderBy(asc(profilePhotos.position), asc(profilePhotos.createdAt));
  return rows.map((r) => ({ id: r.id, url: mediaUrl(r.id), width: r.width, height: r.height }));
}

/** Numbers his pictures 0..n-1 in the given order and points profile_image_url at the first. */
export async function applyPhotoOrder(db: Db, userId: string, ids: readonly string[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [position, id] of ids.entries()) {
      await tx.update(profilePhotos).set({ position }).where(and(eq(profilePhotos.userId, userId), eq(profilePhotos.mediaId, id)));
    }
    const main = ids[0];
    await tx
      .update(users)
      .set({ profileImageUrl: main ? mediaUrl(main) : null, updatedAt: new Date() })
      .where(eq(users.id, userId));
  });
}
