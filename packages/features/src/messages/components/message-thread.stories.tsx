import { useState } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import type { ThreadItem } from "../model/thread-items";
import { mediaHandlers } from "../../../../../mocks/handlers";
import { Composer } from "./composer";
import {
  STORY_NOW,
  at,
  failedPending,
  jake,
  jakeThreadItems,
  sendingPending,
  uploadedPicture,
} from "./messages.fixtures";
import { LOAD_OLDER_WITHIN_PX, MessageThread, type MessageThreadProps } from "./message-thread";
import { ThreadHeader } from "./thread-header";

const meta = {
  title: "Features/Messages/MessageThread",
  component: MessageThread,
  tags: ["mobile", "desktop"],
  decorators: [
    (Story) => (
      <div className="flex h-dvh flex-col bg-background">
        <Story />
      </div>
    ),
  ],
  args: {
    items: jakeThreadItems(),
    peerName: "Jake",
    typing: false,
    hasOlder: false,
    loadingOlder: false,
    onLoadOlder: fn(),
    onRetry: fn(),
    onDiscard: fn(),
    now: STORY_NOW,
  },
  parameters: { layout: "fullscreen", msw: { handlers: { media: mediaHandlers.portraits } } },
} satisfies Meta<typeof MessageThread>;

export default meta;
type Story = StoryObj<typeof meta>;

const log = (canvasElement: HTMLElement) => within(canvasElement).getByRole("log", { name: "Messages with Jake" });

const distanceFromBottom = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight;

const picturesShown = (canvasElement: HTMLElement) =>
  waitFor(async () => {
    const images = within(canvasElement).queryAllByTestId("message-picture") as HTMLImageElement[];
    await expect(images.every((img) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

/** Yesterday and today: day separators, grouped runs, a picture, read up to this morning. */
export const Conversation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const thread = log(canvasElement);
    await expect(thread).toHaveAttribute("aria-live", "polite");
    const days = canvas.getAllByTestId("thread-day");
    await expect(days.map((d) => d.querySelector("time")?.textContent)).toEqual(["Yesterday", "Today"]);
    await expect(within(days[0]!).getAllByRole("listitem")).toHaveLength(5);
    await expect(within(days[1]!).getAllByRole("listitem")).toHaveLength(4);
    // Read receipts: read up to this morning, the evening ones only sent.
    await expect(canvas.getAllByRole("img", { name: "Read" })).toHaveLength(3);
    await expect(canvas.getAllByRole("img", { name: "Sent" })).toHaveLength(2);
    // His two messages a minute apart are one group: only the first starts it.
    const yesterday = within(days[0]!).getAllByRole("listitem");
    await expect(yesterday.map((li) => li.dataset.head)).toEqual(["true", "false", "true", "false", "true"]);
    await expect(canvas.queryByRole("button", { name: "Load earlier messages" })).toBeNull();
    await picturesShown(canvasElement);
    // Opens at the newest message.
    await waitFor(() => expect(distanceFromBottom(thread)).toBeLessThanOrEqual(1));
  },
};

/** Nothing said yet. */
export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Say hi to Jake" })).toBeVisible();
    await expect(log(canvasElement)).toBeInTheDocument();
  },
};

/** He is typing: at the end of the thread, announced, the dots still with reduced motion. */
export const Typing: Story = {
  args: { typing: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Jake is typing...")).toBeVisible();
    await expect(canvas.getByTestId("typing-indicator").querySelector(".animate-bounce")).toHaveClass(
      "motion-reduce:animate-none",
    );
    await picturesShown(canvasElement);
    await waitFor(() => expect(distanceFromBottom(log(canvasElement))).toBeLessThanOrEqual(1));
  },
};

/** There is more history: scrolling up asks for it, and so does a button at the top (for keyboards). */
export const HasOlder: Story = {
  args: { hasOlder: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole("button", { name: "Load earlier messages" });
    await userEvent.click(button);
    await expect(args.onLoadOlder).toHaveBeenCalled();
    // The click scrolled the log to its top; pictures loading later must not move it (stable screenshot).
    const images = Array.from(canvasElement.querySelectorAll("img"));
    await waitFor(() => expect(images.every((img) => img.complete)).toBe(true));
    log(canvasElement).scrollTop = 0;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await expect(log(canvasElement).scrollTop).toBe(0);
  },
};

/** The earlier page is on its way. */
export const LoadingOlder: Story = {
  args: { hasOlder: true, loadingOlder: true },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "Loading earlier messages..." });
    await expect(button).toBeDisabled();
    await expect(button.querySelector("[data-slot=spinner]")).not.toBeNull();
    await expect(log(canvasElement)).toHaveAttribute("aria-busy", "true");
  },
};

/** One on its way and one refused: Retry and Delete under it. */
export const FailedMessage: Story = {
  args: { items: jakeThreadItems([sendingPending, failedPending]) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("img", { name: "Sending" })).toBeVisible();
    await expect(canvas.getByText("You can't message this member")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Retry sending this message" }));
    await expect(args.onRetry).toHaveBeenCalledWith("t-failed");
    // The buttons go with the failure: the keyboard stays in the thread.
    await expect(log(canvasElement)).toHaveFocus();
    await userEvent.click(canvas.getByRole("button", { name: "Delete this unsent message" }));
    await expect(args.onDiscard).toHaveBeenCalledWith("t-failed");
    await expect(log(canvasElement)).toHaveFocus();
  },
};

/** Many messages, for the scrolling behaviour. */
function longHistory(count: number, fromId: number, day: number): ThreadItem[] {
  return Array.from({ length: count }, (_, i) => {
    const mine = i % 3 === 0;
    const id = fromId + i;
    return {
      key: `m:${id}`,
      id,
      tempId: null,
      mine,
      content: mine
        ? `Message ${id} from me`
        : `Message ${id} from Jake, a little longer so it takes two lines on a phone`,
      picture: null,
      createdAt: at(day, 9, i),
      status: "sent",
    };
  });
}

/** A thread whose items change as a container's would: messages arrive, earlier ones load. */
function LiveThread(props: MessageThreadProps) {
  const [items, setItems] = useState(() => longHistory(30, 1000, 23));
  const [older, setOlder] = useState(true);
  const receive = () =>
    setItems((current) => {
      const id = (current.at(-1)?.id ?? 0) + 1;
      return [
        ...current,
        {
          key: `m:${id}`,
          id,
          tempId: null,
          mine: false,
          content: `New message ${id}`,
          picture: null,
          createdAt: at(23, 18, 10),
          status: "sent",
        },
      ];
    });
  const loadOlder = () => {
    props.onLoadOlder();
    setItems((current) => [...longHistory(20, 900, 22), ...current]);
    setOlder(false);
  };
  return (
    <>
      <MessageThread {...props} items={items} hasOlder={older} onLoadOlder={loadOlder} />
      <button type="button" className="sr-only" onClick={receive}>
        Receive a message
      </button>
    </>
  );
}

/** Scrolls the log to the middle of its history, away from both ends. */
async function readMidway(thread: HTMLElement) {
  const middle = Math.round((thread.scrollHeight - thread.clientHeight) / 2);
  await expect(middle).toBeGreaterThan(LOAD_OLDER_WITHIN_PX);
  thread.scrollTop = middle;
  thread.dispatchEvent(new Event("scroll"));
  return middle;
}

/**
 * Follows new messages at the bottom; keeps the place while reading above and counts what
 * arrives; scrolling up to the top loads earlier ones without a jump; the button takes him back.
 */
export const KeepsItsPlace: Story = {
  tags: ["!mobile"],
  render: (args) => <LiveThread {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const thread = log(canvasElement);
    await waitFor(() => expect(distanceFromBottom(thread)).toBeLessThanOrEqual(1));
    await expect(canvas.queryByTestId("jump-to-latest")).toBeNull();

    // At the bottom: a new message scrolls into view.
    await userEvent.click(canvas.getByRole("button", { name: "Receive a message" }));
    await expect(await canvas.findByText("New message 1030")).toBeInTheDocument();
    await waitFor(() => expect(distanceFromBottom(thread)).toBeLessThanOrEqual(1));

    // Reading further up: the next one does not pull him down, and the button counts it.
    const middle = await readMidway(thread);
    await expect(await canvas.findByRole("button", { name: "Jump to latest" })).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Receive a message" }));
    await expect(await canvas.findByText("New message 1031")).toBeInTheDocument();
    await expect(thread.scrollTop).toBe(middle);
    await expect(await canvas.findByRole("button", { name: "1 new message" })).toBeVisible();
    await expect(args.onLoadOlder).not.toHaveBeenCalled();

    // Scrolling up to the top loads earlier messages by itself; the one he was looking at stays put.
    const anchor = canvas.getByText("Message 1000 from me");
    thread.scrollTop = 0;
    const top = anchor.getBoundingClientRect().top;
    // The browser fires its own scroll event on its next frame; fire it now, so a busy machine
    // cannot make the test wait for a frame.
    thread.dispatchEvent(new Event("scroll"));
    await expect(await canvas.findByText("Message 900 from me", {}, { timeout: 3000 })).toBeInTheDocument();
    await expect(args.onLoadOlder).toHaveBeenCalledTimes(1);
    await expect(Math.abs(anchor.getBoundingClientRect().top - top)).toBeLessThanOrEqual(2);
    await expect(thread.scrollTop).toBeGreaterThan(0);

    // The button takes him to the newest message and leaves the keyboard in the thread.
    await userEvent.click(canvas.getByRole("button", { name: "1 new message" }));
    await waitFor(() => expect(distanceFromBottom(thread)).toBeLessThanOrEqual(1));
    await waitFor(() => expect(canvas.queryByTestId("jump-to-latest")).toBeNull());
    await expect(thread).toHaveFocus();
  },
};

/** Reading earlier messages while two new ones came: the button says so. */
export const NewMessagesWhileReading: Story = {
  tags: ["!mobile"],
  render: (args) => <LiveThread {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const thread = log(canvasElement);
    await waitFor(() => expect(distanceFromBottom(thread)).toBeLessThanOrEqual(1));
    await readMidway(thread);
    await userEvent.click(canvas.getByRole("button", { name: "Receive a message" }));
    await userEvent.click(canvas.getByRole("button", { name: "Receive a message" }));
    await expect(await canvas.findByRole("button", { name: "2 new messages" })).toBeVisible();
  },
};

/** The whole conversation screen as a phone shows it: header, thread, and the composer pinned at the bottom. */
export const WithHeaderAndComposer: Story = {
  args: { items: jakeThreadItems([sendingPending]), typing: true },
  render: (args) => (
    <>
      <ThreadHeader peer={jake} onBack={fn()} onViewProfile={fn()} onBlock={fn()} onReport={fn()} />
      <MessageThread {...args} />
      <Composer onSend={fn()} onTyping={fn()} uploadPicture={async () => uploadedPicture} />
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: /Jake/ })).toBeVisible();
    const composer = canvas.getByRole("textbox", { name: "Message" });
    await expect(composer).toBeVisible();
    // The composer sits at the bottom of the screen.
    await expect(Math.round(composer.closest("form")!.getBoundingClientRect().bottom)).toBe(window.innerHeight);
    await picturesShown(canvasElement);
    const thread = log(canvasElement);
    await waitFor(() => expect(distanceFromBottom(thread)).toBeLessThanOrEqual(1));
    // The composer grows with a second line; the newest message stays in view above it.
    await userEvent.type(composer, "See you{Shift>}{Enter}{/Shift}tomorrow");
    await waitFor(() => expect(distanceFromBottom(thread)).toBeLessThanOrEqual(1));
  },
};
