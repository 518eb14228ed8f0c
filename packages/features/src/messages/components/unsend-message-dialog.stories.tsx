import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { CONVERSATION_JAKE } from "../../../../../mocks/fixtures/messages";
import { messagesHandlers } from "../../../../../mocks/handlers";
import { UnsendMessageDialog } from "./unsend-message-dialog";

/**
 * Taking a message back (issue 38), alone: Features/Messages/MessagesPage shows it from the message's menu
 * (UnsendYourMessage, UnsendTooLate) and the other side (MessageRemovedLive).
 */
const meta = {
  title: "Features/Messages/UnsendMessageDialog",
  component: UnsendMessageDialog,
  tags: ["mobile", "desktop"],
  args: { conversationId: CONVERSATION_JAKE, messageId: 111, audience: "Jake", onClose: fn() },
  parameters: { msw: { handlers: { messages: messagesHandlers.unsend() } } },
} satisfies Meta<typeof UnsendMessageDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Asked once, since it cannot be undone; "Keep it" leaves everything as it was. */
export const Asking: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole("dialog", { name: "Unsend this message?" }));
    // (Once it has faded in.)
    await waitFor(() => expect(dialog.getByText(/Messages can be unsent for 15 minutes after sending/)).toBeVisible());
    await userEvent.click(dialog.getByRole("button", { name: "Keep it" }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** Unsent: told, and the dialog closes. */
export const Unsent: Story = {
  tags: ["!mobile"],
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole("dialog", { name: "Unsend this message?" }));
    await userEvent.click(dialog.getByRole("button", { name: "Unsend" }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByText("Message unsent")).toBeVisible());
  },
};

/** The server refuses (past the window by its clock): said in the dialog, which stays open. */
export const Refused: Story = {
  parameters: { msw: { handlers: { messages: messagesHandlers.unsend({ refuse: true }) } } },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole("dialog", { name: "Unsend this message?" }));
    await userEvent.click(dialog.getByRole("button", { name: "Unsend" }));
    await expect(await dialog.findByRole("alert")).toHaveTextContent(
      "Messages can be unsent for 15 minutes after sending.",
    );
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};
