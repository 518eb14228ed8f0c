import { sql } from "drizzle-orm";
import {
  ALBUM_PICTURES_MAX,
  ALBUMS_MAX,
  type Album,
  type AlbumPicture,
  type AlbumShare,
  type MyAlbum,
  shownNameOf,
} from "@vicinity/contract";
import { queryRows, type Db } from "../db/database";
import { mediaUrl } from "../media/url";
import { activeSql } from "../policy/members";
import { albumSharedWithSql } from "../policy/albums";

/** Private albums (issue 38, decisions/0046). All SQL of albums lives here; who sees them is policy/albums.ts. */

/** A picture (`md`) some report names: kept for the moderators when its owner takes it out. */
const reportedSql = () => sql`EXISTS (SELECT 1 FROM reports r WHERE r.media_id = md.id)`;

const iso = (value: string | Date) => new Date(value).toISOString();

/** An album's pictures, oldest first, as JSON (`a` is the albums row). */
const picturesJsonSql = (a = "a") =>
  sql`coalesce((SELECT json_agg(json_build_object('id', md.id, 'width', md.width, 'height', md.height) ORDER BY ap.created_at, ap.media_id)
      FROM album_pictures ap JOIN media md ON md.id = ap.media_id WHERE ap.album_id = ${sql.raw(a)}.id), '[]'::json)`;

type PictureJson = Array<{ id: string; width: number; height: number }>;
type AlbumRow = {
  id: string;
  name: string;
  pictures: string | PictureJson;
  updated_at: string | Date;
};

const picturesOf = (row: AlbumRow): AlbumPicture[] =>
  (typeof row.pictures === "string" ? (JSON.parse(row.pictures) as PictureJson) : row.pictures).map((p) => ({
    id: p.id,
    url: mediaUrl(p.id),
    width: p.width,
    height: p.height,
  }));

const asAlbum = (row: AlbumRow): Album => ({
  id: row.id,
  name: row.name,
  pictures: picturesOf(row),
  updatedAt: iso(row.updated_at),
});

type MyAlbumRow = AlbumRow & { created_at: string | Date; shared_with: number | string };
const asMyAlbum = (row: MyAlbumRow): MyAlbum => ({
  ...asAlbum(row),
  createdAt: iso(row.created_at),
  sharedWith: Number(row.shared_with),
});

const myAlbumColumnsSql = sql`a.id, a.name, a.updated_at, a.created_at, ${picturesJsonSql()} AS pictures,
  (SELECT count(*) FROM album_shares s JOIN users m ON m.id = s.member_id WHERE s.album_id = a.id AND ${activeSql("m")}) AS shared_with`;

/** His albums, oldest first. */
export async function albumsOf(db: Db, ownerId: string): Promise<MyAlbum[]> {
  const rows = await queryRows<MyAlbumRow>(
    db,
    sql`SELECT ${myAlbumColumnsSql} FROM albums a WHERE a.owner_id = ${ownerId}::uuid ORDER BY a.created_at, a.id`,
  );
  return rows.map(asMyAlbum);
}

/** One of his albums, or undefined. */
export async function myAlbum(db: Db, ownerId: string, id: string): Promise<MyAlbum | undefined> {
  const [row] = await queryRows<MyAlbumRow>(
    db,
    sql`SELECT ${myAlbumColumnsSql} FROM albums a WHERE a.id = ${id}::uuid AND a.owner_id = ${ownerId}::uuid`,
  );
  return row ? asMyAlbum(row) : undefined;
}

/** Creates an album, or "full" when he keeps ALBUMS_MAX already (checked inside the insert). */
export async function createAlbum(db: Db, ownerId: string, name: string): Promise<MyAlbum | "full"> {
  const [row] = await queryRows<{ id: string | null }>(
    db,
    sql`WITH mine AS (SELECT count(*) AS n FROM albums WHERE owner_id = ${ownerId}::uuid),
        added AS (
          INSERT INTO albums (owner_id, name) SELECT ${ownerId}::uuid, ${name} FROM mine WHERE mine.n < ${ALBUMS_MAX}
          RETURNING id
        )
        SELECT a.id FROM mine LEFT JOIN added a ON true`,
  );
  if (!row?.id) return "full";
  return (await myAlbum(db, ownerId, row.id)) ?? "full";
}

/** The members an album is shared with (ids): they are told of its changes. */
async function sharedWithIds(db: Db, albumId: string): Promise<string[]> {
  const rows = await queryRows<{ member_id: string }>(
    db,
    sql`SELECT member_id FROM album_shares WHERE album_id = ${albumId}::uuid`,
  );
  return rows.map((r) => r.member_id);
}

/** Renames one of his albums: the members it is shared with, or undefined when he has no such album. */
export async function renameAlbum(db: Db, ownerId: string, id: string, name: string): Promise<string[] | undefined> {
  const renamed = await queryRows<{ id: string }>(
    db,
    sql`UPDATE albums SET name = ${name}, updated_at = now() WHERE id = ${id}::uuid AND owner_id = ${ownerId}::uuid RETURNING id`,
  );
  return renamed.length > 0 ? sharedWithIds(db, id) : undefined;
}

/**
 * Deletes one of his albums with its pictures (their rows: the files are the caller's) and its shares; a picture a
 * report names stays for the moderators (out of any album: seen by nobody else). Undefined when he has no such album;
 * else the deleted pictures' ids and the members it was shared with.
 */
export async function deleteAlbum(
  db: Db,
  ownerId: string,
  id: string,
): Promise<{ mediaIds: string[]; sharedWith: string[] } | undefined> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [album] = await queryRows<{ id: string }>(
      txDb,
      sql`SELECT id FROM albums WHERE id = ${id}::uuid AND owner_id = ${ownerId}::uuid FOR UPDATE`,
    );
    if (!album) return undefined;
    const sharedWith = await sharedWithIds(txDb, id);
    const pictures = await queryRows<{ media_id: string }>(
      txDb,
      sql`DELETE FROM album_pictures WHERE album_id = ${id}::uuid RETURNING media_id`,
    );
    await queryRows(txDb, sql`DELETE FROM albums WHERE id = ${id}::uuid`);
    const ids = pictures.map((p) => p.media_id);
    const deleted =
      ids.length === 0
        ? []
        : await queryRows<{ id: string }>(
            txDb,
            sql`DELETE FROM media md WHERE md.owner_id = ${ownerId}::uuid AND md.id IN (${sql.join(
              ids.map((m) => sql`${m}::uuid`),
              sql`, `,
            )}) AND NOT ${reportedSql()} RETURNING md.id`,
          );
    return { mediaIds: deleted.map((r) => r.id), sharedWith };
  });
}

/**
 * Puts one of his uploads (kind "album", in no album yet) into one of his albums, checked and written in one
 * statement. The members it is shared with, or why not: "no album", "no picture" (not his, not an album upload, or
 * in an album already), "full" (ALBUM_PICTURES_MAX).
 */
export async function addAlbumPicture(
  db: Db,
  ownerId: string,
  albumId: string,
  mediaId: string,
): Promise<string[] | "no album" | "no picture" | "full"> {
  const [row] = await queryRows<{ album: boolean; picture: boolean; n: number | string; added: string | null }>(
    db,
    sql`WITH album AS (SELECT id FROM albums WHERE id = ${albumId}::uuid AND owner_id = ${ownerId}::uuid FOR UPDATE),
        picture AS (
          SELECT md.id FROM media md WHERE md.id = ${mediaId}::uuid AND md.owner_id = ${ownerId}::uuid AND md.kind = 'album'
            AND NOT EXISTS (SELECT 1 FROM album_pictures ap WHERE ap.media_id = md.id)
        ),
        counted AS (SELECT count(*) AS n FROM album_pictures WHERE album_id IN (SELECT id FROM album)),
        added AS (
          INSERT INTO album_pictures (media_id, album_id)
          SELECT picture.id, album.id FROM album, picture, counted WHERE counted.n < ${ALBUM_PICTURES_MAX}
          ON CONFLICT DO NOTHING
          RETURNING media_id, album_id
        ),
        touched AS (UPDATE albums SET updated_at = now() WHERE id IN (SELECT album_id FROM added) RETURNING id)
        SELECT EXISTS (SELECT 1 FROM album) AS album, EXISTS (SELECT 1 FROM picture) AS picture,
               (SELECT n FROM counted) AS n, (SELECT media_id FROM added) AS added`,
  );
  if (!row?.album) return "no album";
  if (!row.added) return row.picture && Number(row.n) >= ALBUM_PICTURES_MAX ? "full" : "no picture";
  return sharedWithIds(db, albumId);
}

/**
 * Takes a picture out of one of his albums and deletes it (its row: the file is the caller's, when `fileGone`), unless
 * a report names it: then it stays for the moderators, seen by nobody else. The members the album is shared with, or
 * undefined when his album holds no such picture.
 */
export async function removeAlbumPicture(
  db: Db,
  ownerId: string,
  albumId: string,
  mediaId: string,
): Promise<{ sharedWith: string[]; fileGone: boolean } | undefined> {
  const gone = await queryRows<{ id: string; deleted: boolean }>(
    db,
    sql`WITH target AS (
          SELECT ap.media_id FROM album_pictures ap JOIN albums a ON a.id = ap.album_id
          WHERE ap.album_id = ${albumId}::uuid AND ap.media_id = ${mediaId}::uuid AND a.owner_id = ${ownerId}::uuid
        ), touched AS (
          UPDATE albums SET updated_at = now() WHERE id = ${albumId}::uuid AND EXISTS (SELECT 1 FROM target) RETURNING id
        ), taken AS (DELETE FROM album_pictures WHERE media_id IN (SELECT media_id FROM target) RETURNING media_id)
        , deleted AS (
          DELETE FROM media md WHERE md.id IN (SELECT media_id FROM taken) AND NOT ${reportedSql()} RETURNING md.id
        )
        SELECT t.media_id AS id, EXISTS (SELECT 1 FROM deleted) AS deleted FROM taken t`,
  );
  return gone.length > 0
    ? { sharedWith: await sharedWithIds(db, albumId), fileGone: Boolean(gone[0]?.deleted) }
    : undefined;
}

/** The name of one of his albums, or undefined when he has no such album. */
export async function ownAlbumName(db: Db, ownerId: string, id: string): Promise<string | undefined> {
  const [row] = await queryRows<{ name: string }>(
    db,
    sql`SELECT name FROM albums WHERE id = ${id}::uuid AND owner_id = ${ownerId}::uuid`,
  );
  return row?.name;
}

/** Shares an album with a member; true when it was not shared with him before. */
export async function shareAlbum(db: Db, albumId: string, memberId: string): Promise<boolean> {
  const added = await queryRows<{ album_id: string }>(
    db,
    sql`INSERT INTO album_shares (album_id, member_id) VALUES (${albumId}::uuid, ${memberId}::uuid)
        ON CONFLICT DO NOTHING RETURNING album_id`,
  );
  return added.length > 0;
}

/** Whether an album is shared with a member. */
export async function isSharedWith(db: Db, albumId: string, memberId: string): Promise<boolean> {
  const rows = await queryRows<{ ok: number }>(
    db,
    sql`SELECT 1 AS ok FROM album_shares WHERE album_id = ${albumId}::uuid AND member_id = ${memberId}::uuid`,
  );
  return rows.length > 0;
}

/** Takes his album back from a member; true when it was shared with him. */
export async function unshareAlbum(db: Db, ownerId: string, albumId: string, memberId: string): Promise<boolean> {
  const gone = await queryRows<{ album_id: string }>(
    db,
    sql`DELETE FROM album_shares s USING albums a
        WHERE s.album_id = ${albumId}::uuid AND s.member_id = ${memberId}::uuid AND a.id = s.album_id AND a.owner_id = ${ownerId}::uuid
        RETURNING s.album_id`,
  );
  return gone.length > 0;
}

/** Who sees his album (active members), most recent share first. */
export async function sharesOf(db: Db, albumId: string): Promise<AlbumShare[]> {
  const rows = await queryRows<{
    id: string;
    username: string;
    display_name: string | null;
    profile_image_url: string | null;
    created_at: string | Date;
  }>(
    db,
    sql`SELECT m.id, m.username, m.display_name, m.profile_image_url, s.created_at
        FROM album_shares s JOIN users m ON m.id = s.member_id
        WHERE s.album_id = ${albumId}::uuid AND ${activeSql("m")}
        ORDER BY s.created_at DESC, m.id`,
  );
  return rows.map((r) => ({
    memberId: r.id,
    name: shownNameOf({ displayName: r.display_name, username: r.username }),
    avatarUrl: r.profile_image_url,
    sharedAt: iso(r.created_at),
  }));
}

/**
 * Between a viewer and another member: the other's albums shared with the viewer (policy/albums.ts), and which of the
 * viewer's he shares with the other.
 */
export async function albumsBetween(
  db: Db,
  viewerId: string,
  memberId: string,
): Promise<{ sharedWithMe: Album[]; sharedByMe: string[] }> {
  const theirs = await queryRows<AlbumRow>(
    db,
    sql`SELECT a.id, a.name, a.updated_at, ${picturesJsonSql()} AS pictures
        FROM albums a JOIN album_shares s ON s.album_id = a.id JOIN users o ON o.id = a.owner_id
        WHERE a.owner_id = ${memberId}::uuid AND ${albumSharedWithSql(viewerId)}
        ORDER BY s.created_at, a.id`,
  );
  const mine = await queryRows<{ id: string }>(
    db,
    sql`SELECT a.id FROM albums a JOIN album_shares s ON s.album_id = a.id
        WHERE a.owner_id = ${viewerId}::uuid AND s.member_id = ${memberId}::uuid ORDER BY a.created_at, a.id`,
  );
  return { sharedWithMe: theirs.map(asAlbum), sharedByMe: mine.map((r) => r.id) };
}

/** Ends every share between two members, either way (a block). */
export async function deleteSharesBetween(db: Db, a: string, b: string): Promise<void> {
  await queryRows(
    db,
    sql`DELETE FROM album_shares s USING albums al
        WHERE al.id = s.album_id AND ((al.owner_id = ${a}::uuid AND s.member_id = ${b}::uuid)
                                   OR (al.owner_id = ${b}::uuid AND s.member_id = ${a}::uuid))`,
  );
}

/** His albums for his data export: names, the pictures' addresses, and whom each is shared with. */
export async function albumsForExport(
  db: Db,
  ownerId: string,
): Promise<Array<{ name: string; createdAt: string; pictures: string[]; sharedWith: string[] }>> {
  const albums = await albumsOf(db, ownerId);
  return Promise.all(
    albums.map(async (a) => ({
      name: a.name,
      createdAt: a.createdAt,
      pictures: a.pictures.map((p) => p.url),
      sharedWith: (await sharesOf(db, a.id)).map((s) => s.name),
    })),
  );
}

/** Another member, to share with: active; whether either blocked the other. Undefined when there is no such member. */
export async function shareTarget(
  db: Db,
  viewerId: string,
  memberId: string,
): Promise<{ id: string; name: string; iBlocked: boolean; blockedMe: boolean } | undefined> {
  const [row] = await queryRows<{
    id: string;
    username: string;
    display_name: string | null;
    i_blocked: boolean;
    blocked_me: boolean;
  }>(
    db,
    sql`SELECT u.id, u.username, u.display_name,
          EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ${viewerId}::uuid AND b.blocked_id = u.id) AS i_blocked,
          EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = u.id AND b.blocked_id = ${viewerId}::uuid) AS blocked_me
        FROM users u WHERE u.id = ${memberId}::uuid AND ${activeSql()}`,
  );
  if (!row) return undefined;
  const name = shownNameOf({ displayName: row.display_name, username: row.username });
  return { id: row.id, name, iBlocked: row.i_blocked, blockedMe: row.blocked_me };
}
