import { delay, http, HttpResponse } from "msw";
import {
  ALBUM_PICTURES_MAX,
  ALBUMS_MAX,
  API_PATHS,
  ALBUM_PATHS,
  addAlbumPictureRequestSchema,
  albumNameRequestSchema,
  type Album,
  type AlbumShare,
  type AlbumShares,
  type ErrorBody,
  type MemberAlbums,
  type MyAlbum,
  type MyAlbums,
  type UploadedMedia,
} from "@vicinity/contract";
import {
  albumPictures,
  albumSharesFixture,
  ALBUM_WEEKEND,
  fullAlbumsFixture,
  hisAlbumsFixture,
  myAlbumsFixture,
} from "../fixtures/albums";
import { registerMockReset } from "./resets";

const ALBUM = "/api/albums/:id";
const PICTURES = "/api/albums/:id/pictures";
const PICTURE = "/api/albums/:id/pictures/:mediaId";
const SHARES = "/api/albums/:id/shares";
const SHARE = "/api/albums/:id/shares/:memberId";
const WITH_MEMBER = "/api/users/:id/albums";

/** A refusal as the server words it (a plain Response: the handlers answer it or their own body). */
const refuse = (status: number, message: string): Response => HttpResponse.json<ErrorBody>({ message }, { status });
const never = async () => {
  await delay("infinite");
  return HttpResponse.json({});
};

/**
 * His albums shared with me, as the server has them now: a story takes one back (`albumsMock.theirs = ...`) and
 * plays `albumsChanged`, as the server would. Back to Jake's two albums before every story.
 */
export const albumsMock = { theirs: hisAlbumsFixture() as Album[] };
registerMockReset(() => {
  albumsMock.theirs = hisAlbumsFixture();
});

interface Options {
  mine: () => MyAlbum[];
  /** Nobody shares albums with me. */
  nothingShared?: boolean;
  /** PUT share answers this refusal. */
  shareRefusal?: { status: number; message: string };
  /** POST /api/albums answers this refusal. */
  createRefusal?: string;
}

/** My albums kept as the server would (create, rename, delete, pictures, shares), starting from `mine`. */
function stateful({ mine, nothingShared = false, shareRefusal, createRefusal }: Options) {
  let albums = mine();
  let shares = albumSharesFixture();
  let uploads = 0;
  registerMockReset(() => {
    albums = mine();
    shares = albumSharesFixture();
    uploads = 0;
  });
  const find = (id: unknown) => albums.find((a) => a.id === id);
  const update = (id: unknown, change: (a: MyAlbum) => MyAlbum) => {
    albums = albums.map((a) => (a.id === id ? change(a) : a));
  };
  const count = (id: string) => update(id, (a) => ({ ...a, sharedWith: (shares[id] ?? []).length }));
  return [
    http.get(ALBUM_PATHS.albums, () => HttpResponse.json<MyAlbums>({ albums })),
    http.post(ALBUM_PATHS.albums, async ({ request }) => {
      if (createRefusal) return refuse(400, createRefusal);
      const parsed = albumNameRequestSchema.safeParse(await request.json());
      if (!parsed.success) return refuse(400, parsed.error.issues[0]?.message ?? "Invalid");
      if (albums.length >= ALBUMS_MAX)
        return refuse(400, `You can keep at most ${ALBUMS_MAX} albums. Delete one first.`);
      const now = new Date().toISOString();
      const album: MyAlbum = {
        id: `a1b00000-0000-4000-8000-${String(900 + albums.length).padStart(12, "0")}`,
        name: parsed.data.name,
        pictures: [],
        createdAt: now,
        updatedAt: now,
        sharedWith: 0,
      };
      albums = [...albums, album];
      return HttpResponse.json<MyAlbum>(album, { status: 201 });
    }),
    http.patch(ALBUM, async ({ params, request }) => {
      const parsed = albumNameRequestSchema.safeParse(await request.json());
      if (!parsed.success) return refuse(400, parsed.error.issues[0]?.message ?? "Invalid");
      if (!find(params.id)) return refuse(404, "Album not found");
      update(params.id, (a) => ({ ...a, name: parsed.data.name }));
      return HttpResponse.json<MyAlbum | undefined>(find(params.id));
    }),
    http.delete(ALBUM, ({ params }) => {
      albums = albums.filter((a) => a.id !== params.id);
      return HttpResponse.json({ ok: true });
    }),
    // The upload of a picture for an album (`?kind=album`): a file named "broken..." is not a picture.
    http.post(API_PATHS.media, async ({ request }) => {
      const file = (await request.formData()).get("file");
      if (!(file instanceof File)) return refuse(400, "No picture was sent: add it in a field named file");
      if (file.name.startsWith("broken"))
        return refuse(400, "That file is not a picture we can read (JPEG, PNG, WebP, AVIF or HEIC)");
      uploads += 1;
      const [picture] = albumPictures(`album-upload-${uploads}`, 1);
      return HttpResponse.json<UploadedMedia>(picture ?? { id: "", url: "", width: 0, height: 0 }, { status: 201 });
    }),
    http.post(PICTURES, async ({ params, request }) => {
      const parsed = addAlbumPictureRequestSchema.safeParse(await request.json());
      if (!parsed.success) return refuse(400, parsed.error.issues[0]?.message ?? "Invalid");
      const album = find(params.id);
      if (!album) return refuse(404, "Album not found");
      if (album.pictures.length >= ALBUM_PICTURES_MAX)
        return refuse(400, `An album holds at most ${ALBUM_PICTURES_MAX} pictures.`);
      const { mediaId } = parsed.data;
      update(params.id, (a) => ({
        ...a,
        pictures: [...a.pictures, { id: mediaId, url: `/media/${mediaId}`, width: 1200, height: 1600 }],
      }));
      return HttpResponse.json<MyAlbum | undefined>(find(params.id), { status: 201 });
    }),
    http.delete(PICTURE, ({ params }) => {
      update(params.id, (a) => ({ ...a, pictures: a.pictures.filter((p) => p.id !== params.mediaId) }));
      return HttpResponse.json({ ok: true });
    }),
    http.get(SHARES, ({ params }) => HttpResponse.json<AlbumShares>({ shares: shares[String(params.id)] ?? [] })),
    http.put(SHARE, ({ params }) => {
      if (shareRefusal) return refuse(shareRefusal.status, shareRefusal.message);
      const id = String(params.id);
      const memberId = String(params.memberId);
      if (!find(id)) return refuse(404, "Album not found");
      const share: AlbumShare = { memberId, name: "Jake", avatarUrl: null, sharedAt: new Date().toISOString() };
      shares = { ...shares, [id]: [share, ...(shares[id] ?? []).filter((s) => s.memberId !== memberId)] };
      count(id);
      return HttpResponse.json({ ok: true });
    }),
    http.delete(SHARE, ({ params }) => {
      const id = String(params.id);
      shares = { ...shares, [id]: (shares[id] ?? []).filter((s) => s.memberId !== params.memberId) };
      count(id);
      return HttpResponse.json({ ok: true });
    }),
    http.get(WITH_MEMBER, ({ params }) =>
      HttpResponse.json<MemberAlbums>({
        sharedWithMe: nothingShared ? [] : albumsMock.theirs,
        sharedByMe: Object.entries(shares)
          .filter(([, list]) => list.some((s) => s.memberId === params.id))
          .map(([id]) => id),
      }),
    ),
  ];
}

/** Private albums (decisions/0046), by scenario. */
export const albumsHandlers = {
  /** Three albums (Weekend shared with Jake); Jake shares two with me. Every change answered. */
  some: () => stateful({ mine: myAlbumsFixture }),
  /** No albums of mine; nobody shares any with me. */
  none: () => stateful({ mine: () => [], nothingShared: true }),
  /** Mine as in `some`, but nobody shares any with me. */
  nothingShared: () => stateful({ mine: myAlbumsFixture, nothingShared: true }),
  /** ALBUMS_MAX albums: no room for another. */
  full: () => stateful({ mine: () => fullAlbumsFixture(ALBUMS_MAX) }),
  /** Weekend holds ALBUM_PICTURES_MAX pictures. */
  fullAlbum: () =>
    stateful({
      mine: () =>
        myAlbumsFixture().map((a) =>
          a.id === ALBUM_WEEKEND ? { ...a, pictures: albumPictures("album-full", ALBUM_PICTURES_MAX) } : a,
        ),
    }),
  /** The server refuses a new album (he made his tenth in another tab meanwhile). */
  createRefused: () =>
    stateful({ mine: myAlbumsFixture, createRefusal: `You can keep at most ${ALBUMS_MAX} albums. Delete one first.` }),
  /** Sharing is refused: the day's limit. */
  shareLimited: () =>
    stateful({
      mine: myAlbumsFixture,
      shareRefusal: { status: 429, message: "You can share albums at most 100 times a day." },
    }),
  /** Sharing is refused: I blocked him. */
  shareBlocked: () =>
    stateful({ mine: myAlbumsFixture, shareRefusal: { status: 403, message: "You blocked Jake. Unblock him first." } }),
  /** A picture's upload never finishes: its progress stays. */
  uploadPending: () => [http.post(API_PATHS.media, never), ...stateful({ mine: myAlbumsFixture })],
  /** Nothing comes. */
  loading: [http.get(ALBUM_PATHS.albums, never), http.get(WITH_MEMBER, never), http.get(SHARES, never)],
  /** The server fails. */
  failed: [
    http.get(ALBUM_PATHS.albums, () => refuse(500, "Something went wrong on our side. Try again in a moment.")),
    http.get(WITH_MEMBER, () => refuse(500, "Something went wrong on our side. Try again in a moment.")),
    http.get(SHARES, () => refuse(500, "Something went wrong on our side. Try again in a moment.")),
  ],
};
