import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  adminReportSchema,
  ALBUM_NAME_MAX_LENGTH,
  ALBUM_PATHS,
  ALBUM_PICTURES_MAX,
  ALBUMS_MAX,
  albumSharesSchema,
  memberAlbumsSchema,
  myAlbumSchema,
  myAlbumsSchema,
  notificationListSchema,
  type MyAlbum,
} from "@vicinity/contract";
import { albums, albumShares, media } from "../db/schema";
import {
  apiCaller,
  guestCookie,
  registerAdmin,
  registerMember,
  STRONG_PASSWORD,
  testEngines,
  useListeningServer,
  useTwoNodes,
  type ListeningServer,
} from "../test/harness";
import { jpegWithGps, pictureForm } from "../test/pictures";
import { closeOpenSockets, connected, nextEvent, socketFor } from "../test/sockets";
import type { BuiltServer } from "../app";

afterEach(closeOpenSockets);

async function uploadFor(server: BuiltServer, cookie: string, kind = "album"): Promise<string> {
  const res = await server.app.inject({
    method: "POST",
    url: `/api/media?kind=${kind}`,
    headers: { cookie },
    payload: pictureForm(await jpegWithGps(120, 90)),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

/** Issue 38 item 4 (decisions/0046): private albums, shared with one member at a time, taken back at any time. */
describe.each(testEngines())("private albums (%s)", (engine) => {
  const t: ListeningServer = useListeningServer(engine);
  const call = apiCaller(() => t.server);

  async function albumWithPicture(cookie: string, name = "Weekend") {
    const created = await call("POST", ALBUM_PATHS.albums, cookie, { name });
    expect(created.statusCode, created.body).toBe(201);
    const album = myAlbumSchema.parse(created.json());
    const mediaId = await uploadFor(t.server, cookie);
    const added = await call("POST", ALBUM_PATHS.pictures(album.id), cookie, { mediaId });
    expect(added.statusCode, added.body).toBe(201);
    return { album: myAlbumSchema.parse(added.json()), mediaId };
  }
  const between = async (cookie: string, memberId: string) => {
    const res = await call("GET", ALBUM_PATHS.withMember(memberId), cookie);
    expect(res.statusCode, res.body).toBe(200);
    return memberAlbumsSchema.parse(res.json());
  };
  const picture = (id: string, cookie?: string) => call("GET", `/media/${id}?w=100`, cookie);

  it("keeps albums his own: created, pictures added, renamed; nobody else sees them, not on his profile", async () => {
    const sam = await registerMember(t.server, "sam@example.com");
    const kai = await registerMember(t.server, "kai@example.com");
    expect(myAlbumsSchema.parse((await call("GET", ALBUM_PATHS.albums, sam.cookie)).json()).albums).toEqual([]);
    const { album, mediaId } = await albumWithPicture(sam.cookie, "  Weekend  ");
    expect(album).toMatchObject({ name: "Weekend", sharedWith: 0 });
    expect(album.pictures).toEqual([{ id: mediaId, url: `/media/${mediaId}`, width: 120, height: 90 }]);

    const renamed = await call("PATCH", ALBUM_PATHS.album(album.id), sam.cookie, { name: "Beach" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(myAlbumSchema.parse(renamed.json()).name).toBe("Beach");

    // His picture is his: served to him, with nothing kept by the browser.
    const mine = await picture(mediaId, sam.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["cache-control"]).toBe("private, no-store");
    // Not to Kai, a guest or a visitor: "not found", as a picture that does not exist.
    for (const cookie of [kai.cookie, await guestCookie(t.server), undefined]) {
      const res = await picture(mediaId, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Picture not found");
    }
    // Kai cannot list, rename, fill, share or delete Sam's album.
    expect((await between(kai.cookie, sam.id)).sharedWithMe).toEqual([]);
    expect((await call("PATCH", ALBUM_PATHS.album(album.id), kai.cookie, { name: "Mine" })).statusCode).toBe(404);
    expect((await call("DELETE", ALBUM_PATHS.album(album.id), kai.cookie)).statusCode).toBe(404);
    expect((await call("GET", ALBUM_PATHS.shares(album.id), kai.cookie)).statusCode).toBe(404);
    expect((await call("PUT", ALBUM_PATHS.share(album.id, kai.id), kai.cookie)).statusCode).toBe(404);
    const kaisPicture = await uploadFor(t.server, kai.cookie);
    expect(
      (await call("POST", ALBUM_PATHS.pictures(album.id), kai.cookie, { mediaId: kaisPicture })).json().message,
    ).toBe("Album not found");
    expect((await call("DELETE", ALBUM_PATHS.picture(album.id, mediaId), kai.cookie)).statusCode).toBe(404);
    // Never on his public profile.
    const profile = await call("GET", `/api/users/${sam.id}`, kai.cookie);
    expect(profile.body).not.toContain(mediaId);
  });

  it("shares an album with one member, who is told and sees it; unsharing takes every picture back at once", async () => {
    const sam = await registerMember(t.server, "sam2@example.com");
    const kai = await registerMember(t.server, "kai2@example.com");
    const leo = await registerMember(t.server, "leo2@example.com");
    const { album, mediaId } = await albumWithPicture(sam.cookie);
    const kaiSocket = socketFor(t.url, kai.cookie);
    await connected(kaiSocket);

    const told = nextEvent(kaiSocket, "albumsChanged", (e) => e.memberId === sam.id);
    const notified = nextEvent(kaiSocket, "notification", (n) => n.kind === "album_shared");
    const shared = await call("PUT", ALBUM_PATHS.share(album.id, kai.id), sam.cookie);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(await told).toEqual({ memberId: sam.id });
    expect((await notified).data).toMatchObject({ memberId: sam.id, album: "Weekend" });
    // Sharing again changes nothing and tells nobody twice.
    expect((await call("PUT", ALBUM_PATHS.share(album.id, kai.id), sam.cookie)).statusCode).toBe(200);
    const list = notificationListSchema.parse((await call("GET", "/api/notifications", kai.cookie)).json());
    expect(list.notifications.filter((n) => n.kind === "album_shared")).toHaveLength(1);

    expect((await between(kai.cookie, sam.id)).sharedWithMe.map((a) => [a.name, a.pictures.map((p) => p.id)])).toEqual([
      ["Weekend", [mediaId]],
    ]);
    expect((await between(sam.cookie, kai.id)).sharedByMe).toEqual([album.id]);
    expect((await picture(mediaId, kai.cookie)).statusCode).toBe(200);
    // Only Kai: Leo still reads "not found".
    expect((await picture(mediaId, leo.cookie)).statusCode).toBe(404);
    const shares = albumSharesSchema.parse((await call("GET", ALBUM_PATHS.shares(album.id), sam.cookie)).json());
    expect(shares.shares.map((s) => s.memberId)).toEqual([kai.id]);
    expect(myAlbumsSchema.parse((await call("GET", ALBUM_PATHS.albums, sam.cookie)).json()).albums[0]?.sharedWith).toBe(
      1,
    );

    // A picture added while shared: Kai is told, and sees it.
    const toldAgain = nextEvent(kaiSocket, "albumsChanged", (e) => e.memberId === sam.id);
    const second = await uploadFor(t.server, sam.cookie);
    expect((await call("POST", ALBUM_PATHS.pictures(album.id), sam.cookie, { mediaId: second })).statusCode).toBe(201);
    await toldAgain;
    expect((await picture(second, kai.cookie)).statusCode).toBe(200);

    // Taken back: told live, gone from his list, every picture's address refused (also a size already made).
    const unshared = nextEvent(kaiSocket, "albumsChanged", (e) => e.memberId === sam.id);
    expect((await call("DELETE", ALBUM_PATHS.share(album.id, kai.id), sam.cookie)).statusCode).toBe(200);
    await unshared;
    expect((await between(kai.cookie, sam.id)).sharedWithMe).toEqual([]);
    for (const id of [mediaId, second]) expect((await picture(id, kai.cookie)).statusCode).toBe(404);
    // A cached copy's revalidation is refused too: the check comes before the ETag.
    const etagged = await t.server.app.inject({
      method: "GET",
      url: `/media/${mediaId}?w=100`,
      headers: { cookie: kai.cookie, "if-none-match": `"${mediaId}-w100-h0-q80.webp"` },
    });
    expect(etagged.statusCode).toBe(404);
    // Taking back twice is fine; the owner still sees his pictures.
    expect((await call("DELETE", ALBUM_PATHS.share(album.id, kai.id), sam.cookie)).statusCode).toBe(200);
    expect((await picture(mediaId, sam.cookie)).statusCode).toBe(200);
  });

  it("a block either way ends the shares and hides them; unblocking does not share again", async () => {
    const sam = await registerMember(t.server, "sam3@example.com");
    const kai = await registerMember(t.server, "kai3@example.com");
    const { album, mediaId } = await albumWithPicture(sam.cookie);
    expect((await call("PUT", ALBUM_PATHS.share(album.id, kai.id), sam.cookie)).statusCode).toBe(200);
    expect((await picture(mediaId, kai.cookie)).statusCode).toBe(200);

    expect((await call("POST", `/api/users/${kai.id}/block`, sam.cookie)).statusCode).toBe(200);
    expect((await picture(mediaId, kai.cookie)).statusCode).toBe(404);
    expect((await call("GET", ALBUM_PATHS.withMember(sam.id), kai.cookie)).statusCode).toBe(404);
    const refused = await call("PUT", ALBUM_PATHS.share(album.id, kai.id), sam.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^You blocked .+\. Unblock him first\.$/);
    expect(await t.database.db.select().from(albumShares)).toEqual([]);

    expect((await call("DELETE", `/api/users/${kai.id}/block`, sam.cookie)).statusCode).toBe(200);
    expect((await between(kai.cookie, sam.id)).sharedWithMe).toEqual([]);
    expect((await picture(mediaId, kai.cookie)).statusCode).toBe(404);

    // Blocked by him: sharing reads "Member not found", as for anyone who does not exist.
    expect((await call("POST", `/api/users/${sam.id}/block`, kai.cookie)).statusCode).toBe(200);
    const hidden = await call("PUT", ALBUM_PATHS.share(album.id, kai.id), sam.cookie);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe("Member not found");
  });

  it("refuses bad input and limits, storing nothing", async () => {
    const sam = await registerMember(t.server, "sam4@example.com");
    const kai = await registerMember(t.server, "kai4@example.com");
    for (const [payload, message] of [
      [{ name: "   " }, "Give the album a name"],
      [
        { name: "x".repeat(ALBUM_NAME_MAX_LENGTH + 1) },
        `An album's name can be at most ${ALBUM_NAME_MAX_LENGTH} characters`,
      ],
      [{ name: "bell\u0007" }, undefined],
      [{ name: 7 }, undefined],
      [{}, undefined],
      [{ name: "ok", extra: true }, undefined],
    ] as const) {
      const res = await call("POST", ALBUM_PATHS.albums, sam.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await t.database.db.select().from(albums)).toEqual([]);

    const { album } = await albumWithPicture(sam.cookie);
    // A profile photo, a message picture, a picture already in an album, someone else's, not an id: refused.
    const photo = await uploadFor(t.server, sam.cookie, "photo");
    const inAlbum = album.pictures[0]!.id;
    const kais = await uploadFor(t.server, kai.cookie);
    for (const mediaId of [photo, inAlbum, kais, "not-an-id"]) {
      const res = await call("POST", ALBUM_PATHS.pictures(album.id), sam.cookie, { mediaId });
      expect(res.statusCode, mediaId).toBe(400);
      expect(res.json().message).toMatch(/^Upload the picture for an album first/);
    }
    expect((await call("POST", ALBUM_PATHS.pictures(album.id), sam.cookie, { mediaId: 5 })).statusCode).toBe(400);
    expect((await call("POST", ALBUM_PATHS.pictures("nope"), sam.cookie, { mediaId: photo })).statusCode).toBe(404);
    expect((await call("PATCH", ALBUM_PATHS.album(album.id), sam.cookie, { name: "" })).statusCode).toBe(400);
    // Sharing with himself, a stranger id, nonsense.
    const self = await call("PUT", ALBUM_PATHS.share(album.id, sam.id), sam.cookie);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe("You cannot share an album with yourself");
    for (const id of ["00000000-0000-4000-8000-000000000000", "x"])
      expect((await call("PUT", ALBUM_PATHS.share(album.id, id), sam.cookie)).statusCode).toBe(404);
    expect(await t.database.db.select().from(albumShares)).toEqual([]);

    // ALBUMS_MAX albums, then "delete one first".
    for (let i = 1; i < ALBUMS_MAX; i++)
      expect((await call("POST", ALBUM_PATHS.albums, sam.cookie, { name: `Album ${i}` })).statusCode).toBe(201);
    const full = await call("POST", ALBUM_PATHS.albums, sam.cookie, { name: "One more" });
    expect(full.statusCode).toBe(400);
    expect(full.json().message).toBe(`You can keep at most ${ALBUMS_MAX} private albums. Delete one first.`);
    expect(myAlbumsSchema.parse((await call("GET", ALBUM_PATHS.albums, sam.cookie)).json()).albums).toHaveLength(
      ALBUMS_MAX,
    );

    // Visitors and guests have no albums.
    expect((await call("GET", ALBUM_PATHS.albums)).statusCode).toBe(401);
    expect((await call("GET", ALBUM_PATHS.albums, await guestCookie(t.server))).statusCode).toBe(403);
  });

  it(`holds at most ${ALBUM_PICTURES_MAX} pictures`, async () => {
    const sam = await registerMember(t.server, "sam5@example.com");
    const created = myAlbumSchema.parse((await call("POST", ALBUM_PATHS.albums, sam.cookie, { name: "Full" })).json());
    // The pictures are stored straight (uploading 30 through the pipeline is what the media tests do once).
    const rows = await t.database.db
      .insert(media)
      .values(
        Array.from({ length: ALBUM_PICTURES_MAX + 1 }, () => ({
          ownerId: sam.id,
          kind: "album" as const,
          width: 10,
          height: 10,
          bytes: 10,
        })),
      )
      .returning({ id: media.id });
    let last: MyAlbum | undefined;
    for (const row of rows.slice(0, ALBUM_PICTURES_MAX)) {
      const res = await call("POST", ALBUM_PATHS.pictures(created.id), sam.cookie, { mediaId: row.id });
      expect(res.statusCode, res.body).toBe(201);
      last = myAlbumSchema.parse(res.json());
    }
    expect(last?.pictures).toHaveLength(ALBUM_PICTURES_MAX);
    const over = await call("POST", ALBUM_PATHS.pictures(created.id), sam.cookie, { mediaId: rows.at(-1)!.id });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(
      `An album holds at most ${ALBUM_PICTURES_MAX} pictures. Start another album or remove one.`,
    );
  });

  it("a picture taken out, or the album deleted, is gone for the member it was shared with, and its file too", async () => {
    const sam = await registerMember(t.server, "sam6@example.com");
    const kai = await registerMember(t.server, "kai6@example.com");
    const { album, mediaId } = await albumWithPicture(sam.cookie);
    const second = await uploadFor(t.server, sam.cookie);
    await call("POST", ALBUM_PATHS.pictures(album.id), sam.cookie, { mediaId: second });
    await call("PUT", ALBUM_PATHS.share(album.id, kai.id), sam.cookie);

    const out = await call("DELETE", ALBUM_PATHS.picture(album.id, mediaId), sam.cookie);
    expect(out.statusCode, out.body).toBe(200);
    expect(myAlbumSchema.parse(out.json()).pictures.map((p) => p.id)).toEqual([second]);
    expect((await picture(mediaId, kai.cookie)).statusCode).toBe(404);
    expect((await picture(mediaId, sam.cookie)).statusCode).toBe(404);
    expect((await call("DELETE", ALBUM_PATHS.picture(album.id, mediaId), sam.cookie)).statusCode).toBe(404);

    expect((await call("DELETE", ALBUM_PATHS.album(album.id), sam.cookie)).statusCode).toBe(200);
    expect((await between(kai.cookie, sam.id)).sharedWithMe).toEqual([]);
    expect((await picture(second, sam.cookie)).statusCode).toBe(404);
    expect(await t.database.db.select().from(media).where(eq(media.ownerId, sam.id))).toEqual([]);
    expect((await call("DELETE", ALBUM_PATHS.album(album.id), sam.cookie)).statusCode).toBe(404);
  });

  it("an admin sees an album picture (a report is what he judges)", async () => {
    const boss = await registerAdmin(t.server, t.database, "boss@example.com");
    const sam = await registerMember(t.server, "sam7@example.com");
    const { mediaId } = await albumWithPicture(sam.cookie);
    expect((await picture(mediaId, boss.cookie)).statusCode).toBe(200);
  });

  it("a picture reported by the member it was shared with reaches the admin's queue, and stays for him after the album is deleted", async () => {
    const boss = await registerAdmin(t.server, t.database, "boss2@example.com");
    const sam = await registerMember(t.server, "sam10@example.com");
    const kai = await registerMember(t.server, "kai10@example.com");
    const leo = await registerMember(t.server, "leo10@example.com");
    const { album, mediaId } = await albumWithPicture(sam.cookie);
    const other = await uploadFor(t.server, sam.cookie);
    await call("POST", ALBUM_PATHS.pictures(album.id), sam.cookie, { mediaId: other });
    // Leo, who never had it, cannot report it: "not found", as a picture that does not exist.
    const blind = await call("POST", `/api/users/${sam.id}/report`, leo.cookie, { reason: "inappropriate", mediaId });
    expect(blind.statusCode).toBe(404);
    expect(blind.json().message).toBe("Picture not found");

    await call("PUT", ALBUM_PATHS.share(album.id, kai.id), sam.cookie);
    const sent = await call("POST", `/api/users/${sam.id}/report`, kai.cookie, { reason: "inappropriate", mediaId });
    expect(sent.statusCode, sent.body).toBe(201);
    // Sam deletes the album: the reported picture stays for the moderators alone; the other one is gone.
    expect((await call("DELETE", ALBUM_PATHS.album(album.id), sam.cookie)).statusCode).toBe(200);
    expect((await picture(mediaId, kai.cookie)).statusCode).toBe(404);
    expect((await picture(other, boss.cookie)).statusCode).toBe(404);
    const queue = (await call("GET", "/api/admin/reports", boss.cookie)).json() as { reports: unknown[] };
    const report = adminReportSchema.parse(queue.reports[0]);
    expect(report.content.pictureUrl).toBe(`/media/${mediaId}`);
    expect((await picture(mediaId, boss.cookie)).statusCode).toBe(200);
  });

  it("are in his data export, and go with his account", async () => {
    const sam = await registerMember(t.server, "sam8@example.com");
    const kai = await registerMember(t.server, "kai8@example.com");
    const { album, mediaId } = await albumWithPicture(sam.cookie);
    await call("PUT", ALBUM_PATHS.share(album.id, kai.id), sam.cookie);
    const exported = (await call("GET", "/api/users/export", sam.cookie)).json() as {
      albums: Array<{ name: string; pictures: string[]; sharedWith: string[] }>;
    };
    expect(exported.albums).toEqual([
      expect.objectContaining({ name: "Weekend", pictures: [`/media/${mediaId}`], sharedWith: ["kai8"] }),
    ]);
    // Kai's export holds nothing of Sam's album.
    expect(JSON.stringify((await call("GET", "/api/users/export", kai.cookie)).json())).not.toContain(mediaId);

    const gone = await call("DELETE", "/api/users/account", sam.cookie, { password: STRONG_PASSWORD });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await t.database.db.select().from(albums)).toEqual([]);
    expect(await t.database.db.select().from(albumShares)).toEqual([]);
    expect(await t.database.db.select().from(media).where(eq(media.ownerId, sam.id))).toEqual([]);
  });
});

describe.runIf(process.env.REDIS_URL)("private albums on two nodes, through Redis", () => {
  const nodes = useTwoNodes();

  it("unshared on node A: the member on node B is told live, and node B refuses the picture", async () => {
    const sam = await registerMember(nodes.nodeA, "sam9@example.com");
    const kai = await registerMember(nodes.nodeA, "kai9@example.com");
    const onA = apiCaller(() => nodes.nodeA);
    const onB = apiCaller(() => nodes.nodeB);
    const album = myAlbumSchema.parse((await onA("POST", ALBUM_PATHS.albums, sam.cookie, { name: "Trip" })).json());
    const mediaId = await uploadFor(nodes.nodeA, sam.cookie);
    await onA("POST", ALBUM_PATHS.pictures(album.id), sam.cookie, { mediaId });
    const kaiSocket = socketFor(nodes.urlB, kai.cookie);
    await connected(kaiSocket);

    const shared = nextEvent(kaiSocket, "albumsChanged", (e) => e.memberId === sam.id);
    expect((await onA("PUT", ALBUM_PATHS.share(album.id, kai.id), sam.cookie)).statusCode).toBe(200);
    await shared;
    expect((await onB("GET", `/media/${mediaId}?w=100`, kai.cookie)).statusCode).toBe(200);

    const unshared = nextEvent(kaiSocket, "albumsChanged", (e) => e.memberId === sam.id);
    expect((await onA("DELETE", ALBUM_PATHS.share(album.id, kai.id), sam.cookie)).statusCode).toBe(200);
    expect(await unshared).toEqual({ memberId: sam.id });
    const refused = await onB("GET", `/media/${mediaId}?w=100`, kai.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe("Picture not found");
  });
});
