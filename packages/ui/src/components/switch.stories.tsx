import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Label } from "./label";
import { Switch } from "./switch";

const meta = {
  title: "UI/Switch",
  component: Switch,
  parameters: {
    docs: {
      description: {
        component: `An on/off setting that takes effect at once: private mode, mute a group chat (Radix, role "switch": Space or Enter flips it).

- **Do** label it with a \`<Label htmlFor>\` after it (or an \`aria-label\`), saying what is on when it is on: "Mute the group chat".
- **Do** apply the change at once, and put it back with a message if the server refuses.
- **Don't** use it in a form that is saved with a button: use \`Checkbox\`.`,
      },
    },
  },
  render: (args) => (
    <div className="grid gap-4">
      <div className="flex items-center gap-3">
        <Switch id="mute" {...args} />
        <Label htmlFor="mute">Mute the group chat</Label>
      </div>
      <div className="flex items-center gap-3">
        <Switch id="locked" disabled defaultChecked />
        <Label htmlFor="locked">Admin (the last one cannot be revoked)</Label>
      </div>
    </div>
  ),
} satisfies Meta<typeof Switch>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Off, then on by a click and off again by Space. */
export const Toggle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const mute = canvas.getByRole("switch", { name: "Mute the group chat" });
    await expect(mute).not.toBeChecked();
    await userEvent.click(mute);
    await expect(mute).toBeChecked();
    await userEvent.keyboard(" ");
    await expect(mute).not.toBeChecked();
    await expect(canvas.getByRole("switch", { name: /Admin/ })).toBeDisabled();
  },
};

export const On: Story = {
  args: { defaultChecked: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("switch", { name: "Mute the group chat" })).toBeChecked();
  },
};
