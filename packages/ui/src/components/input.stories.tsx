import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Input } from "./input";

const meta = {
  title: "UI/Input",
  component: Input,
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
