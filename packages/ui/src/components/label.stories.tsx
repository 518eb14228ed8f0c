import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Input } from "./input";
import { Label } from "./label";

const meta = {
  title: "UI/Label",
  component: Label,
  parameters: {
    docs: {
      description: {
        component: `A form label (Radix Label): clicking it focuses its control, and it never selects its own text. It dims when the control before it (a \`peer\`) is disabled.

- **Do** point it at its control with \`htmlFor\`; \`FormField\` does that for you.
- **Do** put it before a text field, and after a \`Checkbox\` or a \`Switch\`.
- **Don't** use it as a heading, or for text that names no control.`,
      },
    },
  },
  args: { children: "Display name" },
} satisfies Meta<typeof Label>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args) => (
    <div className="grid max-w-sm gap-2">
      <Label {...args} htmlFor="label-story-name" />
      <Input id="label-story-name" defaultValue="Sam" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText("Display name"));
    await expect(canvas.getByRole("textbox", { name: "Display name" })).toHaveFocus();
  },
};

export const DisabledControl: Story = {
  render: (args) => (
    <div className="flex items-center gap-2">
      <input id="label-story-check" type="checkbox" className="peer size-4 accent-accent" disabled />
      <Label {...args} htmlFor="label-story-check">
        Show me in Right Now
      </Label>
    </div>
  ),
};
