import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, screen, userEvent, within } from "storybook/test";
import { MessageMenu } from "./message-menu";

const meta = {
  title: "Features/Messages/MessageMenu",
  component: MessageMenu,
  tags: ["desktop"],
  args: { label: "Options for Marcus's message", onReport: fn() },
} satisfies Meta<typeof MessageMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A member on another's message: he can report it, not remove it. */
export const ForAMember: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Options for Marcus's message" }));
    await expect(screen.queryByRole("menuitem", { name: "Remove message" })).toBeNull();
    await expect(screen.queryByRole("menuitem", { name: "Unsend" })).toBeNull();
    await userEvent.click(await screen.findByRole("menuitem", { name: "Report message" }));
    await expect(args.onReport).toHaveBeenCalledTimes(1);
  },
};

/** A moderator: report and remove. */
export const ForAModerator: Story = {
  args: { onRemove: fn() },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Options for Marcus's message" }));
    await expect(await screen.findByRole("menuitem", { name: "Report message" })).toBeVisible();
    await expect(screen.getByRole("menuitem", { name: "Remove message" })).toBeVisible();
  },
};

/** His own message, sent a moment ago (within 15 minutes): he can take it back. On a phone too. */
export const YourRecentMessage: Story = {
  tags: ["mobile"],
  args: { label: "Options for your message", onReport: undefined, onUnsend: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Options for your message" }));
    await expect(screen.queryByRole("menuitem", { name: "Report message" })).toBeNull();
    await userEvent.click(await screen.findByRole("menuitem", { name: "Unsend" }));
    await expect(args.onUnsend).toHaveBeenCalledTimes(1);
  },
};
