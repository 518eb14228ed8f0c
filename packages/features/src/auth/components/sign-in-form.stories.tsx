import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { validateAuthSignIn } from "../model/validation";
import { SignInForm } from "./sign-in-form";

const meta = {
  title: "Features/Auth/SignInForm",
  component: SignInForm,
  tags: ["mobile", "desktop"],
  decorators: [
    (Story) => (
      <div className="mx-auto max-w-sm">
        <Story />
      </div>
    ),
  ],
  args: { onSubmit: fn(), busyLabel: "Signing in..." },
} satisfies Meta<typeof SignInForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText(/^Email/)).toHaveAttribute("autocomplete", "email");
    await expect(canvas.getByLabelText(/^Email/)).toHaveAttribute("type", "email");
    await expect(canvas.getByLabelText(/^Password/)).toHaveAttribute("autocomplete", "current-password");
    await expect(canvas.getByRole("button", { name: "Sign In" })).toBeEnabled();
  },
};

/** Enter in the password field submits the trimmed-as-typed values. */
export const SubmitsWithEnter: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^Email/), "marco@example.com");
    await userEvent.type(canvas.getByLabelText(/^Password/), "night-owl-42{Enter}");
    await expect(args.onSubmit).toHaveBeenCalledWith({ email: "marco@example.com", password: "night-owl-42" });
  },
};

export const Submitting: Story = {
  args: { busy: true, defaultValues: { email: "marco@example.com", password: "night-owl-42" } },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "Signing in..." });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute("aria-busy", "true");
  },
};

/** Another action of the screen is under way: this button waits. */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Sign In" })).toBeDisabled();
  },
};

export const ServerError: Story = {
  args: { error: "Invalid email or password", defaultValues: { email: "marco@example.com" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Invalid email or password");
  },
};

/** The form's own check: the empty fields are marked, the first one gets the focus. */
export const MissingFields: Story = {
  args: { validate: validateAuthSignIn },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^Email/), "marco@example.com");
    await userEvent.click(canvas.getByRole("button", { name: "Sign In" }));
    await expect(canvas.getByRole("alert")).toHaveTextContent("Email and password are required");
    await expect(canvas.getByLabelText(/^Password/)).toHaveAttribute("aria-invalid", "true");
    await expect(canvas.getByLabelText(/^Email/)).not.toHaveAttribute("aria-invalid");
    await expect(canvas.getByLabelText(/^Password/)).toHaveFocus();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Typing into a marked field clears the problem. */
export const TypingClearsTheProblem: Story = {
  args: { validate: validateAuthSignIn },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Sign In" }));
    await expect(canvas.getByRole("alert")).toHaveTextContent("Email and password are required");
    await userEvent.type(canvas.getByLabelText(/^Email/), "marco@example.com");
    await expect(canvas.queryByRole("alert")).toBeNull();
    await expect(canvas.getByLabelText(/^Email/)).not.toHaveAttribute("aria-invalid");
    await expect(canvas.getByLabelText(/^Password/)).not.toHaveAttribute("aria-invalid");
  },
};

/** With the browser's checks (/join): empty required fields stop the submission. */
export const BrowserChecks: Story = {
  args: { nativeValidation: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Sign In" }));
    await expect(canvas.getByLabelText(/^Email/)).toBeRequired();
    await expect((canvas.getByLabelText(/^Email/) as HTMLInputElement).validity.valueMissing).toBe(true);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};
