import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { NOT_SENT_REASON } from "@vicinity/contract";
import { mediaHandlers } from "../../../../../mocks/handlers";
import { bubbles } from "./messages.fixtures";
import { MessageBubble } from "./message-bubble";

const meta = {
  title: "Features/Messages/MessageBubble",
  component: MessageBubble,
  tags: ["mobile", "desktop"],
  decorators: [
    (Story) => (
      <div className="mx-auto w-full max-w-lg">
        <Story />
      </div>
    ),
  ],
  args: { item: bubbles.sent, peerName: "Jake", onRetry: fn(), onDiscard: fn() },
  parameters: { msw: { handlers: { media: mediaHandlers.portraits } } },
} satisfies Meta<typeof MessageBubble>;

export default meta;
type Story = StoryObj<typeof meta>;

const pictureShown = (canvasElement: HTMLElement) =>
  waitFor(async () => {
    const img = within(canvasElement).getByTestId("message-picture") as HTMLImageElement;
    await expect(img.complete && img.naturalWidth > 0).toBe(true);
  });

/** Mine, on its way: a clock. */
export const Sending: Story = {
  args: { item: bubbles.sending },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("img", { name: "Sending" })).toBeVisible();
    await expect(canvas.getByText("14:05")).toBeVisible();
    await expect(canvasElement.querySelector("[data-slot=message-bubble]")).toHaveAttribute("data-mine", "true");
  },
};

/** Stored by the server: one check. */
export const Sent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("img", { name: "Sent" })).toBeVisible();
    await expect(canvas.getByText("See you at 10 at the pier")).toBeVisible();
    // Screen readers hear who wrote it.
    await expect(canvas.getByText("You:")).toHaveClass("sr-only");
  },
};

/** He has read it: two checks. */
export const Read: Story = {
  args: { item: bubbles.read },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("img", { name: "Read" })).toBeVisible();
  },
};

/** Refused for good: the reason, Retry and Delete. */
export const Failed: Story = {
  args: { item: bubbles.failed },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("img", { name: "Not sent" })).toBeVisible();
    await expect(canvas.getByText("You can't message this member")).toBeVisible();
    // Each button says what it does to this message, and why it was not sent.
    const retry = canvas.getByRole("button", { name: "Retry sending this message" });
    await expect(retry).toHaveTextContent("Retry");
    await expect(retry).toHaveAccessibleDescription("You can't message this member");
    await userEvent.click(retry);
    await expect(args.onRetry).toHaveBeenCalledWith("t-failed");
    const remove = canvas.getByRole("button", { name: "Delete this unsent message" });
    await expect(remove).toHaveTextContent("Delete");
    await expect(remove).toHaveAccessibleDescription("You can't message this member");
    await userEvent.click(remove);
    await expect(args.onDiscard).toHaveBeenCalledWith("t-failed");
  },
};

/** The outbox gave up after trying a while (no answer, or faults on the server): Retry and Delete, from the keyboard. */
export const GaveUp: Story = {
  args: { item: bubbles.gaveUp },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("img", { name: "Not sent" })).toBeVisible();
    await expect(canvas.getByTestId("message-error")).toHaveTextContent(NOT_SENT_REASON);
    const retry = canvas.getByRole("button", { name: "Retry sending this message" });
    const remove = canvas.getByRole("button", { name: "Delete this unsent message" });
    await expect(retry).toHaveAccessibleDescription(NOT_SENT_REASON);
    await userEvent.tab();
    await expect(retry).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onRetry).toHaveBeenCalledWith("t-gave-up");
    await userEvent.tab();
    await expect(remove).toHaveFocus();
    await userEvent.keyboard(" ");
    await expect(args.onDiscard).toHaveBeenCalledWith("t-gave-up");
    // Back where it started, for the screenshot.
    remove.blur();
  },
};

/** His: on the left, no delivery status. */
export const Theirs: Story = {
  args: { item: bubbles.theirs },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Sounds good, see you there!")).toBeVisible();
    await expect(canvas.queryByTestId("message-status")).toBeNull();
    await expect(canvas.getByText("Jake:")).toHaveClass("sr-only");
    await expect(canvasElement.querySelector("[data-slot=message-bubble]")).toHaveAttribute("data-mine", "false");
  },
};

/** He took his message back (issue 38): "Message removed" in its place. */
export const UnsentByHim: Story = {
  args: { item: { ...bubbles.theirs, content: "", picture: null, removed: true, unsent: true } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId("message-removed")).toHaveTextContent(/^Message removed$/);
  },
};

/** I took mine back: my side says so. */
export const UnsentByMe: Story = {
  args: { item: { ...bubbles.sent, content: "", picture: null, removed: true, unsent: true } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId("message-removed")).toHaveTextContent("You unsent a message");
    // Nothing was delivered of it any more: no "Sent" or "Read" beside it.
    await expect(within(canvasElement).queryByTestId("message-status")).toBeNull();
  },
};

/** Removed by a group's moderator: it keeps its place; nothing of what it said shows. */
export const RemovedByModerator: Story = {
  args: { item: { ...bubbles.theirs, content: "", picture: null, removed: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId("message-removed")).toHaveTextContent("Message removed by a moderator");
    await expect(canvas.queryByTestId("message-text")).toBeNull();
    await expect(canvas.queryByTestId("message-picture")).toBeNull();
  },
};

/** A picture: the 480 px variant, its shape reserved before it loads, a link to the full size. */
export const Picture: Story = {
  args: { item: bubbles.picture },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const img = canvas.getByRole("img", { name: "Picture from Jake" }) as HTMLImageElement;
    await expect(img.getAttribute("src")).toBe("/media/pic-beach?w=480&q=80");
    await expect(img.style.aspectRatio).toBe("1200 / 900");
    await expect(canvas.getByRole("link", { name: "Picture from Jake" })).toHaveAttribute("href", "/media/pic-beach");
    await expect(canvas.queryByTestId("message-text")).toBeNull();
    await pictureShown(canvasElement);
  },
};

/** Mine, a picture with words, read. */
export const PictureWithText: Story = {
  args: { item: bubbles.pictureWithText },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("img", { name: "Picture you sent" })).toBeVisible();
    await expect(canvas.getByTestId("message-text")).toHaveTextContent("The view from the dunes last night");
    await expect(canvas.getByRole("img", { name: "Read" })).toBeVisible();
    await pictureShown(canvasElement);
  },
};

/** New lines are kept; a long address or word wraps instead of widening the thread. */
export const LongText: Story = {
  args: { item: bubbles.longText },
  play: async ({ canvasElement }) => {
    const text = within(canvasElement).getByTestId("message-text");
    await expect(text).toHaveClass("whitespace-pre-wrap");
    await expect(text.getClientRects().length).toBeGreaterThan(0);
    await expect(text.scrollWidth).toBeLessThanOrEqual(text.clientWidth);
    await expect(text.getBoundingClientRect().height).toBeGreaterThan(100);
  },
};
