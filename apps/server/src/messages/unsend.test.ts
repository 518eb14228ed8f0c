import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import {
  adminReportSchema,
  MESSAGE_UNSEND_MINUTES,
  unsendMessagePath,
  type ConversationSummary,
  type Message,
} from "@vicinity/contract";
import { messages } from "../db/schema";
import {
  apiCaller,
  registerAdmin,
  registerMember,
  testEngines,
  useListeningServer,
  useTwoNodes,
} from "../test/harness";
import { jpegWithGps, pictureForm } from "../test/pictures";
import { closeOpenSockets, connected, dataOf, emitAck, nextEvent, socketFor } from "../test/sockets";

afterEach(closeOpenSockets);

/** Issue 38 item 6: the sender takes a message back within 15 minutes. */
describe.each(testEngines())("unsend (%s)", (engine) => {
  const t = useListeningServer(engine);
  const call = apiCaller(() => t.server);

  async function pair() {
    const alice = await registerMember(t.server, "alice@example.com");
    const bob = await registerMember(t.server, "bob@example.com");
    const conversation = (await call("POST", "/api/conversations", alice.cookie, { userId: bob.id })).json() as {
      id: string;
    };
    const aliceSocket = socketFor(t.url, alice.cookie);
    const bobSocket = socketFor(t.url, bob.cookie);
    await Promise.all([connected(aliceSocket), connected(bobSocket)]);
    const send = async (content: string, tempId: string, mediaId?: string) =>
      dataOf(
        await emitAck<Message>(aliceSocket, "sendMessage", {
          conversationId: conversation.id,
          content,
          tempId,
          ...(mediaId ? { mediaId } : {}),
        }),
      );
    return { alice, bob, conversation, bobSocket, send };
  }

  const history = async (cookie: string, conversationId: string) =>
    (await call("GET", `/api/conversations/${conversationId}/messages`, cookie)).json() as Message[];
  const unread = async (cookie: string) => (await call("GET", "/api/messages/unread-count", cookie)).json() as number;
  const stored = async (id: number) => (await t.database.db.select().from(messages).where(eq(messages.id, id)))[0]!;

  it("takes a text and a picture back for both: told live, gone from history, catch-up, the inbox, the unread count and the picture's address", async () => {
    const { alice, bob, conversation, bobSocket, send } = await pair();
    const upload = await t.server.app.inject({
      method: "POST",
      url: "/api/media?kind=message",
      headers: { cookie: alice.cookie },
      payload: pictureForm(await jpegWithGps(300, 200)),
    });
    const mediaId = (upload.json() as { id: string }).id;
    const text = await send("meet me at the back door", "t1");
    const picture = await send("", "p1", mediaId);
    expect(await unread(bob.cookie)).toBe(2);
    expect((await call("GET", `/media/${mediaId}?w=200`, bob.cookie)).statusCode).toBe(200);

    for (const message of [text, picture]) {
      const told = nextEvent(bobSocket, "messageRemoved", (e) => e.messageId === message.id);
      const res = await call("DELETE", unsendMessagePath(conversation.id, message.id), alice.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(await told).toEqual({ conversationId: conversation.id, messageId: message.id, unsent: true });
    }

    for (const cookie of [alice.cookie, bob.cookie]) {
      const shown = await history(cookie, conversation.id);
      const byId = [...shown].sort((x, y) => x.id - y.id);
      expect(byId.map((m) => [m.id, m.removed, m.unsent, m.content, m.picture])).toEqual([
        [text.id, true, true, "", null],
        [picture.id, true, true, "", null],
      ]);
    }
    const missed = (await call("GET", "/api/messages/missed?after=0", bob.cookie)).json() as Message[];
    expect(missed.every((m) => m.removed && m.unsent && m.content === "" && m.picture === null)).toBe(true);
    const inbox = (await call("GET", "/api/conversations", bob.cookie)).json() as ConversationSummary[];
    expect(inbox[0]?.lastMessage).toMatchObject({ id: picture.id, removed: true, unsent: true, picture: null });
    expect(await unread(bob.cookie)).toBe(0);
    expect((await call("GET", `/media/${mediaId}?w=200`, bob.cookie)).statusCode).toBe(404);
    // Erased from the row: nothing was reported.
    expect(await stored(text.id)).toMatchObject({ content: "", mediaId: null, unsent: true });
    expect((await stored(picture.id)).mediaId).toBeNull();
  });

  it("refuses another's message, one older than 15 minutes, one already taken back, unknown ids and strangers; changes nothing", async () => {
    const { alice, bob, conversation, send } = await pair();
    const message = await send("hello", "h1");
    const path = unsendMessagePath(conversation.id, message.id);
    const refused = async (cookie: string, url: string, status: number, text: string) => {
      const res = await call("DELETE", url, cookie);
      expect(res.statusCode, url).toBe(status);
      expect(res.json().message).toBe(text);
    };
    await refused(bob.cookie, path, 403, "You can only unsend your own messages.");
    const eve = await registerMember(t.server, "eve@example.com");
    await refused(eve.cookie, path, 404, "Conversation not found");
    await refused(alice.cookie, unsendMessagePath(conversation.id, message.id + 999), 404, "Message not found");
    await refused(alice.cookie, `/api/conversations/${conversation.id}/messages/abc`, 404, "Message not found");
    await refused(alice.cookie, `/api/conversations/nope/messages/${message.id}`, 404, "Conversation not found");
    expect((await call("DELETE", path)).statusCode).toBe(401);
    expect(await stored(message.id)).toMatchObject({ content: "hello", removedAt: null, unsent: false });

    // Past the window: refused, kept.
    await t.database.db
      .update(messages)
      .set({ createdAt: sql`now() - make_interval(mins => ${MESSAGE_UNSEND_MINUTES + 1})` })
      .where(eq(messages.id, message.id));
    await refused(
      alice.cookie,
      path,
      409,
      `Messages can be unsent for ${MESSAGE_UNSEND_MINUTES} minutes after sending.`,
    );
    expect(await stored(message.id)).toMatchObject({ content: "hello", removedAt: null, unsent: false });
    expect((await history(bob.cookie, conversation.id))[0]).toMatchObject({ content: "hello" });

    // Just within it: taken back; a second time is refused.
    const recent = await send("oops", "o1");
    await t.database.db
      .update(messages)
      .set({ createdAt: sql`now() - make_interval(mins => ${MESSAGE_UNSEND_MINUTES - 1})` })
      .where(eq(messages.id, recent.id));
    expect((await call("DELETE", unsendMessagePath(conversation.id, recent.id), alice.cookie)).statusCode).toBe(200);
    await refused(
      alice.cookie,
      unsendMessagePath(conversation.id, recent.id),
      409,
      "This message was already removed.",
    );
  });

  it("a message reported before it was taken back stays for the moderators alone", async () => {
    const boss = await registerAdmin(t.server, t.database, "boss@example.com");
    const { alice, bob, conversation, send } = await pair();
    const threat = await send("send me money or else", "m1");
    const reported = await call("POST", `/api/users/${alice.id}/report`, bob.cookie, {
      reason: "harassment",
      messageId: threat.id,
    });
    expect(reported.statusCode, reported.body).toBe(201);
    expect((await call("DELETE", unsendMessagePath(conversation.id, threat.id), alice.cookie)).statusCode).toBe(200);

    // Gone for both members...
    for (const cookie of [alice.cookie, bob.cookie])
      expect((await history(cookie, conversation.id))[0]).toMatchObject({ removed: true, unsent: true, content: "" });
    // ...kept for the admin's queue, with its context.
    const queue = (await call("GET", "/api/admin/reports", boss.cookie)).json() as { reports: unknown[] };
    const report = adminReportSchema.parse(queue.reports[0]);
    expect(report.content.messages?.map((m) => [m.content, m.removed])).toEqual([["send me money or else", true]]);
  });
});

describe.runIf(process.env.REDIS_URL)("unsend on two nodes, through Redis", () => {
  const nodes = useTwoNodes();

  it("a message taken back on node A is removed live for the other member on node B", async () => {
    const alice = await registerMember(nodes.nodeA, "alice2@example.com");
    const bob = await registerMember(nodes.nodeA, "bob2@example.com");
    const conversation = (
      await nodes.nodeA.app.inject({
        method: "POST",
        url: "/api/conversations",
        headers: { cookie: alice.cookie },
        payload: { userId: bob.id },
      })
    ).json() as { id: string };
    const aliceSocket = socketFor(nodes.urlA, alice.cookie);
    const bobSocket = socketFor(nodes.urlB, bob.cookie);
    await Promise.all([connected(aliceSocket), connected(bobSocket)]);
    const message = dataOf(
      await emitAck<Message>(aliceSocket, "sendMessage", {
        conversationId: conversation.id,
        content: "x",
        tempId: "x1",
      }),
    );
    const told = nextEvent(bobSocket, "messageRemoved", (e) => e.messageId === message.id);
    const res = await nodes.nodeA.app.inject({
      method: "DELETE",
      url: unsendMessagePath(conversation.id, message.id),
      headers: { cookie: alice.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await told).toEqual({ conversationId: conversation.id, messageId: message.id, unsent: true });
  });
});
