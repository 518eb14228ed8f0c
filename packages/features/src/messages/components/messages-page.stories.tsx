import type { Decorator, Meta, StoryObj } from "@storybook/react-vite";
import { useMemo } from "react";
import { Route, Routes } from "react-router";
import { expect, userEvent, waitFor, within } from "storybook/test";
import {
  AlbumSlotsContext,
  RealtimeContext,
  type AlbumSlots,
  type ConnectionState,
  type VicinitySocket,
} from "@vicinity/features/shared";
import {
  CONVERSATION_GROUP,
  CONVERSATION_JAKE,
  groupChatNewcomerFixture,
  JAKE,
} from "../../../../../mocks/fixtures/messages";
import { mediaHandlers, messagesHandlers, sessionHandlers, shellHandlers } from "../../../../../mocks/handlers";
import { FakeSocket } from "../../../../../mocks/realtime";
import { MessengerProvider } from "../model/messenger";
import { MessagesPage } from "./messages-page";
import { RecentConversations } from "./recent-conversations";

interface SocketParameters {
  /** What the fake server answers to sendMessage: undefined = stores it; "never" = no answer; or a refusal. */
  sendAnswer?: "never" | { ok: false; message: string; retry?: boolean };
  connection?: ConnectionState;
}

/** The signed-in app's messaging around the page: a fake socket (no network) and the messenger. */
const withMessenger: Decorator = (Story, context) => {
  const options = (context.parameters.messenger ?? {}) as SocketParameters;
  const socket = useMemo(() => {
    const fake = new FakeSocket();
    fake.connected = options.connection !== "reconnecting";
    const answer = options.sendAnswer;
    if (answer === "never") fake.respond = () => new Promise(() => undefined);
    else if (answer) fake.respond = async () => answer;
    (window as unknown as { __fakeSocket?: FakeSocket }).__fakeSocket = fake;
    return fake;
  }, [options.connection, options.sendAnswer]);
  return (
    <RealtimeContext.Provider
      value={{ socket: socket as unknown as VicinitySocket, state: options.connection ?? "connected" }}
    >
      <MessengerProvider meId="u_1001" storageKey={`vicinity.outbox.story.${context.id}`}>
        <Story />
      </MessengerProvider>
    </RealtimeContext.Provider>
  );
};

const fakeSocket = () => (window as unknown as { __fakeSocket: FakeSocket }).__fakeSocket;

/** Plays a server push once the page listens to it (the messenger's engine loads after the page). */
async function push(event: string, payload: unknown) {
  await waitFor(() => expect(fakeSocket().listens(event)).toBe(true));
  fakeSocket().serverEmit(event, payload);
}

const meta = {
  title: "Features/Messages/MessagesPage",
  component: MessagesPage,
  tags: ["desktop"],
  args: { layout: "desktop" },
  decorators: [withMessenger],
  parameters: {
    route: `/messages/${CONVERSATION_JAKE}`,
    msw: {
      handlers: {
        messages: messagesHandlers.inbox,
        session: sessionHandlers.member,
        shell: shellHandlers.quiet,
        media: mediaHandlers.portraits,
      },
    },
  },
  render: (args) => (
    <Routes>
      <Route path="/messages/:conversationId?" element={<MessagesPage {...args} />} />
    </Routes>
  ),
} satisfies Meta<typeof MessagesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const thread = (canvasElement: HTMLElement) => within(canvasElement).findByRole("log", { name: "Messages with Jake" });

/** Desktop: the inbox and the conversation side by side, read receipts on my messages. */
export const Desktop: Story = {
  tags: ["tablet"],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("list", { name: "Conversations" })).toBeVisible();
    const log = await thread(canvasElement);
    await expect(await within(log).findByText("Coffee at the pier tomorrow?")).toBeVisible();
    await expect(within(log).getAllByLabelText("Read").length).toBeGreaterThan(0);
  },
};

/** Sending: Enter sends; the message shows at once and is confirmed by the server. */
export const SendMessage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const log = await thread(canvasElement);
    await within(log).findByText("Coffee at the pier tomorrow?");
    await userEvent.type(canvas.getByRole("textbox", { name: "Message" }), "See you there!{Enter}");
    await expect(await within(log).findByText("See you there!")).toBeVisible();
    await waitFor(() => expect(within(log).getAllByLabelText("Sent").length).toBeGreaterThan(0));
    await expect(canvas.getByRole("textbox", { name: "Message" })).toHaveValue("");
  },
};

/** No answer from the server yet: the message waits as "Sending". */
export const Sending: Story = {
  parameters: { messenger: { sendAnswer: "never" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const log = await thread(canvasElement);
    await within(log).findByText("Coffee at the pier tomorrow?");
    await userEvent.type(canvas.getByRole("textbox", { name: "Message" }), "On my way{Enter}");
    await expect(await within(log).findByLabelText("Sending")).toBeVisible();
  },
};

/** Refused for good: failed, with Retry and Delete. */
export const FailedWithRetry: Story = {
  parameters: { messenger: { sendAnswer: { ok: false, message: "You can't message this member" } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const log = await thread(canvasElement);
    await within(log).findByText("Coffee at the pier tomorrow?");
    await userEvent.type(canvas.getByRole("textbox", { name: "Message" }), "Hello?{Enter}");
    await expect(await within(log).findByText("You can't message this member")).toBeVisible();
    await expect(within(log).getByRole("button", { name: /Retry/ })).toBeVisible();
  },
};

/** He is typing; then his read receipt arrives. */
export const TypingAndRead: Story = {
  play: async ({ canvasElement }) => {
    const log = await thread(canvasElement);
    await within(log).findByText("Coffee at the pier tomorrow?");
    await push("typing", { conversationId: CONVERSATION_JAKE, userId: JAKE, isTyping: true });
    await expect(await within(log).findByText(/Jake is typing/)).toBeVisible();
  },
};

/**
 * He goes offline, then comes back (userOnlineStatusUpdate): the conversation's header and his row
 * in the inbox beside it change together.
 */
export const PresenceChanges: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const log = await thread(canvasElement);
    await within(log).findByText("Coffee at the pier tomorrow?");
    const header = canvas.getByRole("region", { name: "Conversation with Jake" });
    // The inbox beside it loads on its own.
    const row = () =>
      within(canvas.getByRole("list", { name: "Conversations" }))
        .getAllByRole("listitem")
        .find((item) => item.textContent?.includes("Jake"));
    await waitFor(() => expect(row()).toBeDefined());
    for (const [status, shown] of [
      ["offline", "Offline"],
      ["online", "Online"],
    ] as const) {
      await push("userOnlineStatusUpdate", { userId: JAKE, status, lastSeen: new Date().toISOString() });
      await waitFor(() => expect(within(header).getByText(shown, { exact: true })).toBeVisible());
      await waitFor(() => expect(row()?.textContent?.includes(", online")).toBe(status === "online"));
    }
  },
};

/** A new message from him arrives over the socket. */
export const IncomingMessage: Story = {
  play: async ({ canvasElement }) => {
    const log = await thread(canvasElement);
    await within(log).findByText("Coffee at the pier tomorrow?");
    await push("newMessage", {
      id: 120,
      conversationId: CONVERSATION_JAKE,
      senderId: JAKE,
      content: "Perfect, 10am it is.",
      picture: null,
      tempId: null,
      createdAt: new Date().toISOString(),
    });
    await expect(await within(log).findByText("Perfect, 10am it is.")).toBeVisible();
  },
};

/** Issue 38: his message sent a moment ago has a menu; he takes it back, and its place says so. */
export const UnsendYourMessage: Story = {
  parameters: { msw: { handlers: { messages: [...messagesHandlers.unsend(), ...messagesHandlers.inbox] } } },
  play: async ({ canvasElement }) => {
    const log = within(await thread(canvasElement));
    await log.findByText("Oops, wrong chat!");
    // Only his recent message offers it: his older ones and Jake's have no menu in a direct chat.
    await expect(log.getAllByRole("button", { name: /^Options for/ })).toHaveLength(1);
    await userEvent.click(log.getByRole("button", { name: "Options for your message" }));
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole("menuitem", { name: "Unsend" }));
    const dialog = within(await body.findByRole("dialog", { name: "Unsend this message?" }));
    await waitFor(() => expect(dialog.getByText(/It is removed for you and Jake/)).toBeVisible());
    await userEvent.click(dialog.getByRole("button", { name: "Unsend" }));
    await waitFor(() => expect(log.getByTestId("message-removed")).toHaveTextContent("You unsent a message"));
    await expect(log.queryByText("Oops, wrong chat!")).toBeNull();
    await waitFor(() => expect(body.getByText("Message unsent")).toBeVisible());
  },
};

/**
 * Issue 38: pictures that can be seen once in a thread, on a phone: Jake's waits for a tap, mine was opened. Jake's
 * opens full screen; closed, its bubble says "Opened".
 */
export const ViewOncePictures: Story = {
  tags: ["mobile", "!desktop"],
  globals: { viewport: { value: "mobile" } },
  args: { layout: "mobile" },
  parameters: {
    msw: { handlers: { messages: [...messagesHandlers.viewOnce({ mineOpened: true }), ...messagesHandlers.inbox] } },
  },
  play: async ({ canvasElement }) => {
    const log = within(await thread(canvasElement));
    const tiles = await log.findAllByTestId("view-once-picture");
    await expect(tiles).toHaveLength(2);
    await expect(within(tiles[1]!).getByText("Your picture was seen once")).toBeVisible();
    await userEvent.click(within(tiles[0]!).getByRole("button", { name: /^Open the picture from Jake/ }));
    const body = within(canvasElement.ownerDocument.body);
    const viewer = within(await body.findByRole("dialog", { name: "Picture from Jake" }));
    await waitFor(() => expect(viewer.getByTestId("view-once-image")).toBeVisible());
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(body.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(log.getAllByTestId("view-once-picture")[0]).toHaveAttribute("data-opened", "true"));
  },
};

/** The same on a phone: the thread alone, the menu beside his bubble. */
export const UnsendOnPhone: Story = {
  ...UnsendYourMessage,
  tags: ["mobile", "!desktop"],
  globals: { viewport: { value: "mobile" } },
  args: { layout: "mobile" },
};

/** Past the 15 minutes by the server's clock: the dialog says why, and the message stays. */
export const UnsendTooLate: Story = {
  parameters: {
    msw: { handlers: { messages: [...messagesHandlers.unsend({ refuse: true }), ...messagesHandlers.inbox] } },
  },
  play: async ({ canvasElement }) => {
    const log = within(await thread(canvasElement));
    await userEvent.click(await log.findByRole("button", { name: "Options for your message" }));
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole("menuitem", { name: "Unsend" }));
    const dialog = within(await body.findByRole("dialog", { name: "Unsend this message?" }));
    await userEvent.click(dialog.getByRole("button", { name: "Unsend" }));
    await expect(await dialog.findByRole("alert")).toHaveTextContent(
      "Messages can be unsent for 15 minutes after sending.",
    );
    await expect(log.getByText("Oops, wrong chat!")).toBeVisible();
  },
};

/** Jake takes his message back while the conversation is open: its bubble says "Message removed" at once. */
export const MessageRemovedLive: Story = {
  play: async ({ canvasElement }) => {
    const log = within(await thread(canvasElement));
    await log.findByText("Coffee at the pier tomorrow?");
    await push("messageRemoved", { conversationId: CONVERSATION_JAKE, messageId: 107, unsent: true });
    await waitFor(() => expect(log.getByTestId("message-removed")).toHaveTextContent("Message removed"));
    await expect(log.queryByText("Coffee at the pier tomorrow?")).toBeNull();
  },
};

/** Stand-ins for the private albums' parts, which the shell gives the chat (Features/Shell/AlbumSlots has the real ones). */
const albumSlots: AlbumSlots = {
  chatStrip: (peer) => (
    <section aria-label={`Private albums ${peer.name} shared with you`} className="border-b px-3 py-2 text-sm">
      Summer · Night out
    </section>
  ),
  composerAction: (peer) => (
    <button type="button" aria-label="Private albums" data-peer={peer.id} className="size-10 shrink-0">
      A
    </button>
  ),
  profile: () => null,
};
const withAlbumSlots: Decorator = (Story) => (
  <AlbumSlotsContext.Provider value={albumSlots}>
    <Story />
  </AlbumSlotsContext.Provider>
);

/** A direct chat: his shared albums' strip between the header and the messages, the albums button in the composer. */
export const WithPrivateAlbums: Story = {
  decorators: [withAlbumSlots],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const log = await thread(canvasElement);
    const strip = await canvas.findByRole("region", { name: "Private albums Jake shared with you" });
    // Above the messages: it comes before the log in the page.
    await expect(strip.compareDocumentPosition(log) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const composer = within(canvas.getByRole("form", { name: "Write a message" }));
    await expect(composer.getByRole("button", { name: "Private albums" })).toHaveAttribute("data-peer", JAKE);
    await expect(composer.getByRole("button", { name: "Saved phrases" })).toBeVisible();
  },
};

/** Blocked: no albums either way (the server ends the shares; the chat shows none of their parts). */
export const BlockedNoAlbums: Story = {
  decorators: [withAlbumSlots],
  parameters: { msw: { handlers: { messages: [...messagesHandlers.blocked, ...messagesHandlers.inbox] } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("You can't message this member")).toBeVisible();
    await expect(canvas.queryByRole("region", { name: /Private albums/ })).toBeNull();
    await expect(canvas.queryByRole("button", { name: "Private albums" })).toBeNull();
  },
};

/** A group chat: no one member to share with, so no albums. */
export const GroupChatNoAlbums: Story = {
  decorators: [withAlbumSlots],
  parameters: {
    route: `/messages/${CONVERSATION_GROUP}`,
    msw: { handlers: { messages: [...messagesHandlers.groupChat("member"), ...messagesHandlers.inbox] } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await groupThread(canvasElement);
    await canvas.findByRole("form", { name: "Write a message" });
    await expect(canvas.queryByRole("button", { name: "Private albums" })).toBeNull();
    await expect(canvas.queryByRole("region", { name: /Private albums/ })).toBeNull();
  },
};

export const Blocked: Story = {
  tags: ["tablet"],
  parameters: { msw: { handlers: { messages: [...messagesHandlers.blocked, ...messagesHandlers.inbox] } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("You can't message this member")).toBeVisible();
    await expect(within(canvasElement).queryByRole("textbox", { name: "Message" })).toBeNull();
  },
};

export const Reconnecting: Story = {
  tags: ["tablet"],
  parameters: { messenger: { connection: "reconnecting" } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/Reconnecting/)).toBeVisible();
  },
};

export const ThreadNotFound: Story = {
  parameters: { msw: { handlers: { messages: [...messagesHandlers.threadNotFound, ...messagesHandlers.inbox] } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole("heading", { name: "Conversation not found" }, { timeout: 4000 }),
    ).toBeVisible();
  },
};

export const ThreadLoading: Story = {
  parameters: { msw: { handlers: { messages: [...messagesHandlers.threadLoading, ...messagesHandlers.inbox] } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("status")).toHaveTextContent("Loading conversation...");
  },
};

/** Desktop with no conversation chosen. */
export const NothingChosen: Story = {
  parameters: { route: "/messages" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { name: "Choose a conversation" })).toBeVisible();
  },
};

export const EmptyInbox: Story = {
  tags: ["tablet"],
  parameters: {
    route: "/messages",
    msw: { handlers: { messages: [...messagesHandlers.emptyInbox, ...messagesHandlers.inbox] } },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { name: "No messages yet" })).toBeVisible();
  },
};

export const InboxLoading: Story = {
  parameters: {
    route: "/messages",
    msw: { handlers: { messages: [...messagesHandlers.inboxLoading, ...messagesHandlers.inbox] } },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { name: "Messages" })).toBeVisible();
  },
};

export const InboxFailed: Story = {
  tags: ["tablet"],
  parameters: {
    route: "/messages",
    msw: { handlers: { messages: [...messagesHandlers.inboxError, ...messagesHandlers.inbox] } },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert", {}, { timeout: 4000 })).toHaveTextContent(
      "Database unavailable",
    );
  },
};

/** A Message button whose conversation the server refuses to open: its reason above the inbox. */
export const OpenRefused: Story = {
  tags: ["mobile", "!desktop"],
  globals: { viewport: { value: "mobile" } },
  args: { layout: "mobile" },
  parameters: {
    route: `/messages?to=${JAKE}`,
    msw: { handlers: { messages: [...messagesHandlers.openBlocked, ...messagesHandlers.inbox] } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("alert")).toHaveTextContent("You can't message this member");
    // The inbox stays usable under it.
    await expect(await canvas.findByRole("list", { name: "Conversations" })).toBeVisible();
  },
};

/** Phones: the list first... */
export const MobileList: Story = {
  tags: ["mobile", "!desktop"],
  globals: { viewport: { value: "mobile" } },
  args: { layout: "mobile" },
  parameters: { route: "/messages" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("list", { name: "Conversations" })).toBeVisible();
  },
};

/** ...then the thread, full screen, with a way back. */
export const MobileThread: Story = {
  tags: ["mobile", "!desktop"],
  globals: { viewport: { value: "mobile" } },
  args: { layout: "mobile" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await thread(canvasElement);
    await expect(canvas.getByRole("button", { name: "Back to conversations" })).toBeVisible();
    await expect(canvas.queryByRole("list", { name: "Conversations" })).toBeNull();
  },
};

const groupThread = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole("log", { name: "Messages with Beach volleyball crew" });

/** A group's chat: each sender named over his run, a message a moderator removed, one from a member who left; a member reports a message. */
export const GroupChat: Story = {
  parameters: {
    route: `/messages/${CONVERSATION_GROUP}`,
    msw: { handlers: { messages: [...messagesHandlers.groupChat("member"), ...messagesHandlers.inbox] } },
  },
  play: async ({ canvasElement }) => {
    const log = within(await groupThread(canvasElement));
    await waitFor(() =>
      expect(log.getAllByTestId("message-sender").map((n) => n.textContent)).toEqual([
        "Jake",
        "Marcus",
        "dante_j",
        "Former member",
        "dante_j",
      ]),
    );
    await expect(log.getByTestId("message-removed")).toHaveTextContent("Message removed by a moderator");
    // A member reports another's message; his own has no report, and nobody's has "Remove".
    await expect(log.queryByRole("button", { name: "Options for your message" })).toBeNull();
    await userEvent.click(log.getByRole("button", { name: "Options for Marcus's message" }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(body.queryByRole("menuitem", { name: "Remove message" })).toBeNull();
    await userEvent.click(await body.findByRole("menuitem", { name: "Report message" }));
    const dialog = within(await body.findByRole("dialog", { name: "Report Marcus" }));
    await userEvent.click(dialog.getByRole("radio", { name: "Spam or scam" }));
    await userEvent.click(dialog.getByRole("button", { name: /send report/i }));
    await waitFor(() => expect(body.getByText("Thanks for reporting")).toBeVisible());
  },
};

/** A group's chat on a phone: names over each sender's run, each message's menu beside it. */
export const GroupChatOnPhone: Story = {
  tags: ["mobile", "!desktop"],
  globals: { viewport: { value: "mobile" } },
  args: { layout: "mobile" },
  parameters: {
    route: `/messages/${CONVERSATION_GROUP}`,
    msw: { handlers: { messages: [...messagesHandlers.groupChat("member"), ...messagesHandlers.inbox] } },
  },
  play: async ({ canvasElement }) => {
    const log = within(await groupThread(canvasElement));
    await waitFor(() => expect(log.getAllByTestId("message-sender")).toHaveLength(5));
    await expect((await log.findAllByRole("button", { name: "Options for Jake's message" }))[0]).toBeVisible();
  },
};

/** A moderator removes a message: confirmed, it shows "Message removed by a moderator" for everyone. */
export const GroupChatModerator: Story = {
  parameters: {
    route: `/messages/${CONVERSATION_GROUP}`,
    msw: { handlers: { messages: [...messagesHandlers.groupChat("moderator"), ...messagesHandlers.inbox] } },
  },
  play: async ({ canvasElement }) => {
    const log = within(await groupThread(canvasElement));
    await userEvent.click(await log.findByRole("button", { name: "Options for Marcus's message" }));
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole("menuitem", { name: "Remove message" }));
    const dialog = within(await body.findByRole("dialog", { name: "Remove this message?" }));
    await userEvent.click(dialog.getByRole("button", { name: "Remove message" }));
    await waitFor(() => expect(log.getAllByTestId("message-removed")).toHaveLength(2));
    await expect(log.queryByText("I'll bring the net!")).toBeNull();
  },
};

/** A member who joined after the chat was opened writes: the member list is fetched again and names him (one who left stays a former member). */
export const GroupChatNewcomer: Story = {
  parameters: {
    route: `/messages/${CONVERSATION_GROUP}`,
    msw: {
      handlers: {
        messages: [...messagesHandlers.groupChat("member", { newcomerJoinsLater: true }), ...messagesHandlers.inbox],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const log = within(await groupThread(canvasElement));
    await waitFor(() => expect(log.getAllByTestId("message-sender")).toHaveLength(5));
    await push("newMessage", {
      id: 308,
      conversationId: CONVERSATION_GROUP,
      senderId: groupChatNewcomerFixture.id,
      content: "Hi all, just joined!",
      picture: null,
      tempId: null,
      createdAt: new Date().toISOString(),
    });
    await expect(await log.findByText("Hi all, just joined!")).toBeVisible();
    await waitFor(() =>
      expect(log.getAllByTestId("message-sender").map((n) => n.textContent)).toEqual([
        "Jake",
        "Marcus",
        "dante_j",
        "Former member",
        "dante_j",
        "Nico",
      ]),
    );
  },
};

/** The home page's Messages tab: the latest conversations. */
export const RecentOnHome: StoryObj<typeof RecentConversations> = {
  tags: ["mobile", "desktop"],
  render: () => <RecentConversations />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("list", { name: "Conversations" })).toBeVisible();
    await expect(canvas.getByRole("link", { name: "All messages" })).toBeVisible();
  },
};
