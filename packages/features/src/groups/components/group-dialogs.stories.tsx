import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, screen, userEvent, waitFor } from "storybook/test";
import { ConfirmDialog } from "./group-dialogs";

const meta = {
  title: "Features/Groups/ConfirmDialog",
  component: ConfirmDialog,
  tags: ["mobile", "desktop"],
  args: {
    open: true,
    onOpenChange: fn(),
    title: "Remove Dante from Jax Runners?",
    description: "He stops receiving the group chat at once and cannot read what comes after.",
    confirm: "Remove",
    busyLabel: "Removing...",
    busy: false,
    error: null,
    onConfirm: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ask: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole("dialog", { name: "Remove Dante from Jax Runners?" });
    await waitFor(() => expect(dialog).toBeVisible());
    await userEvent.click(screen.getByRole("button", { name: "Remove" }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};

/** The server refused: its message in the dialog. */
export const Refused: Story = {
  args: { error: Object.assign(new Error("Only the owner can remove a moderator"), { status: 403 }) },
  play: async () => {
    await waitFor(() => expect(screen.getByRole("alert")).toBeVisible());
  },
};
