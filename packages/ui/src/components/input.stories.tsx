import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Input } from "./input";

const meta = {
  title: "UI/Input",
  component: Input,
  parameters: {
    docs: {
      description: {
        component: `A single-line text field: an email address, a name, a search, a number. Inside a \`FormField\` it gets its label, hint and error.

- **Sizes** (\`inputSize\`): \`sm\` 32 px, \`md\` 40 px (the default), \`lg\` 48 px (the auth screens).
- **Invalid**: \`aria-invalid\` draws the error border; \`FormField\` sets it from its \`error\`.
- **Do** set the right \`type\` and \`autoComplete\` (and \`inputMode\` for numbers), so phones show the right keyboard and browsers can fill it in.
- **Don't** leave it without a label: a \`FormField\`, a \`<Label htmlFor>\`, or an \`aria-label\` where the context names it.
- **Don't** use it for passwords (\`PasswordInput\`) or for a list of words (\`TagInput\`).`,
      },
    },
  },
  args: { "aria-label": "Email", type: "email", placeholder: "you@example.com" },
  decorators: [
    (Story) => (
      <div className="max-w-sm">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Input>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Email" });
    await userEvent.type(input, "sam@vicinity.app");
    await expect(input).toHaveValue("sam@vicinity.app");
  },
};

export const WithValue: Story = {
  args: { defaultValue: "sam@vicinity.app" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("textbox", { name: "Email" })).toHaveValue("sam@vicinity.app");
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: "sam@vicinity.app" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("textbox", { name: "Email" })).toBeDisabled();
  },
};

export const Invalid: Story = {
  args: { "aria-invalid": true, defaultValue: "sam@vicinity" },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Email" });
    await expect(input).toBeInvalid();
    await expect(input.className).toContain("aria-invalid:border-destructive");
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div className="grid gap-3">
      <Input {...args} inputSize="sm" aria-label="Small" />
      <Input {...args} inputSize="md" aria-label="Medium" />
      <Input {...args} inputSize="lg" aria-label="Large" />
    </div>
  ),
};
