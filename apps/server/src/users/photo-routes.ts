import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { addPhotoRequestSchema, API_PATHS, MAX_PROFILE_PHOTOS, photoOrderRequestSchema } from "@vicinity/contract";
import { media, profilePhotos } from "../db/schema";
import type { AppContext } from "../http/context";
import { requireMember } from "../http/context";
import { badRequest, conflict, isUuid, notFound, parseOr400 } from "../http/errors";
import { applyPhotoOrder, listPhotos } from "./photos";


/** The member's own profile pictures: add an upload, reorder (the first is the main one), delete. */
export function registerPhotoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, mediaStore } = ctx;

  app.get(API_PATHS.photos, async (request) => {
    const me = requireMember(request);
    return listPhotos(db, me.id);
  });

  app.post(API_PATHS.photos, async (request, reply) => {
    const me = requireMember(request);
    const { mediaId } = parseOr400(addPhotoRequestSchema, request.body);
    const [picture] = await db.select().from(media).where(eq(media.id, mediaId)).limit(1);
    if (!picture || picture.ownerId !== me.id) throw notFound("Picture not found: upload it first");
    if (picture.kind !== "photo") throw badRequest("That picture was uploaded for something else; upload it again as a profile picture");
    const current = await listPhotos(db, me.id);
    if (current.some((p) => p.id === mediaId)) throw conflict("That picture is already on your profile");
    if (current.length >= MAX_PROFILE_PHOTOS) throw badRequest(`You can have at most ${MAX_PROFILE_PHOTOS} pictures. Delete one first.`);
    await db.insert(profilePhotos).values({ mediaId, userId: me.id, position: current.length });
    await applyPhotoOrder(db, me.id, [...current.map((p) => p.id), mediaId]);
    ctx.mapChanges.memberChanged(me.id);
    return reply.status(201).send(await listPhotos(db, me.id));
  });

  app.put(API_PATHS.photosOrder, async (request) => {
    const me = requireMember(request);
    const { ids } = parseOr400(photoOrderRequestSchema, request.body);
    const current = await listPhotos(db, me.id);
    const mine = new Set(current.map((p) => p.id));
    const given = new Set(ids);
    if (given.size !== ids.length || given.size !== mine.size || ids.some((id) => !mine.has(id))) {
      throw badRequest("ids must list each of your pictures exactly once");
    }
    await applyPhotoOrder(db, me.id, ids);
    ctx.mapChanges.memberChanged(me.id);
    return listPhotos(db, me.id);
  });

  app.delete<{ Params: { id: string } }>(`${API_PATHS.photos}/:id`, async (request) => {
    const me = requireMember(request);
    const { id } = request.params;
    if (!isUuid(id)) throw notFound("Picture not found");
    const current = await listPhotos(db, me.id);
    if (!current.some((p) => p.id === id)) throw notFound("Picture not found");
    await db.delete(media).where(and(eq(media.id, id), eq(media.ownerId, me.id)));
    await mediaStore.remove(id);
    await applyPhotoOrder(
      db,
      me.id,
      current.filter((p) => p.id !== id).map((p) => p.id),
    );
    ctx.mapChanges.memberChanged(me.id);
    return listPhotos(db, me.id);
  });
}
