import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import {
  adminReportSchema,
  openedPictureSchema,
  openPicturePath,
  VIEW_ONCE_SECONDS,
  type Message,
} from "@vicinity/contract";
import { media } from "../db/schema";
import { queryRows } from "../db/database";
import { apiCaller, registerAdmin, registerMember, testEngines, useListeningServer } from "../test/harness";
import { jpegWithGps, pictureForm } from "../test/pictures";
import { closeOpenSockets, connected, dataOf, emitAck, nextEvent, socketFor } from "../test/sockets";
import { VIEW_ONCE_GRACE_SECONDS } from "../policy/messages";
import { messagesModule } from "./module";

afterEach(closeOpenSockets);

/** Issue 38 item 5 (decisions/0047): a picture the member it is sent to sees once, for VIEW_ONCE_SECONDS. */
describe.each(testEngines())("view-once pictures (%s)", (engine) => {
  const t = useListeningServer(engine);
  const call = apiCaller(() => t.server);

  async function chat() {
    const alice = await registerMember(t.server, "alice@example.com");
    const bob = await registerMember(t.server, "bob@example.com");
    const conversation = (await call("POST", "/api/conversations", alice.cookie, { userId: bob.id })).json() as {
      id: string;
    };
    const aliceSocket = socketFor(t.url, alice.cookie);
    const bobSocket = socketFor(t.url, bob.cookie);
    await Promise.all([connected(aliceSocket), connected(bobSocket)]);
    const upload = async () => {
      const res = await t.server.app.inject({
        method: "POST",
        url: "/api/media?kind=message",
        headers: { cookie: alice.cookie },
        payload: pictureForm(await jpegWithGps(300, 200)),
      });
      return (res.json() as { id: string }).id;
    };
    const send = (payload: Record<string, unknown>) =>
      emitAck<Message>(aliceSocket, "sendMessage", { conversationId: conversation.id, content: "", ...payload });
    return { alice, bob, conversation, aliceSocket, bobSocket, upload, send };
  }
  const picture = (id: string, cookie: string) => call("GET", `/media/${id}?w=200`, cookie);
  /** Moves a picture's opening back in time, as if that many seconds had passed. */
  const openedSecondsAgo = (id: string, seconds: number) =>
    queryRows(
      t.database.db,
      sql`UPDATE media SET opened_at = now() - make_interval(secs => ${seconds}) WHERE id = ${id}::uuid`,
    );

  it("is opened once by the member it was sent to, shown for its seconds, then refused; the sender is told it was opened", async () => {
    const { alice, bob, conversation, aliceSocket, bobSocket, upload, send } = await chat();
    const mediaId = await upload();
    const told = nextEvent(bobSocket, "newMessage");
    const sent = dataOf(await send({ tempId: "v1", mediaId, viewOnce: true }));
    expect(sent.picture?.viewOnce).toEqual({ openedAt: null });
    expect((await told).picture?.viewOnce).toEqual({ openedAt: null });

    // Before he opens it, its address serves him nothing; the sender sees his own, never kept by a browser.
    expect((await picture(mediaId, bob.cookie)).statusCode).toBe(404);
    const own = await picture(mediaId, alice.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers["cache-control"]).toBe("private, no-store");

    // Bob opens it: its address for VIEW_ONCE_SECONDS, and Alice is told live.
    const opened = nextEvent(aliceSocket, "pictureOpened", (e) => e.messageId === sent.id);
    const res = await call("POST", openPicturePath(conversation.id, sent.id), bob.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const shown = openedPictureSchema.parse(res.json());
    expect(shown.url).toBe(`/media/${mediaId}`);
    expect(Date.parse(shown.closesAt) - Date.parse(shown.openedAt)).toBe(VIEW_ONCE_SECONDS * 1000);
    expect(await opened).toEqual({ conversationId: conversation.id, messageId: sent.id, openedAt: shown.openedAt });
    const during = await picture(mediaId, bob.cookie);
    expect(during.statusCode).toBe(200);
    expect(during.headers["cache-control"]).toBe("private, no-store");

    // The second time: refused, and said why.
    const again = await call("POST", openPicturePath(conversation.id, sent.id), bob.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You already opened this picture. It could be seen once.");

    // Its showing over: gone for him; history tells both it was opened.
    await openedSecondsAgo(mediaId, VIEW_ONCE_SECONDS + VIEW_ONCE_GRACE_SECONDS + 1);
    expect((await picture(mediaId, bob.cookie)).statusCode).toBe(404);
    for (const cookie of [alice.cookie, bob.cookie]) {
      const history = (await call("GET", `/api/conversations/${conversation.id}/messages`, cookie)).json() as Message[];
      // (its time is the one this test moved back)
      expect(Date.parse(history[0]?.picture?.viewOnce?.openedAt ?? "")).toBeLessThan(Date.parse(shown.openedAt));
    }

    // A minute later its file goes (the job), for the sender too; the row stays so the chat says "Opened".
    await openedSecondsAgo(mediaId, 120);
    await messagesModule.jobs![0]!.run(t.server.context);
    expect((await picture(mediaId, alice.cookie)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(media).where(eq(media.id, mediaId));
    expect(row?.expiredAt).not.toBeNull();
  });

  it("refuses the sender, others, ordinary pictures, group chats and a picture sent before", async () => {
    const { alice, bob, conversation, upload, send } = await chat();
    const carl = await registerMember(t.server, "carl@example.com");
    const mediaId = await upload();
    const sent = dataOf(await send({ tempId: "v1", mediaId, viewOnce: true }));

    const own = await call("POST", openPicturePath(conversation.id, sent.id), alice.cookie);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe("You sent this picture: it opens for the member you sent it to");
    expect((await call("POST", openPicturePath(conversation.id, sent.id), carl.cookie)).statusCode).toBe(404);
    expect((await call("POST", openPicturePath(conversation.id, 999_999), bob.cookie)).statusCode).toBe(404);
    expect((await call("POST", `/api/conversations/${conversation.id}/messages/x/open`, bob.cookie)).statusCode).toBe(
      404,
    );
    // Carl cannot load it even after Bob opened it.
    expect((await call("POST", openPicturePath(conversation.id, sent.id), bob.cookie)).statusCode).toBe(200);
    expect((await picture(mediaId, carl.cookie)).statusCode).toBe(404);

    // An ordinary picture has nothing to open.
    const plain = dataOf(await send({ tempId: "p1", mediaId: await upload() }));
    expect(plain.picture?.viewOnce).toBeUndefined();
    const notOnce = await call("POST", openPicturePath(conversation.id, plain.id), bob.cookie);
    expect(notOnce.statusCode).toBe(400);
    expect(notOnce.json().message).toBe("This message has no picture that can be seen once");

    // A picture sent before cannot become view once; a view-once one cannot be sent again as ordinary.
    const reused = await send({ tempId: "v2", mediaId: plain.picture!.id, viewOnce: true });
    expect(reused).toMatchObject({
      ok: false,
      message: "A picture sent before can't be sent view once: upload it again",
    });
    const resent = await send({ tempId: "p2", mediaId });
    expect(resent).toMatchObject({ ok: false, message: "This picture was sent view once: upload it again to send it" });
    // Without a picture: refused by the contract.
    expect(await send({ tempId: "v3", content: "hi", viewOnce: true })).toMatchObject({
      ok: false,
      message: "Attach the picture to send it view once",
    });
    // A retry of the same send answers the stored message.
    expect(dataOf(await send({ tempId: "v1", mediaId, viewOnce: true })).id).toBe(sent.id);

    // Group chats: refused.
    const group = (
      await call("POST", "/api/groups", alice.cookie, {
        name: "Runners",
        description: "",
        rules: "",
        interests: [],
        joinPolicy: "open",
        home: null,
        coverMediaId: null,
      })
    ).json() as { conversationId: string };
    const inGroup = await emitAck(socketFor(t.url, alice.cookie), "sendMessage", {
      conversationId: group.conversationId,
      content: "",
      tempId: "g1",
      mediaId: await upload(),
      viewOnce: true,
    });
    expect(inGroup).toMatchObject({ ok: false, message: "Pictures that can be seen once are for direct chats" });
  });

  it("a view-once picture reported stays for the moderators; it is not expired", async () => {
    const boss = await registerAdmin(t.server, t.database, "boss@example.com");
    const { bob, alice, conversation, upload, send } = await chat();
    const mediaId = await upload();
    const sent = dataOf(await send({ tempId: "v1", mediaId, viewOnce: true }));
    expect((await call("POST", openPicturePath(conversation.id, sent.id), bob.cookie)).statusCode).toBe(200);
    const reported = await call("POST", `/api/users/${alice.id}/report`, bob.cookie, {
      reason: "inappropriate",
      messageId: sent.id,
    });
    expect(reported.statusCode, reported.body).toBe(201);
    await openedSecondsAgo(mediaId, 600);
    await messagesModule.jobs![0]!.run(t.server.context);
    // Gone for Bob, kept for the admin with its content.
    expect((await picture(mediaId, bob.cookie)).statusCode).toBe(404);
    const queue = (await call("GET", "/api/admin/reports", boss.cookie)).json() as { reports: unknown[] };
    const report = adminReportSchema.parse(queue.reports[0]);
    expect(JSON.stringify(report.content)).toContain(mediaId);
    expect((await picture(mediaId, boss.cookie)).statusCode).toBe(200);
  });
});
