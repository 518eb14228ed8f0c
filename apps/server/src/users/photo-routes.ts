import type { FastifyInstance } from "fastify";
import { addPhotoRequestSchema, API_PATHS, photoOrderRequestSchema } from "@vicinity/contract";
import type { AppContext } from "../http/context";

import { badRequest, isUuid, notFound, parseOr400 } from "../http/errors";
import { addPhoto, applyPhotoOrder, deleteOwnPicture, listPhotos } from "./photos";

/** The member's own profile pictures: add an upload, reorder (the first is the main one), delete. */
export function registerPhotoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, mediaStore } = ctx;

  app.get(API_PATHS.photos, async (request) => {
    const me = request.member;
    return listPhotos(db, me.id);
  });

  app.post(API_PATHS.photos, async (request, reply) => {
    const me = request.member;
    const { mediaId } = parseOr400(addPhotoRequestSchema, request.body);
    await addPhoto(db, me.id, mediaId);
    ctx.mapChanges.memberChanged(me.id);
    return reply.status(201).send(await listPhotos(db, me.id));
  });

  app.put(API_PATHS.photosOrder, async (request) => {
    const me = request.member;
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
    const me = request.member;
    const { id } = request.params;
    if (!isUuid(id)) throw notFound("Picture not found");
    const current = await listPhotos(db, me.id);
    if (!current.some((p) => p.id === id)) throw notFound("Picture not found");
    await deleteOwnPicture(db, me.id, id);
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
