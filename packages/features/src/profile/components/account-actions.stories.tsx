import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { AccountActions } from "./account-actions";

const meta = {
  title: "Features/Profile/AccountActions",
  component: AccountActions,
  tags: ["mobile", "desktop"],
  args: { exporting: false, exportError: null, onExport: fn(), onDeleteAccount: fn() },
  render: (args) => (
    <div className="max-w-md">
      <AccountActions {...args} />
    </div>
  ),
} satisfies Meta<typeof AccountActions>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Export my data" }));
    await expect(args.onExport).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole("button", { name: "Delete my account" }));
    await expect(args.onDeleteAccount).toHaveBeenCalled();
  },
};

export const Exporting: Story = {
  args: { exporting: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Preparing your file..." })).toBeDisabled();
  },
};

export const ExportFailed: Story = {
  args: { exportError: "Service unavailable" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent("Service unavailable");
    await expect(canvas.getByRole("button", { name: "Export my data" })).toBeEnabled();
  },
};
