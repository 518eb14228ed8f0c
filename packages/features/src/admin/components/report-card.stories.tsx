import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { adminReportsFixture } from "../../../../../mocks/fixtures/admin";
import { adminFixture } from "../../../../../mocks/fixtures/users";
import { adminHandlers, sessionHandlers } from "../../../../../mocks/handlers";
import { ReportCard } from "./report-card";
import { ReportOutcomeDialog } from "./report-outcome-dialog";

const meta = {
  title: "Features/Admin/ReportCard",
  component: ReportCard,
  tags: ["tablet", "desktop"],
  args: {
    report: adminReportsFixture[0]!,
    meId: adminFixture.id,
    selected: false,
    onSelectedChange: fn(),
    onAct: fn(),
    onDismiss: fn(),
  },
  parameters: { msw: { handlers: { session: sessionHandlers.admin, admin: adminHandlers.reports() } } },
} satisfies Meta<typeof ReportCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A message report: the conversation up to the reported message, which is marked. */
export const MessageInContext: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const reported = canvas.getByText("You'll regret ignoring me.").closest("li")!;
    await expect(reported).toHaveAttribute("aria-current", "true");
    await userEvent.click(canvas.getByRole("checkbox", { name: "Select the message report on jake28" }));
    await expect(args.onSelectedChange).toHaveBeenCalledWith(true);
  },
};

/** A group report already assigned to me: Unassign. */
export const AssignedToMe: Story = {
  args: { report: adminReportsFixture[3]! },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/assigned to you/)).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Hookups no questions" })).toHaveAttribute(
      "href",
      "/groups/7a1d0c3e-0000-4000-8000-000000000199",
    );
    await expect(canvas.getByRole("button", { name: "Unassign" })).toBeVisible();
  },
};

/** A decided report: no selection and no actions. */
export const Decided: Story = {
  args: { report: { ...adminReportsFixture[1]!, status: "actioned" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Acted on")).toBeVisible();
    await expect(canvas.queryByRole("checkbox")).toBeNull();
    await expect(canvas.queryByRole("button", { name: "Act…" })).toBeNull();
  },
};

/** The outcome dialog for a bulk selection: dismiss asks only for the reason. */
export const DismissMany: StoryObj<typeof ReportOutcomeDialog> = {
  render: () => (
    <ReportOutcomeDialog ids={adminReportsFixture.map((r) => r.id)} mode="dismiss" onClose={fn()} onDone={fn()} />
  ),
  play: async () => {
    const dialog = await within(document.body).findByRole("dialog", { name: "Dismiss 5 reports" });
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(within(dialog).queryByRole("checkbox")).toBeNull();
    await expect(within(dialog).getByRole("textbox", { name: /Reason/ })).toBeVisible();
  },
};
