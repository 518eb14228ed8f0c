import { useState } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { VIEW_ONCE_SECONDS } from "@vicinity/contract";
import { CONVERSATION_JAKE } from "../../../../../mocks/fixtures/messages";
import { messagesHandlers } from "../../../../../mocks/handlers";
import { ViewOncePicture, ViewOnceViewer } from "./view-once-picture";

/**
 * A picture that can be seen once (issue 38, decisions/0047), in its bubble's place. Features/Messages/MessagesPage
 * shows them in a thread (ViewOncePictures).
 */
const meta = {
  title: "Features/Messages/ViewOncePicture",
  component: ViewOncePicture,
  tags: ["mobile", "desktop"],
  args: { conversationId: CONVERSATION_JAKE, messageId: 112, mine: false, openedAt: null, peerName: "Jake" },
  parameters: { msw: { handlers: { messages: messagesHandlers.viewOnce() } } },
  decorators: [
    (Story) => (
      <div className="w-64 rounded-2xl bg-muted p-1 text-foreground">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ViewOncePicture>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Jake's picture, not opened yet: a tap opens it full screen, counting down from 10 seconds; then only "Opened". */
export const Received: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByRole("button", {
        name: `Open the picture from Jake: it can be seen once, for ${VIEW_ONCE_SECONDS} seconds`,
      }),
    );
    const viewer = within(await screen.findByRole("dialog", { name: "Picture from Jake" }));
    await waitFor(() => expect(viewer.getByTestId("view-once-image")).toBeVisible());
    await expect(viewer.getByRole("progressbar", { name: "Time left to see the picture" })).toBeInTheDocument();
    // Behind the viewer the bubble already says it was opened: there is no second time.
    await expect(canvas.getByTestId("view-once-picture")).toHaveAttribute("data-opened", "true");
    await userEvent.click(viewer.getByRole("button", { name: "Close the picture" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await expect(canvas.getByText("Opened")).toBeVisible();
    await expect(canvas.queryByRole("button")).toBeNull();
  },
};

/** Opened before: nothing to tap. */
export const Opened: Story = {
  args: { openedAt: "2026-11-21T18:30:00.000Z" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Opened")).toBeVisible();
    await expect(canvas.queryByRole("button")).toBeNull();
  },
};

/** Opened on his other device meanwhile: the server says so (409), and the bubble turns to "Opened". */
export const AlreadyOpenedElsewhere: Story = {
  tags: ["!mobile"],
  parameters: { msw: { handlers: { messages: messagesHandlers.viewOnce({ alreadyOpened: true }) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: /^Open the picture from Jake/ }));
    await expect(await canvas.findByText("Opened")).toBeVisible();
    await expect(canvas.queryByRole("button")).toBeNull();
    await expect(screen.queryByRole("dialog")).toBeNull();
  },
};

/** The server fails: said under the tile, which stays to try again. */
export const OpenFails: Story = {
  tags: ["!mobile"],
  parameters: { msw: { handlers: { messages: messagesHandlers.viewOnce({ fail: true }) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: /^Open the picture from Jake/ }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent("Something went wrong on our side.");
    await expect(canvas.getByRole("button", { name: /^Open the picture from Jake/ })).toBeEnabled();
  },
};

/** Mine, not opened yet. */
export const Sent: Story = {
  args: { mine: true },
  decorators: [
    (Story) => (
      <div className="rounded-2xl bg-accent p-1 text-accent-foreground">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Not opened yet")).toBeVisible();
    await expect(canvas.queryByRole("button")).toBeNull();
  },
};

/** Mine, and Jake opened it. */
export const SentOpened: Story = {
  ...Sent,
  args: { mine: true, openedAt: "2026-11-21T18:30:00.000Z" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Your picture was seen once")).toBeVisible();
  },
};

/** A showing that begins when the story mounts, lasting `seconds`. */
function FreshViewer({ seconds, onClose }: { seconds: number; onClose: () => void }) {
  const [picture] = useState(() => {
    const now = Date.now();
    return {
      url: "/media/photo-beach",
      width: 1200,
      height: 900,
      openedAt: new Date(now).toISOString(),
      closesAt: new Date(now + seconds * 1000).toISOString(),
    };
  });
  return <ViewOnceViewer picture={picture} peerName="Jake" onClose={onClose} />;
}

/** The viewer alone, its 10 seconds just begun; it closes itself when they run out. */
export const Viewer: StoryObj<typeof FreshViewer> = {
  render: (args) => <FreshViewer {...args} />,
  args: { seconds: VIEW_ONCE_SECONDS, onClose: fn() },
  play: async () => {
    const viewer = within(await screen.findByRole("dialog", { name: "Picture from Jake" }));
    await waitFor(() => expect(viewer.getByTestId("view-once-image")).toBeVisible());
    await expect(viewer.getByTestId("view-once-seconds")).toHaveTextContent(/^(10|9) s$/);
  },
};

/** Its time runs out: it closes by itself. */
export const ViewerTimesOut: StoryObj<typeof FreshViewer> = {
  ...Viewer,
  tags: ["!mobile"],
  args: { seconds: 0.3, onClose: fn() },
  play: async ({ args }) => {
    await waitFor(() => expect(args.onClose).toHaveBeenCalled(), { timeout: 3000 });
  },
};
