import { delay, http, HttpResponse } from "msw";
import {
  API_PATHS,
  MESSAGE_UNSEND_MINUTES,
  VIEW_ONCE_SECONDS,
  type ConversationSummary,
  type OpenedPicture,
  type ErrorBody,
  type Message,
} from "@vicinity/contract";
import { registerMockReset } from "./resets";
import {
  conversationsFixture,
  groupChatMembersFixture,
  groupChatNewcomerFixture,
  groupConversationSummaryFixture,
  groupThreadFixture,
  jakeThreadFixture,
  recentMessageOfMine,
  viewOnceFromJake,
  viewOnceOfMine,
} from "../fixtures/messages";

const CONVERSATION = "/api/conversations/:id";
const THREAD = "/api/conversations/:id/messages";
const READ = "/api/conversations/:id/read";

const summaryOf = (id: string) => conversationsFixture.find((c) => c.id === id) ?? conversationsFixture[0]!;
const threadOf = (id: string): Message[] => jakeThreadFixture.map((m) => ({ ...m, conversationId: id })).reverse();

/** The inbox, a conversation and its history, by scenario. */
export const messagesHandlers = {
  inbox: [
    http.get(API_PATHS.conversations, () => HttpResponse.json<ConversationSummary[]>(conversationsFixture)),
    http.post(API_PATHS.conversations, () => HttpResponse.json<ConversationSummary>(conversationsFixture[0]!)),
    http.get(CONVERSATION, ({ params }) => HttpResponse.json<ConversationSummary>(summaryOf(String(params.id)))),
    http.get(THREAD, ({ params }) => HttpResponse.json<Message[]>(threadOf(String(params.id)))),
    http.post(READ, async ({ request }) =>
      HttpResponse.json({ lastReadMessageId: ((await request.json()) as { messageId: number }).messageId }),
    ),
    http.get(API_PATHS.missedMessages, () => HttpResponse.json<Message[]>([])),
  ],
  emptyInbox: [http.get(API_PATHS.conversations, () => HttpResponse.json<ConversationSummary[]>([]))],
  inboxLoading: [
    http.get(API_PATHS.conversations, async () => {
      await delay("infinite");
      return HttpResponse.json<ConversationSummary[]>([]);
    }),
  ],
  inboxError: [
    http.get(API_PATHS.conversations, () =>
      HttpResponse.json<ErrorBody>({ message: "Database unavailable" }, { status: 503 }),
    ),
  ],
  threadLoading: [
    http.get(THREAD, async () => {
      await delay("infinite");
      return HttpResponse.json<Message[]>([]);
    }),
  ],
  threadNotFound: [
    http.get(CONVERSATION, () => HttpResponse.json<ErrorBody>({ message: "Conversation not found" }, { status: 404 })),
    http.get(THREAD, () => HttpResponse.json<ErrorBody>({ message: "Conversation not found" }, { status: 404 })),
  ],
  blocked: [
    http.get(CONVERSATION, ({ params }) =>
      HttpResponse.json<ConversationSummary>({ ...summaryOf(String(params.id)), blocked: true }),
    ),
  ],
  openBlocked: [
    http.post(API_PATHS.conversations, () =>
      HttpResponse.json<ErrorBody>({ message: "You can't message this member" }, { status: 403 }),
    ),
  ],
  /**
   * Jake's conversation with a message of mine sent a moment ago, which I may take back (issue 38): DELETE answers as
   * the server does, or refuses it as too late (`refuse`).
   */
  unsend: (options: { refuse?: boolean } = {}) => {
    const fresh = (): Message[] => [...jakeThreadFixture, recentMessageOfMine()];
    let thread = fresh();
    registerMockReset(() => {
      thread = fresh();
    });
    return [
      http.get(THREAD, () => HttpResponse.json<Message[]>([...thread].reverse())),
      http.delete(`${THREAD}/:messageId`, ({ params }) => {
        if (options.refuse)
          return HttpResponse.json<ErrorBody>(
            { message: `Messages can be unsent for ${MESSAGE_UNSEND_MINUTES} minutes after sending.` },
            { status: 409 },
          );
        thread = thread.map((m) =>
          m.id === Number(params.messageId) ? { ...m, content: "", picture: null, removed: true, unsent: true } : m,
        );
        return HttpResponse.json({ ok: true });
      }),
    ];
  },
  /**
   * Pictures that can be seen once (issue 38): Jake's, not opened yet, and mine (`mineOpened`). Opening answers once
   * (the second time 409, as the server), or `fail`s with a server error.
   */
  viewOnce: (options: { mineOpened?: boolean; fail?: boolean; alreadyOpened?: boolean } = {}) => {
    let opened = false;
    registerMockReset(() => {
      opened = false;
    });
    return [
      http.get(THREAD, () =>
        HttpResponse.json<Message[]>(
          [
            ...jakeThreadFixture,
            viewOnceFromJake(),
            viewOnceOfMine(options.mineOpened ? "2026-11-21T18:30:00.000Z" : null),
          ].reverse(),
        ),
      ),
      http.post(`${THREAD}/:messageId/open`, () => {
        if (options.fail)
          return HttpResponse.json<OpenedPicture | ErrorBody>(
            { message: "Something went wrong on our side." },
            { status: 500 },
          );
        if (opened || options.alreadyOpened)
          return HttpResponse.json<OpenedPicture | ErrorBody>(
            { message: "You already opened this picture. It could be seen once." },
            { status: 409 },
          );
        opened = true;
        const now = Date.now();
        return HttpResponse.json<OpenedPicture | ErrorBody>({
          url: "/media/photo-beach",
          width: 1200,
          height: 900,
          openedAt: new Date(now).toISOString(),
          closesAt: new Date(now + VIEW_ONCE_SECONDS * 1000).toISOString(),
        });
      }),
    ];
  },
  /** A group's chat with several senders, as a member or as a moderator; report and remove answered. */
  groupChat: (role: "member" | "moderator" = "member", options: { newcomerJoinsLater?: boolean } = {}) => {
    let thread = [...groupThreadFixture];
    // With newcomerJoinsLater, the first member list is from before he joined; later ones have him.
    let memberLists = 0;
    registerMockReset(() => {
      thread = [...groupThreadFixture];
      memberLists = 0;
    });
    return [
      http.get(API_PATHS.conversations, () =>
        HttpResponse.json<ConversationSummary[]>([
          { ...groupConversationSummaryFixture, group: { id: groupConversationSummaryFixture.group!.id, role } },
          ...conversationsFixture,
        ]),
      ),
      http.get(`${CONVERSATION}/members`, () => {
        memberLists += 1;
        return HttpResponse.json(
          options.newcomerJoinsLater && memberLists > 1
            ? [...groupChatMembersFixture, groupChatNewcomerFixture]
            : groupChatMembersFixture,
        );
      }),
      http.get(CONVERSATION, () =>
        HttpResponse.json<ConversationSummary>({
          ...groupConversationSummaryFixture,
          group: { id: groupConversationSummaryFixture.group!.id, role },
        }),
      ),
      http.get(THREAD, () => HttpResponse.json<Message[]>([...thread].reverse())),
      http.post("/api/groups/:id/report", () => HttpResponse.json({ ok: true }, { status: 201 })),
      http.post("/api/users/:id/block", () => HttpResponse.json({ ok: true })),
      http.delete("/api/groups/:id/messages/:messageId", ({ params }) => {
        thread = thread.map((m) =>
          m.id === Number(params.messageId) ? { ...m, content: "", picture: null, removed: true } : m,
        );
        return HttpResponse.json({ ok: true });
      }),
    ];
  },
};
