/**
 * Story fixtures for the messages components. Times are built from local clock readings, so a
 * story reads the same ("14:05", "Yesterday") in every time zone; stories pass `now: STORY_NOW`.
 */
import {
  NOT_SENT_REASON,
  type ConversationPeer,
  type ConversationSummary,
  type Message,
  type UploadedMedia,
} from "@vicinity/contract";
import { buildThreadItems, type PendingThreadMessage, type ThreadItem } from "../model/thread-items";

/** Monday 23 November 2026, 18:30 local time. */
export const STORY_NOW = new Date(2026, 10, 23, 18, 30);

/** A local time in November 2026 as the ISO string the server sends. */
export const at = (day: number, hour: number, minute: number, month = 11, year = 2026) =>
  new Date(year, month - 1, day, hour, minute).toISOString();

export const ME_ID = "0b6f4a52-0000-4000-8000-00000000a001";

const peer = (
  id: string,
  username: string,
  displayName: string | null,
  isOnline: boolean,
  photo: string | null,
): ConversationPeer => ({
  id,
  username,
  displayName,
  profileImageUrl: photo === null ? null : `/media/${photo}`,
  isOnline,
});

export const jake = peer("0b6f4a52-0000-4000-8000-00000000b001", "jake_jax", "Jake", true, "photo-1");
export const marco = peer("0b6f4a52-0000-4000-8000-00000000b002", "marco.r", "Marco", false, "photo-2");
export const leo = peer("0b6f4a52-0000-4000-8000-00000000b003", "leo_beach", null, true, "photo-3");
export const sam = peer("0b6f4a52-0000-4000-8000-00000000b004", "sam", "Sam", false, "photo-4");
export const tom = peer("0b6f4a52-0000-4000-8000-00000000b005", "tommy", "Tom", false, null);

let nextId = 100;
const message = (
  conversationId: string,
  senderId: string | null,
  createdAt: string,
  content: string,
  extra: Partial<Message> = {},
): Message => ({
  id: nextId++,
  conversationId,
  senderId,
  content,
  picture: null,
  tempId: senderId === ME_ID ? `temp-${nextId}` : null,
  createdAt,
  ...extra,
});

const summary = (
  id: string,
  p: ConversationPeer | null,
  last: Message | null,
  extra: Partial<ConversationSummary> = {},
): ConversationSummary => ({
  id,
  peer: p,
  lastMessage: last,
  unreadCount: 0,
  peerLastReadMessageId: 0,
  blocked: false,
  lastMessageAt: last?.createdAt ?? null,
  ...extra,
});

export const beachPicture = { id: "pic-beach", url: "/media/pic-beach", width: 1200, height: 900 };

/** The inbox: unread, typing, a picture, a deleted member, a blocked member, a conversation with nothing yet. */
export const conversationsFixture: ConversationSummary[] = [
  summary("c-jake", jake, message("c-jake", jake.id, at(23, 18, 12), "Still up for coffee at the pier tomorrow?"), {
    unreadCount: 3,
  }),
  summary("c-leo", leo, message("c-leo", ME_ID, at(23, 14, 5), "Haha, that was a great night"), {
    peerLastReadMessageId: 200,
  }),
  summary(
    "c-marco",
    marco,
    message("c-marco", marco.id, at(22, 21, 40), "", {
      picture: { id: "pic-2", url: "/media/pic-2", width: 900, height: 1200 },
    }),
    { unreadCount: 1 },
  ),
  summary("c-tom", tom, message("c-tom", ME_ID, at(19, 9, 30), "See you at the gym\nSame time as usual?")),
  summary("c-deleted", null, message("c-deleted", null, at(12, 20, 15), "It was nice chatting. Take care!")),
  summary("c-sam", sam, message("c-sam", sam.id, at(28, 23, 2, 10), "Whatever."), { blocked: true }),
  summary(
    "c-new",
    { ...marco, id: "0b6f4a52-0000-4000-8000-00000000b006", username: "newguy", displayName: "Dan", isOnline: false },
    null,
    {
      lastMessageAt: at(3, 11, 0, 9, 2025),
    },
  ),
];

/** A group conversation: a title and its size instead of a member. */
export const groupConversationFixture: ConversationSummary = summary(
  "c-group",
  null,
  message("c-group", jake.id, at(23, 17, 55), "Volleyball at 6, court 3. Who's bringing the net?"),
  { kind: "group", title: "Beach volleyball crew", participantCount: 7, unreadCount: 2 },
);

/** Yesterday evening and today with Jake: grouped runs, a picture, read receipts up to the morning. */
const jakeThreadMessages: Message[] = (() => {
  nextId = 200;
  const c = "c-jake";
  const list = [
    message(c, jake.id, at(22, 21, 2), "Hey! Saw you're into hiking too :)"),
    message(c, jake.id, at(22, 21, 3), "Have you done the trail at Hanna Park?"),
    message(c, ME_ID, at(22, 21, 15), "Hey Jake! Yes, a couple of times. The dunes at sunset are something else."),
    message(c, ME_ID, at(22, 21, 16), "", { picture: beachPicture }),
    message(c, jake.id, at(22, 21, 30), "Wow, that's beautiful"),
    message(c, ME_ID, at(23, 8, 45), "Morning! Free for a coffee this week?"),
    message(c, jake.id, at(23, 9, 10), "Definitely. How about tomorrow, 10am at the pier?"),
    message(c, ME_ID, at(23, 18, 2), "Perfect, see you there"),
    message(c, ME_ID, at(23, 18, 3), "I'll be the one in the orange jacket"),
  ];
  return list;
})();

/** Jake has read my messages up to this morning's. */
export const jakeReadUpTo = jakeThreadMessages[5]?.id ?? 0;

export function jakeThreadItems(pending: PendingThreadMessage[] = []): ThreadItem[] {
  return buildThreadItems({ meId: ME_ID, messages: jakeThreadMessages, pending, peerLastReadMessageId: jakeReadUpTo });
}

export const sendingPending: PendingThreadMessage = {
  tempId: "t-sending",
  conversationId: "c-jake",
  content: "On my way!",
  createdAt: at(23, 18, 20),
};
export const failedPending: PendingThreadMessage = {
  tempId: "t-failed",
  conversationId: "c-jake",
  content: "Are you there?",
  createdAt: at(23, 18, 25),
  failed: "You can't message this member",
};

const base: Omit<ThreadItem, "key" | "status"> = {
  id: 501,
  tempId: "t-501",
  mine: true,
  content: "See you at 10 at the pier",
  picture: null,
  createdAt: at(23, 14, 5),
};

/** One bubble in each state. */
export const bubbles = {
  sending: { ...base, key: "t:sending", id: null, tempId: "t-sending", status: "sending" },
  sent: { ...base, key: "t:501", status: "sent" },
  read: { ...base, key: "t:501", status: "read" },
  failed: {
    ...base,
    key: "t:failed",
    id: null,
    tempId: "t-failed",
    status: "failed",
    error: "You can't message this member",
  },
  gaveUp: {
    ...base,
    key: "t:gave-up",
    id: null,
    tempId: "t-gave-up",
    content: "Running 10 minutes late",
    status: "failed",
    error: NOT_SENT_REASON,
  },
  theirs: {
    ...base,
    key: "m:502",
    id: 502,
    tempId: null,
    mine: false,
    content: "Sounds good, see you there!",
    status: "sent",
  },
  picture: {
    ...base,
    key: "m:503",
    id: 503,
    tempId: null,
    mine: false,
    content: "",
    picture: { url: beachPicture.url, width: 1200, height: 900 },
    status: "sent",
  },
  pictureWithText: {
    ...base,
    key: "t:504",
    id: 504,
    content: "The view from the dunes last night",
    picture: { url: "/media/pic-dunes", width: 900, height: 1200 },
    status: "read",
  },
  longText: {
    ...base,
    key: "m:505",
    id: 505,
    tempId: null,
    mine: false,
    content:
      "So here's the thing about Jacksonville: the beaches are great, the food is better than people say, and there's always something going on downtown.\n\nAlso, my favourite link: https://example.com/a-really-long-address-that-never-breaks-anywhere-on-its-own/so-it-has-to-wrap-somewhere\n\nSupercalifragilisticexpialidocious-and-then-some-more-characters-without-any-space-at-all-1234567890",
    status: "sent",
  },
} satisfies Record<string, ThreadItem>;

export const uploadedPicture: UploadedMedia = {
  id: "0b6f4a52-0000-4000-8000-00000000c001",
  url: "/media/pic-upload",
  width: 1200,
  height: 900,
};

/** A real little PNG (a warm gradient), so the local preview shows a picture. */
export async function pictureFile(name = "sunset.png"): Promise<File> {
  const canvas = document.createElement("canvas");
  canvas.width = 96;
  canvas.height = 72;
  const context = canvas.getContext("2d");
  if (context) {
    const gradient = context.createLinearGradient(0, 0, 96, 72);
    gradient.addColorStop(0, "#ff6a3d");
    gradient.addColorStop(1, "#3d2a8f");
    context.fillStyle = gradient;
    context.fillRect(0, 0, 96, 72);
  }
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
  return new File([blob ?? new Uint8Array(0)], name, { type: "image/png" });
}
