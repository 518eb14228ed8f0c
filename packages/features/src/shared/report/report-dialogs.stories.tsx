import type { Meta, StoryObj } from "@storybook/react-vite";
import { useMutation } from "@tanstack/react-query";
import { expect, fn, userEvent, within } from "storybook/test";
import { ReportContentDialog } from "./report-content-dialog";
import { ReportMemberDialog } from "./report-member-dialog";

/**
 * Reporting to the team: a member (from his profile, a conversation, a group's chat), or content
 * (an event, a group). Both go to the admin's queue with the same reasons.
 */
const meta = {
  title: "Features/Shared/ReportDialogs",
  component: ReportMemberDialog,
  subcomponents: { ReportContentDialog },
  args: { open: true, onOpenChange: fn(), name: "Jake", onSubmit: fn() },
} satisfies Meta<typeof ReportMemberDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A member, refused by the server: its message above the buttons; sending again sends the reason chosen, and the block. */
export const MemberRefused: Story = {
  args: { error: "Couldn't send the report. Please try again." },
  play: async ({ args }) => {
    const dialog = within(await within(document.body).findByRole("dialog", { name: "Report Jake" }));
    await expect(dialog.getByRole("alert")).toHaveTextContent("Couldn't send the report. Please try again.");
    await userEvent.click(dialog.getByRole("radio", { name: "Spam or scam" }));
    await userEvent.click(dialog.getByRole("button", { name: "Send report" }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ reason: "spam", details: "", alsoBlock: true });
  },
};

function ReportGroup({ refused = false }: { refused?: boolean }) {
  const report = useMutation({
    mutationFn: async (_: { reason: string; details: string }) => {
      if (refused) throw new Error("offline");
    },
  });
  return (
    <ReportContentDialog
      open
      onOpenChange={() => undefined}
      title="Report this group"
      description="Our team reviews every report. The group's moderators are not told who reported it."
      thanks="Thank you. Our team will look at this group."
      report={report}
    />
  );
}

/** Content (here a group): sending without a reason asks for one. */
export const Content: Story = {
  render: () => <ReportGroup />,
  play: async () => {
    const dialog = within(await within(document.body).findByRole("dialog", { name: "Report this group" }));
    await userEvent.click(dialog.getByRole("button", { name: "Send report" }));
    await expect(dialog.getByRole("alert")).toHaveTextContent("Choose what is wrong.");
  },
};

/** Content, refused by the server (or not reached): its message above the buttons; the dialog stays open. */
export const ContentRefused: Story = {
  render: () => <ReportGroup refused />,
  play: async () => {
    const dialog = within(await within(document.body).findByRole("dialog", { name: "Report this group" }));
    await userEvent.click(dialog.getByRole("radio", { name: "Spam or scam" }));
    await userEvent.click(dialog.getByRole("button", { name: "Send report" }));
    await expect(await dialog.findByRole("alert")).toHaveTextContent("The report was not sent. Try again.");
    await expect(dialog.getByRole("button", { name: "Send report" })).toBeEnabled();
  },
};
