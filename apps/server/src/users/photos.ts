import { and, asc, eq } from "drizzle-orm";
import { MAX_PROFILE_PHOTOS, type ProfilePhoto } from "@vicinity/contract";
import type { Db } from "../db/database";
import { media, profilePhotos, users } from "../db/schema";
import { badRequest, conflict, notFound } from "../http/errors";
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
      await tx
        .update(profilePhotos)
        .set({ position })
        .where(and(eq(profilePhotos.userId, userId), eq(profilePhotos.mediaId, id)));
    }
    const main = ids[0];
    await tx
      .update(users)
      .set({ profileImageUrl: main ? mediaUrl(main) : null, updatedAt: new Date() })
      .where(eq(users.id, userId));
  });
}

/** Puts one of his uploads (a profile picture) last on his profile; refused when it is not his, not a photo, there already, or one too many. */
export async function addPhoto(db: Db, userId: string, mediaId: string): Promise<void> {
  const [picture] = await db.select().from(media).where(eq(media.id, mediaId)).limit(1);
  if (!picture || picture.ownerId !== userId) throw notFound("Picture not found: upload it first");
  if (picture.kind !== "photo")
    throw badRequest("That picture was uploaded for something else; upload it again as a profile picture");
  const current = await listPhotos(db, userId);
  if (current.some((p) => p.id === mediaId)) throw conflict("That picture is already on your profile");
  if (current.length >= MAX_PROFILE_PHOTOS)
    throw badRequest(`You can have at most ${MAX_PROFILE_PHOTOS} pictures. Delete one first.`);
  await db.insert(profilePhotos).values({ mediaId, userId, position: current.length });
  await applyPhotoOrder(db, userId, [...current.map((p) => p.id), mediaId]);
}

/** Deletes one of his pictures (its profile place goes with it); its file is the caller's to remove. */
export async function deleteOwnPicture(db: Db, userId: string, mediaId: string): Promise<void> {
  await db.delete(media).where(and(eq(media.id, mediaId), eq(media.ownerId, userId)));
}
