import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Progress } from "./progress";

const meta = {
  title: "UI/Progress",
  component: Progress,
  parameters: {
    docs: {
      description: {
        component: `How far along a task is: a photo's upload, a profile's completion. Radix Progress with \`value\` from 0 to 100 (clamped); \`value={null}\` is indeterminate, a pulsing bar.

- **Sizes**: \`sm\`, \`md\` (the default), \`lg\`. **Tones**: \`accent\` (the default) and \`success\` (done).
- **Do** name it with \`aria-label\` or \`aria-labelledby\` ("Uploading photo"), and show the figure as text where it matters ("40%").
- **Don't** use it for a wait with no steps, such as a page loading: use \`Skeleton\` or \`Spinner\`.`,
      },
    },
  },
  args: { "aria-label": "Profile completion", value: 25 },
  decorators: [
    (Story) => (
      <div className="max-w-sm">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Progress>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  name: "0%",
  args: { value: 0 },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole("progressbar", { name: "Profile completion" });
    await expect(bar).toHaveAttribute("aria-valuenow", "0");
  },
};

export const Quarter: Story = {
  name: "25%",
  args: { value: 25 },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole("progressbar", { name: "Profile completion" });
    await expect(bar).toHaveAttribute("aria-valuenow", "25");
    await expect(bar).toHaveAttribute("aria-valuemax", "100");
  },
};

export const Complete: Story = {
  name: "100%",
  args: { value: 100, tone: "success" },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole("progressbar", { name: "Profile completion" });
    await expect(bar).toHaveAttribute("aria-valuenow", "100");
    await expect(bar).toHaveAttribute("data-state", "complete");
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div className="grid gap-4">
      <Progress {...args} size="sm" aria-label="Small" value={40} />
      <Progress {...args} size="md" aria-label="Medium" value={60} />
      <Progress {...args} size="lg" aria-label="Large" value={80} />
    </div>
  ),
};
