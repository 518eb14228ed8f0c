import type { Meta, StoryObj } from "@storybook/react-vite";
import { http, HttpResponse } from "msw";
import { expect, fn, screen, userEvent, waitFor } from "storybook/test";
import { CONVERSATION_GROUP, GROUP_OF_CHAT, MARCUS } from "../../../../../mocks/fixtures/messages";
import { RemoveGroupMessageDialog, ReportGroupMessageDialog } from "./group-message-dialogs";

const target = { id: 303, senderId: MARCUS, senderName: "Marcus", mine: false };

const meta = {
  title: "Features/Messages/GroupMessageDialogs",
  component: RemoveGroupMessageDialog,
  tags: ["desktop"],
  args: { groupId: GROUP_OF_CHAT, conversationId: CONVERSATION_GROUP, target, onClose: fn() },
} satisfies Meta<typeof RemoveGroupMessageDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A moderator confirms a removal; the server's refusal is shown in the dialog. */
export const RemoveRefused: Story = {
  parameters: {
    msw: {
      handlers: {
        groups: [
          http.delete("/api/groups/:id/messages/:messageId", () =>
            HttpResponse.json({ message: "You are not a moderator of this group" }, { status: 403 }),
          ),
        ],
      },
    },
  },
  play: async ({ args }) => {
    await userEvent.click(await screen.findByRole("button", { name: "Remove message" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("You are not a moderator of this group"));
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** Reporting a message of the chat: the reason is required, as for a member. */
export const Report: StoryObj<typeof ReportGroupMessageDialog> = {
  render: (args) => <ReportGroupMessageDialog {...args} />,
  args: { groupId: GROUP_OF_CHAT, target, onClose: fn() },
  play: async () => {
    const dialog = await screen.findByRole("dialog", { name: "Report Marcus" });
    await waitFor(() => expect(dialog).toBeVisible());
    await userEvent.click(screen.getByRole("button", { name: /send report/i }));
    await expect(await screen.findByText("Choose what is wrong.")).toBeVisible();
  },
};
