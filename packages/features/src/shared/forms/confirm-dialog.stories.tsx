import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { ConfirmDialog } from "./confirm-dialog";

/**
 * The one confirmation before what cannot be undone, alone: Features/Messages/UnsendMessageDialog and the group chat's
 * removal (Features/Messages/MessagesPage GroupChatModerator) use it.
 */
const meta = {
  title: "Features/Shared/ConfirmDialog",
  component: ConfirmDialog,
  tags: ["desktop"],
  args: {
    title: "Remove this message?",
    description: "It is replaced by a note for every member.",
    keepLabel: "Keep it",
    actLabel: "Remove message",
    busyLabel: "Removing...",
    busy: false,
    error: null,
    onAct: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Asked: the action, or leaving it as it was. */
export const Asking: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole("dialog", { name: "Remove this message?" }));
    await userEvent.click(dialog.getByRole("button", { name: "Remove message" }));
    await expect(args.onAct).toHaveBeenCalledTimes(1);
    await userEvent.click(dialog.getByRole("button", { name: "Keep it" }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** Refused: the reason inside, the dialog still open. */
export const Refused: Story = {
  args: { error: "This message was already removed." },
  play: async () => {
    const dialog = within(await screen.findByRole("dialog", { name: "Remove this message?" }));
    await waitFor(() => expect(dialog.getByRole("alert")).toHaveTextContent("This message was already removed."));
  },
};
