import { describe, expect, it } from "vitest";
import type { Message } from "@vicinity/contract";
import { buildThreadItems, type PendingThreadMessage } from "./thread-items";

const ME = "me-1";
const HIM = "him-2";
const CONVERSATION = "c-1";

const message = (id: number, senderId: string | null, extra: Partial<Message> = {}): Message => ({
  id,
  conversationId: CONVERSATION,
  senderId,
  content: `message ${id}`,
  picture: null,
  tempId: null,
  createdAt: new Date(Date.UTC(2026, 10, 20, 12, id)).toISOString(),
  ...extra,
});

const pending = (tempId: string, minute: number, extra: Partial<PendingThreadMessage> = {}): PendingThreadMessage => ({
  tempId,
  conversationId: CONVERSATION,
  content: `pending ${tempId}`,
  createdAt: new Date(Date.UTC(2026, 10, 20, 13, minute)).toISOString(),
  ...extra,
});

describe("buildThreadItems", () => {
  it("marks a message a moderator removed, and only that one", () => {
    const items = buildThreadItems({
      meId: ME,
      messages: [message(1, HIM), message(2, HIM, { content: "", removed: true })],
      pending: [],
      peerLastReadMessageId: 0,
    });
    expect(items.map((i) => [i.id, i.removed ?? false])).toEqual([
      [1, false],
      [2, true],
    ]);
  });

  it("is empty for an empty thread", () => {
    expect(buildThreadItems({ meId: ME, messages: [], pending: [], peerLastReadMessageId: 0 })).toEqual([]);
  });

  it("orders stored messages by id and marks mine read up to the peer's read mark", () => {
    const items = buildThreadItems({
      meId: ME,
      messages: [message(4, ME), message(1, ME), message(3, HIM), message(2, ME, { tempId: "t-2" })],
      pending: [],
      peerLastReadMessageId: 2,
    });
    expect(items.map((i) => [i.id, i.mine, i.status])).toEqual([
      [1, true, "read"],
      [2, true, "read"],
      [3, false, "sent"],
      [4, true, "sent"],
    ]);
  });

  it("never marks his messages read, whatever the mark", () => {
    const [item] = buildThreadItems({ meId: ME, messages: [message(1, HIM)], pending: [], peerLastReadMessageId: 99 });
    expect(item?.status).toBe("sent");
    expect(item?.mine).toBe(false);
  });

  it("treats a deleted member's messages as his", () => {
    const [item] = buildThreadItems({ meId: ME, messages: [message(1, null)], pending: [], peerLastReadMessageId: 0 });
    expect(item?.mine).toBe(false);
  });

  it("shows a message fetched and pushed twice once", () => {
    const items = buildThreadItems({
      meId: ME,
      messages: [message(1, HIM), message(1, HIM), message(2, ME)],
      pending: [],
      peerLastReadMessageId: 0,
    });
    expect(items.map((i) => i.id)).toEqual([1, 2]);
  });

  it("puts pending messages after the stored ones, oldest first, sending or failed with the reason", () => {
    const items = buildThreadItems({
      meId: ME,
      messages: [message(1, HIM)],
      pending: [pending("b", 5, { failed: "You can't message this member" }), pending("a", 1)],
      peerLastReadMessageId: 0,
    });
    expect(items.map((i) => [i.key, i.id, i.tempId, i.mine, i.status, i.error])).toEqual([
      ["m:1", 1, null, false, "sent", undefined],
      ["t:a", null, "a", true, "sending", undefined],
      ["t:b", null, "b", true, "failed", "You can't message this member"],
    ]);
    expect(items[2]).toHaveProperty("error");
    expect(items[1]).not.toHaveProperty("error");
  });

  it("drops a pending message once it is stored, keeping the same key for its bubble", () => {
    const before = buildThreadItems({ meId: ME, messages: [], pending: [pending("x", 1)], peerLastReadMessageId: 0 });
    const after = buildThreadItems({
      meId: ME,
      messages: [message(7, ME, { tempId: "x", content: "stored" })],
      pending: [pending("x", 1)],
      peerLastReadMessageId: 0,
    });
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: 7, content: "stored", status: "sent" });
    expect(after[0]?.key).toBe(before[0]?.key);
  });

  it("only lets my own stored messages replace a pending twin", () => {
    const items = buildThreadItems({
      meId: ME,
      messages: [message(1, HIM, { tempId: "x" })],
      pending: [pending("x", 1)],
      peerLastReadMessageId: 0,
    });
    expect(items.map((i) => i.key)).toEqual(["m:1", "t:x"]);
  });

  it("lists a tempId pending twice once", () => {
    const items = buildThreadItems({
      meId: ME,
      messages: [],
      pending: [pending("x", 1), pending("x", 1)],
      peerLastReadMessageId: 0,
    });
    expect(items).toHaveLength(1);
  });

  it("keeps a stored picture with its size", () => {
    const [item] = buildThreadItems({
      meId: ME,
      messages: [message(1, HIM, { content: "", picture: { id: "p1", url: "/media/p1", width: 800, height: 600 } })],
      pending: [],
      peerLastReadMessageId: 0,
    });
    expect(item?.picture).toEqual({ url: "/media/p1", width: 800, height: 600 });
  });

  it("shows a pending picture from its local preview, else from the uploaded media, size unknown", () => {
    const items = buildThreadItems({
      meId: ME,
      messages: [],
      pending: [
        pending("a", 1, { mediaId: "m-a", previewUrl: "blob:http://localhost/abc" }),
        pending("b", 2, { mediaId: "m-b" }),
        pending("c", 3),
      ],
      peerLastReadMessageId: 0,
    });
    expect(items.map((i) => i.picture)).toEqual([
      { url: "blob:http://localhost/abc", width: 0, height: 0 },
      { url: "/media/m-b", width: 0, height: 0 },
      null,
    ]);
  });
});
