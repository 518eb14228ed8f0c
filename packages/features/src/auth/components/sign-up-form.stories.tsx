import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { validateAuthSignUp, validateJoinSignUp } from "../model/validation";
import { SignUpForm } from "./sign-up-form";

const meta = {
  title: "Features/Auth/SignUpForm",
  component: SignUpForm,
  tags: ["mobile", "desktop"],
  decorators: [
    (Story) => (
      <div className="mx-auto max-w-sm">
        <Story />
      </div>
    ),
  ],
  args: { onSubmit: fn(), busyLabel: "Creating account..." },
} satisfies Meta<typeof SignUpForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** /auth: email, password, confirm password. */
export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByLabelText(/^Username/)).toBeNull();
    await expect(canvas.getByLabelText(/^Email/)).toHaveAttribute("autocomplete", "email");
    await expect(canvas.getByLabelText(/^Password/)).toHaveAttribute("autocomplete", "new-password");
    await expect(canvas.getByLabelText(/^Confirm password/)).toHaveAttribute("autocomplete", "new-password");
    await expect(canvas.getByText("At least 8 characters.")).toBeVisible();
  },
};

/** /join: a username first. */
export const WithUsername: Story = {
  args: { withUsername: true, nativeValidation: true, busyLabel: "Creating Account..." },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText(/^Username/)).toHaveAttribute("autocomplete", "username");
    for (const label of [/^Username/, /^Email/, /^Password/, /^Confirm password/]) {
      await expect(canvas.getByLabelText(label)).toBeRequired();
    }
  },
};

export const SubmitsWithEnter: Story = {
  args: { withUsername: true, validate: validateJoinSignUp },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^Username/), "jordan_nights");
    await userEvent.type(canvas.getByLabelText(/^Email/), "jordan@example.com");
    await userEvent.type(canvas.getByLabelText(/^Password/), "midnight-run-7");
    await userEvent.type(canvas.getByLabelText(/^Confirm password/), "midnight-run-7{Enter}");
    await expect(args.onSubmit).toHaveBeenCalledWith({
      username: "jordan_nights",
      email: "jordan@example.com",
      password: "midnight-run-7",
      confirmPassword: "midnight-run-7",
    });
  },
};

export const PasswordsDoNotMatch: Story = {
  args: { validate: validateAuthSignUp },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^Email/), "jordan@example.com");
    await userEvent.type(canvas.getByLabelText(/^Password/), "midnight-run-7");
    await userEvent.type(canvas.getByLabelText(/^Confirm password/), "midnight-run-8{Enter}");
    await expect(canvas.getByRole("alert")).toHaveTextContent("Passwords do not match");
    const confirm = canvas.getByLabelText(/^Confirm password/);
    await expect(confirm).toHaveAttribute("aria-invalid", "true");
    await expect(confirm).toHaveAccessibleDescription("Passwords do not match");
    await expect(confirm).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const Submitting: Story = {
  args: {
    busy: true,
    defaultValues: { email: "jordan@example.com", password: "midnight-run-7", confirmPassword: "midnight-run-7" },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Creating account..." })).toBeDisabled();
  },
};

export const ServerError: Story = {
  args: { error: "This password is too common", defaultValues: { email: "jordan@example.com" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("This password is too common");
  },
};
