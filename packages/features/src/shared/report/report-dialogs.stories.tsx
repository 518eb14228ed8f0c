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

function ReportGroup() {
  const report = useMutation({ mutationFn: async (_: { reason: string; details: string }) => undefined });
  return (
    <ReportContentDialog
      open
      onOpenChange={() => undefined}
      title="Report this group"
      description="Our team reviews every report. The group's moderators are not told who reported it."
      thanks="Thank you. Our team will look at this group."
      name="group-report-reason"
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
