import type { FastifyInstance } from "fastify";
import {
  ALBUM_PATHS,
  ALBUM_PICTURES_MAX,
  ALBUM_SHARES_PER_DAY,
  ALBUMS_MAX,
  addAlbumPictureRequestSchema,
  albumNameRequestSchema,
  shownNameOf,
  type MemberAlbums,
  type MyAlbum,
} from "@vicinity/contract";
import type { AppContext } from "../http/context";
import { sendOk } from "../http/context";
import { badRequest, forbidden, isUuid, notFound, parseOr400, tooManyRequests } from "../http/errors";
import { sendNotifications } from "../notifications/service";
import {
  addAlbumPicture,
  albumsBetween,
  albumsOf,
  createAlbum,
  deleteAlbum,
  isSharedWith,
  myAlbum,
  ownAlbumName,
  removeAlbumPicture,
  renameAlbum,
  shareAlbum,
  sharesOf,
  shareTarget,
  unshareAlbum,
} from "./service";

const DAY_MS = 24 * 60 * 60_000;

type AlbumParams = { Params: { id: string } };
type PictureParams = { Params: { id: string; mediaId: string } };
type ShareParams = { Params: { id: string; memberId: string } };

/** Tells the members an album is shared with that it changed (every node: their sockets may be anywhere). */
function tellChanged(ctx: AppContext, ownerId: string, memberIds: readonly string[]) {
  if (memberIds.length > 0) ctx.notify.toUsers(memberIds, "albumsChanged", { memberId: ownerId });
}

/** One of his albums by the address's id, or 404. */
async function hisAlbum(ctx: AppContext, ownerId: string, id: string): Promise<MyAlbum> {
  const album = isUuid(id) ? await myAlbum(ctx.db, ownerId, id) : undefined;
  if (!album) throw notFound("Album not found");
  return album;
}

/** Private albums (issue 38 item 4, decisions/0046): his albums, their pictures, and with whom he shares them. */
export function registerAlbumRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAlbumKeepingRoutes(app, ctx);
  registerAlbumSharingRoutes(app, ctx);
}

/** His albums and their pictures. */
function registerAlbumKeepingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, mediaStore } = ctx;

  app.get(ALBUM_PATHS.albums, async (request) => ({ albums: await albumsOf(db, request.member.id) }));

  app.post(ALBUM_PATHS.albums, async (request, reply) => {
    const { name } = parseOr400(albumNameRequestSchema, request.body);
    const created = await createAlbum(db, request.member.id, name);
    if (created === "full") throw badRequest(`You can keep at most ${ALBUMS_MAX} private albums. Delete one first.`);
    return reply.status(201).send(created);
  });

  app.patch<AlbumParams>("/api/albums/:id", async (request) => {
    const me = request.member;
    const { name } = parseOr400(albumNameRequestSchema, request.body);
    const sharedWith = isUuid(request.params.id) ? await renameAlbum(db, me.id, request.params.id, name) : undefined;
    if (!sharedWith) throw notFound("Album not found");
    tellChanged(ctx, me.id, sharedWith);
    return hisAlbum(ctx, me.id, request.params.id);
  });

  app.delete<AlbumParams>("/api/albums/:id", async (request, reply) => {
    const me = request.member;
    const gone = isUuid(request.params.id) ? await deleteAlbum(db, me.id, request.params.id) : undefined;
    if (!gone) throw notFound("Album not found");
    tellChanged(ctx, me.id, gone.sharedWith);
    for (const id of gone.mediaIds) await mediaStore.remove(id).catch(() => undefined);
    return sendOk(reply);
  });

  app.post<AlbumParams>("/api/albums/:id/pictures", async (request, reply) => {
    const me = request.member;
    const { mediaId } = parseOr400(addAlbumPictureRequestSchema, request.body);
    if (!isUuid(request.params.id)) throw notFound("Album not found");
    const added = isUuid(mediaId)
      ? await addAlbumPicture(db, me.id, request.params.id, mediaId)
      : (await ownAlbumName(db, me.id, request.params.id)) === undefined
        ? "no album"
        : "no picture";
    if (added === "no album") throw notFound("Album not found");
    if (added === "no picture")
      throw badRequest("Upload the picture for an album first (POST /api/media?kind=album); each goes in one album");
    if (added === "full")
      throw badRequest(`An album holds at most ${ALBUM_PICTURES_MAX} pictures. Start another album or remove one.`);
    tellChanged(ctx, me.id, added);
    return reply.status(201).send(await hisAlbum(ctx, me.id, request.params.id));
  });

  app.delete<PictureParams>("/api/albums/:id/pictures/:mediaId", async (request) => {
    const me = request.member;
    const { id, mediaId } = request.params;
    const removed = isUuid(id) && isUuid(mediaId) ? await removeAlbumPicture(db, me.id, id, mediaId) : undefined;
    if (!removed) throw notFound("Picture not found");
    tellChanged(ctx, me.id, removed.sharedWith);
    if (removed.fileGone) await mediaStore.remove(mediaId).catch(() => undefined);
    return hisAlbum(ctx, me.id, id);
  });
}

/** With whom he shares them, and what others share with him. */
function registerAlbumSharingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const sharing = ctx.limits.get("album-shares", ALBUM_SHARES_PER_DAY, DAY_MS);

  app.get<AlbumParams>("/api/albums/:id/shares", async (request) => {
    const album = await hisAlbum(ctx, request.member.id, request.params.id);
    return { shares: await sharesOf(db, album.id) };
  });

  /** The member an album would be shared with or taken from: another active member, no block either way. */
  const shareMember = async (meId: string, memberId: string, doing: string) => {
    if (memberId === meId) throw badRequest(`You cannot ${doing} yourself`);
    const target = isUuid(memberId) ? await shareTarget(db, meId, memberId) : undefined;
    if (!target || target.blockedMe) throw notFound("Member not found");
    if (target.iBlocked) throw forbidden(`You blocked ${target.name}. Unblock him first.`);
    return target;
  };

  app.put<ShareParams>("/api/albums/:id/shares/:memberId", async (request, reply) => {
    const me = request.member;
    const album = await hisAlbum(ctx, me.id, request.params.id);
    const target = await shareMember(me.id, request.params.memberId, "share an album with");
    // Sharing again what he shares already changes nothing and counts nothing.
    if (await isSharedWith(db, album.id, target.id)) return sendOk(reply);
    const wait = await sharing.retryAfter(me.id);
    if (wait > 0) throw tooManyRequests(`You can share albums at most ${ALBUM_SHARES_PER_DAY} times a day.`, wait);
    if (await shareAlbum(db, album.id, target.id)) {
      await sharing.hit(me.id);
      await sendNotifications(db, ctx.notify, [target.id], "album_shared", {
        memberId: me.id,
        name: shownNameOf(me),
        album: album.name,
      });
      tellChanged(ctx, me.id, [target.id]);
    }
    return sendOk(reply);
  });

  app.delete<ShareParams>("/api/albums/:id/shares/:memberId", async (request, reply) => {
    const me = request.member;
    const { id, memberId } = request.params;
    if (!isUuid(id) || (await ownAlbumName(db, me.id, id)) === undefined) throw notFound("Album not found");
    // Taking back needs no check of the other: a share with a member who blocked me, or left, ends all the same.
    if (isUuid(memberId) && (await unshareAlbum(db, me.id, id, memberId))) tellChanged(ctx, me.id, [memberId]);
    return sendOk(reply);
  });

  app.get<{ Params: { id: string } }>("/api/users/:id/albums", async (request): Promise<MemberAlbums> => {
    const me = request.member;
    const { id } = request.params;
    if (id === me.id) throw badRequest("Your own albums are at GET /api/albums");
    const target = isUuid(id) ? await shareTarget(db, me.id, id) : undefined;
    if (!target || target.blockedMe) throw notFound("Member not found");
    return albumsBetween(db, me.id, target.id);
  });
}
