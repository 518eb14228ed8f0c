import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { PasswordInput } from "./password-input";

const meta = {
  title: "UI/PasswordInput",
  component: PasswordInput,
  parameters: {
    docs: {
      description: {
        component: `A password field with a button that shows or hides what was typed (a toggle button named "Show password" or "Hide password", with \`aria-pressed\`).

- It takes \`Input\`'s props and sizes; \`className\` goes to the field, \`wrapperClassName\` to its wrapper; \`defaultVisible\` starts it shown.
- **Do** set \`autoComplete\`: \`current-password\` (the default) to sign in, \`new-password\` to sign up or to change it.
- **Do** put it in a \`FormField\`, for its label and its errors (too short, too common).
- **Don't** block pasting, and don't show the password by default.`,
      },
    },
  },
  args: { "aria-label": "Password", defaultValue: "night-owl-42" },
  decorators: [
    (Story) => (
      <div className="max-w-sm">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PasswordInput>;

export default meta;
type Story = StoryObj<typeof meta>;

const passwordField = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLInputElement>('[data-slot="input"]');

export const Hidden: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText("Password")).toHaveAttribute("type", "password");
    const toggle = canvas.getByRole("button", { name: "Show password" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
  },
};

export const Shown: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText("Password");
    await expect(input).toHaveAttribute("type", "password");
    await userEvent.click(canvas.getByRole("button", { name: "Show password" }));
    await expect(input).toHaveAttribute("type", "text");
    const toggle = canvas.getByRole("button", { name: "Hide password" });
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(passwordField(canvasElement)).toHaveValue("night-owl-42");
  },
};

export const KeyboardToggle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText("Password");
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "Show password" })).toHaveFocus();
    await userEvent.keyboard(" ");
    await expect(input).toHaveAttribute("type", "text");
    await userEvent.keyboard("{Enter}");
    await expect(input).toHaveAttribute("type", "password");
    await expect(canvas.getByRole("button", { name: "Show password" })).toHaveFocus();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText("Password")).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Show password" })).toBeDisabled();
  },
};
