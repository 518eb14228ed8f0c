import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { ChangePasswordForm } from "./change-password-form";

const meta = {
  title: "Features/Profile/ChangePasswordForm",
  component: ChangePasswordForm,
  tags: ["mobile", "desktop"],
  args: { busy: false, error: null, onSubmit: fn() },
  render: (args) => (
    <div className="max-w-md">
      <ChangePasswordForm {...args} />
    </div>
  ),
} satisfies Meta<typeof ChangePasswordForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing typed: each field says what it needs, and the first gets the focus. */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Change password" }));
    const alerts = canvas.getAllByRole("alert").map((a) => a.textContent);
    await expect(alerts).toEqual(["Enter your current password", "Enter a new password"]);
    await expect(canvas.getByLabelText("Current password")).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Too short, then sent once it is right (Enter submits). */
export const Valid: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText("Current password"), "old-secret");
    await userEvent.type(canvas.getByLabelText("New password"), "short");
    await userEvent.type(canvas.getByLabelText("Confirm new password"), "short{Enter}");
    await expect(canvas.getByRole("alert")).toHaveTextContent("Passwords must be at least 8 characters");
    await userEvent.type(canvas.getByLabelText("New password"), "-but-now-long");
    await userEvent.type(canvas.getByLabelText("Confirm new password"), "-but-now-long{Enter}");
    await expect(args.onSubmit).toHaveBeenCalledWith({
      currentPassword: "old-secret",
      newPassword: "short-but-now-long",
    });
  },
};

export const Changing: Story = {
  args: { busy: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Changing..." })).toBeDisabled();
  },
};

export const ServerError: Story = {
  args: { error: "This password is too common" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("This password is too common");
  },
};
