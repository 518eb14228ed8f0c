import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { FormField } from "./form-field";
import { Input } from "./input";
import { PasswordInput } from "./password-input";

const meta = {
  title: "UI/FormField",
  component: FormField,
  parameters: {
    docs: {
      description: {
        component: `A label, one control, an optional hint and an optional error, wired together: the control gets its \`id\`, \`aria-describedby\` (the hint and the error), \`aria-invalid\` and \`aria-required\`.

- **Children**: one element (an \`Input\`, a \`PasswordInput\`, a \`SelectTrigger\`), or a function that receives those props, for a control that needs them on an inner element (\`TagInput\`).
- \`error\` marks the control invalid and is announced (\`role="alert"\`); \`required\` adds an asterisk that screen readers skip (they hear "required").
- **Do** use it for every labelled control, so none misses its label or its error.
- **Do** write errors that say how to fix the value: "Title must be at least 3 characters".
- **Don't** use placeholder text instead of a label.`,
      },
    },
  },
  args: { label: "Email", children: <Input type="email" placeholder="you@example.com" /> },
  decorators: [
    (Story) => (
      <div className="max-w-sm">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FormField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Email" });
    await expect(input).not.toHaveAttribute("aria-invalid");
    await expect(input).not.toHaveAttribute("aria-describedby");
  },
};

export const WithHint: Story = {
  args: { hint: "We never show your email to other members." },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Email" });
    await expect(input).toHaveAccessibleDescription("We never show your email to other members.");
  },
};

export const WithError: Story = {
  args: {
    hint: "We never show your email to other members.",
    error: "Enter an email address like name@example.com.",
    children: <Input type="email" defaultValue="sam@vicinity" />,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole("textbox", { name: "Email" });
    await expect(input).toBeInvalid();
    await expect(input).toHaveAccessibleDescription(
      "We never show your email to other members. Enter an email address like name@example.com.",
    );
    await expect(canvas.getByRole("alert")).toHaveTextContent("Enter an email address like name@example.com.");
  },
};

export const Required: Story = {
  args: { required: true, label: "Display name", children: <Input autoComplete="nickname" /> },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole("textbox", { name: "Display name" });
    await expect(input).toBeRequired();
  },
};

export const WithPasswordInput: Story = {
  args: {
    label: "Password",
    hint: "At least 8 characters.",
    children: <PasswordInput autoComplete="new-password" />,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText("Password");
    await expect(input).toHaveAttribute("type", "password");
    await expect(input).toHaveAccessibleDescription("At least 8 characters.");
    await expect(canvas.getByRole("button", { name: "Show password" })).toHaveAttribute("aria-controls", input.id);
  },
};

export const RenderProp: Story = {
  args: {
    label: "About you",
    hint: "Up to 300 characters.",
    children: (control) => (
      <textarea
        {...control}
        rows={3}
        defaultValue="Night owl, jazz bars, late ramen."
        className="rounded-md border border-input bg-surface p-3 text-sm text-foreground"
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const textarea = within(canvasElement).getByRole("textbox", { name: "About you" });
    await expect(textarea).toHaveAccessibleDescription("Up to 300 characters.");
  },
};
