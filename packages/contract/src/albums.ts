import * as z from "zod/mini";
import { plainText } from "./text";

/**
 * Private albums (issue 38 item 4, decisions/0046): a member keeps albums of pictures that never show on his
 * profile, shares one with one member at a time (from the chat) and takes it back whenever he likes. The other
 * sees it only while it is shared: every picture's URL asks the server, which answers "not found" once it is
 * unshared, and never lets a browser keep a copy (`Cache-Control: no-store`).
 */

/** How many albums a member keeps. */
export const ALBUMS_MAX = 10;
/** How many pictures one album holds. */
export const ALBUM_PICTURES_MAX = 30;
/** How long an album's name may be. */
export const ALBUM_NAME_MAX_LENGTH = 40;
/** How many times a day a member may share an album (a share is a notification to the other: not a spam channel). */
export const ALBUM_SHARES_PER_DAY = 100;

export const ALBUM_PATHS = {
  /** GET: his albums (MyAlbums); POST: create one ({ name }), 201 with the MyAlbum. */
  albums: "/api/albums",
  /** PATCH: rename ({ name }), the MyAlbum; DELETE: delete it with its pictures ({ ok: true }). */
  album: (id: string) => `/api/albums/${encodeURIComponent(id)}`,
  /** POST: add a picture ({ mediaId } of an upload of kind "album"), 201 with the MyAlbum. */
  pictures: (id: string) => `/api/albums/${encodeURIComponent(id)}/pictures`,
  /** DELETE: take a picture out (the picture is deleted), the MyAlbum. */
  picture: (id: string, mediaId: string) =>
    `/api/albums/${encodeURIComponent(id)}/pictures/${encodeURIComponent(mediaId)}`,
  /** GET: the members it is shared with (AlbumShares). */
  shares: (id: string) => `/api/albums/${encodeURIComponent(id)}/shares`,
  /** PUT: share it with him; DELETE: take it back (both { ok: true }, and the same when nothing changes). */
  share: (id: string, memberId: string) =>
    `/api/albums/${encodeURIComponent(id)}/shares/${encodeURIComponent(memberId)}`,
  /** GET: between me and him: his albums shared with me, and which of mine I share with him (MemberAlbums). */
  withMember: (memberId: string) => `/api/users/${encodeURIComponent(memberId)}/albums`,
} as const;

/** POST /api/albums and PATCH /api/albums/:id: the name, trimmed; plain text of 1 to ALBUM_NAME_MAX_LENGTH characters. */
export const albumNameRequestSchema = z.strictObject({
  name: plainText("name", { error: "name must be text" }).check(
    z.trim(),
    z.minLength(1, "Give the album a name"),
    z.maxLength(ALBUM_NAME_MAX_LENGTH, `An album's name can be at most ${ALBUM_NAME_MAX_LENGTH} characters`),
  ),
});
export type AlbumNameRequest = z.infer<typeof albumNameRequestSchema>;

/** POST /api/albums/:id/pictures: a picture he uploaded with `?kind=album`. */
export const addAlbumPictureRequestSchema = z.strictObject({
  mediaId: z.string({ error: "mediaId must be the id of an uploaded picture" }),
});
export type AddAlbumPictureRequest = z.infer<typeof addAlbumPictureRequestSchema>;

export const albumPictureSchema = z.object({ id: z.string(), url: z.string(), width: z.int(), height: z.int() });
export type AlbumPicture = z.infer<typeof albumPictureSchema>;

/** An album as the member it is shared with sees it: its pictures, oldest first. */
export const albumSchema = z.object({
  id: z.string(),
  name: z.string(),
  pictures: z.array(albumPictureSchema),
  updatedAt: z.string(),
});
export type Album = z.infer<typeof albumSchema>;

/** One of his own albums: also how many members he shares it with. */
export const myAlbumSchema = z.object({
  id: z.string(),
  name: z.string(),
  pictures: z.array(albumPictureSchema),
  updatedAt: z.string(),
  createdAt: z.string(),
  sharedWith: z.int(),
});
export type MyAlbum = z.infer<typeof myAlbumSchema>;

/** GET /api/albums: his albums, oldest first. */
export const myAlbumsSchema = z.object({ albums: z.array(myAlbumSchema) });
export type MyAlbums = z.infer<typeof myAlbumsSchema>;

/** GET /api/users/:id/albums */
export const memberAlbumsSchema = z.object({
  /** His albums shared with me (none once he unshares them, or either of us blocked the other). */
  sharedWithMe: z.array(albumSchema),
  /** The ids of my albums I share with him. */
  sharedByMe: z.array(z.string()),
});
export type MemberAlbums = z.infer<typeof memberAlbumsSchema>;

/** GET /api/albums/:id/shares: who sees it, most recent share first. */
export const albumShareSchema = z.object({
  memberId: z.string(),
  name: z.string(),
  avatarUrl: z.nullable(z.string()),
  sharedAt: z.string(),
});
export type AlbumShare = z.infer<typeof albumShareSchema>;
export const albumSharesSchema = z.object({ shares: z.array(albumShareSchema) });
export type AlbumShares = z.infer<typeof albumSharesSchema>;
