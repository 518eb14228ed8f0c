import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Label } from "./label";
import { Switch } from "./switch";

const meta = {
  title: "UI/Switch",
  component: Switch,
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
