import type { FastifyInstance, FastifyRequest } from "fastify";
import fastifyMultipart from "@fastify/multipart";
import {
  API_PATHS,
  GUEST_IMAGE_MAX_SIDE,
  imageQuerySchema,
  MEDIA_KINDS,
  MEDIA_MAX_BYTES,
  snapImageQuery,
  type UploadedMedia,
} from "@vicinity/contract";
import { z } from "zod";
import type { Db } from "../db/database";
import type { AppContext } from "../http/context";
import { HttpError, badRequest, forbidden, isUuid, notFound, parseOr400, tooManyRequests } from "../http/errors";
import type { Limiter } from "../http/limits";
import { formatFromAccept, renderVariant } from "./pipeline";
import { MEDIA_URL_PREFIX, mediaUrl } from "./url";
import { canSeeMessagePicture } from "../messages/service";
import { canSeeAlbumPicture } from "../policy/albums";
import { seesViewOncePicture } from "../policy/messages";
import { adPictureRunning, findMedia, prerenderInBackground, storeUpload, variantKey, type MediaRow } from "./service";

export { REMOVED_PICTURE_MESSAGE } from "./service";

/** Uploads per member in ten minutes: enough for a busy chat, not for a flood. */
export const UPLOADS_PER_TEN_MINUTES = 40;
/**
 * New variants rendered a minute (cache misses only: cached variants and 304s are never counted),
 * per member and per address; visitors and guests by address only. Read when the routes are
 * registered, so tests may lower them before starting a server.
 */
export const RENDER_LIMITS = { perMemberPerMinute: 120, perAddressPerMinute: 300 };
/** A variant never changes for its URL: browsers may keep it a year without asking again. */
const LONG_CACHE = "private, max-age=31536000, immutable";
/**
 * A private album's picture is never kept (decisions/0046): each showing asks the server, which checks the share, so
 * an album taken back cannot be shown again from a browser's or a proxy's cache. Nor a view-once picture (0047).
 */
const NEVER_KEPT = "private, no-store";

const uploadQuerySchema = z.strictObject({
  kind: z
    .enum(MEDIA_KINDS, { error: `kind must be one of: ${MEDIA_KINDS.join(", ")}` })
    .optional()
    .default("photo"),
});

/**
 * Who may see a picture. A message picture: its sender and the members of a conversation it was
 * sent in; a private album's: its owner and the members it is shared with (policy/albums.ts); anyone
 * else reads "not found". Others: everyone, visitors and guests as thumbnails only.
 */
async function assertCanView(
  db: Db,
  request: FastifyRequest,
  row: MediaRow,
  w: number | undefined,
  h: number | undefined,
) {
  const viewer = request.viewer;
  const member = viewer.member;
  // Admins see every picture: a reported one is what they judge.
  if (member?.accountRole === "admin") return;
  // An ad's picture: for members, while its campaign runs.
  if (row.kind === "ad") {
    const running = member ? await adPictureRunning(db, row.id) : false;
    if (!running) throw notFound("Picture not found");
    return;
  }
  if (row.kind === "album") {
    if (!member || !(member.id === row.ownerId || (await canSeeAlbumPicture(db, row.id, member.id))))
      throw notFound("Picture not found");
    return;
  }
  if (
    row.kind === "message" &&
    member?.id !== row.ownerId &&
    !(member && (await canSeeMessagePicture(db, row.id, member.id)))
  ) {
    throw notFound("Picture not found");
  }
  if (row.viewOnce && !(member && seesViewOncePicture(row, member.id, Date.now()))) throw notFound("Picture not found");
  // A block hides his pictures from the other: for a member, and for a guest or
  // visitor on the browser of a member (the device cookie). In a shared conversation the history stays.
  const viewerId = member?.id ?? viewer.blocksOf;
  if (row.kind !== "message" && viewerId && viewerId !== row.ownerId && (await viewer.blockedPeers()).has(row.ownerId))
    throw notFound("Picture not found");
  if (!member) {
    const small = w !== undefined && w <= GUEST_IMAGE_MAX_SIDE && (h === undefined || h <= GUEST_IMAGE_MAX_SIDE);
    if (!small)
      throw forbidden(
        `Sign up to see full-size pictures (visitors see thumbnails of at most ${GUEST_IMAGE_MAX_SIDE} px)`,
      );
  }
}

/** POST /api/media: members upload pictures (the "member" group). */
export async function registerMediaUploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, mediaStore } = ctx;
  const uploads = ctx.limits.get("uploads", UPLOADS_PER_TEN_MINUTES, 10 * 60_000);

  await app.register(fastifyMultipart, {
    limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6 },
  });

  app.post(API_PATHS.media, async (request, reply) => {
    const me = request.member;
    const { kind } = parseOr400(uploadQuerySchema, request.query);
    if (!request.isMultipart()) throw badRequest("Send the picture as multipart/form-data in a field named file");
    const { allowed, retryAfter } = await uploads.take(me.id);
    if (!allowed) throw tooManyRequests("Too many uploads. Try again in a few minutes.", retryAfter);

    let buffer: Buffer;
    try {
      const part = await request.file();
      if (!part) throw badRequest("No picture was sent: add it in a field named file");
      if (part.fieldname !== "file") throw badRequest("Send the picture in a field named file");
      buffer = await part.toBuffer();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      const code = (error as { code?: string }).code;
      if (code === "FST_REQ_FILE_TOO_LARGE")
        throw new HttpError(413, `Pictures can be at most ${MEDIA_MAX_BYTES / 1024 / 1024} MB`);
      if (code === "FST_FILES_LIMIT_REACHED" || code === "FST_PARTS_LIMIT_REACHED")
        throw badRequest("Send one picture at a time");
      throw badRequest("The upload was not valid multipart/form-data");
    }
    if (buffer.length === 0) throw badRequest("The picture is empty");
    const row = await storeUpload(db, mediaStore, me.id, kind, buffer);
    // Profile pictures are shown by the hundred (avatars, markers, tiles): their sizes are made now.
    if (kind === "photo")
      void prerenderInBackground(mediaStore, row.id, (error) =>
        request.log.warn({ err: error, media: row.id }, "pre-rendering a picture's variants failed"),
      );
    const body: UploadedMedia = { id: row.id, url: mediaUrl(row.id), width: row.width, height: row.height };
    return reply.status(201).send(body);
  });
}

/** GET /media/:id: pictures, for everyone as far as assertCanView allows (the "open" group). */
export async function registerMediaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, mediaStore } = ctx;
  const rendersByMember = ctx.limits.get("renders-member", RENDER_LIMITS.perMemberPerMinute, 60_000);
  const rendersByAddress = ctx.limits.get("renders-address", RENDER_LIMITS.perAddressPerMinute, 60_000);

  /** Counts one render against the member and the address, or throws 429 (counting nothing) when either is spent. */
  const takeRender = async (request: FastifyRequest) => {
    const limits: Array<[Limiter, string]> = [[rendersByAddress, request.ip]];
    if (request.session?.kind === "member") limits.push([rendersByMember, request.session.user.id]);
    const wait = Math.max(...(await Promise.all(limits.map(([limiter, key]) => limiter.retryAfter(key)))));
    if (wait > 0) throw tooManyRequests("Too many new picture sizes in a short time. Try again in a minute.", wait);
    await Promise.all(limits.map(([limiter, key]) => limiter.hit(key)));
  };

  app.get<{ Params: { id: string } }>(`${MEDIA_URL_PREFIX}:id`, async (request, reply) => {
    const { id } = request.params;
    if (!isUuid(id)) throw notFound("Picture not found");
    // Any size in range is accepted, but only the snapped variant is rendered, stored and named:
    // odd sizes cannot make new renders and files without bound.
    const query = snapImageQuery(parseOr400(imageQuerySchema, request.query));
    const row = await findMedia(db, id);
    if (!row) throw notFound("Picture not found");
    await assertCanView(db, request, row, query.w, query.h);

    const format = query.f ?? formatFromAccept(request.headers.accept, row.hasAlpha);
    const key = variantKey(query, format);
    const etag = `"${row.id}-${key}"`;
    void reply
      .header("ETag", etag)
      .header("Cache-Control", row.kind === "album" || row.viewOnce ? NEVER_KEPT : LONG_CACHE)
      .header("X-Content-Type-Options", "nosniff");
    if (!query.f) void reply.header("Vary", "Accept");
    const ifNoneMatch = request.headers["if-none-match"];
    if (ifNoneMatch && ifNoneMatch.split(",").some((t) => t.trim().replace(/^W\//, "") === etag)) {
      return reply.status(304).send();
    }
    // A cached variant is read as it is; the original is read only to render a new one.
    // `render` runs only on a real miss (not for a cached file nor one already being rendered),
    // so only renders are rate-limited; a refused one throws before anything is written.
    const { data, cached } = await mediaStore.variant(row.id, key, async () => {
      await takeRender(request);
      const original = await mediaStore.readOriginal(row.id).catch(() => {
        throw notFound("Picture not found");
      });
      return renderVariant(original, { w: query.w, h: query.h, q: query.q, f: format });
    });
    return reply
      .header("Content-Type", `image/${format}`)
      .header("X-Media-Cache", cached ? "hit" : "miss")
      .send(data);
  });
}
