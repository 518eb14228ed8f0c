import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Countdown, formatCountdown } from "./countdown";

const meta = {
  title: "UI/Countdown",
  component: Countdown,
  parameters: {
    docs: {
      description: {
        component: `Time remaining, as text: "2h 48m 15s" (\`hms\`, the default; leading zero units dropped) or "02:48:15" (\`clock\`). It is a \`<time role="timer">\` with the ISO 8601 duration in \`dateTime\`.

- **Do** tick it from the parent: it does not count by itself. Pass new \`seconds\` each second.
- **Do** use \`hms\` in sentences ("ends in 48m 15s") and \`clock\` where space is tight.
- **Don't** use it for a date or an elapsed time ("3 hours ago"). Negative values show 0.`,
      },
    },
  },
  args: { seconds: 2 * 3600 + 48 * 60 + 15 },
  render: (args) => (
    <p className="text-lg">
      Next match in <Countdown {...args} className="font-display text-accent-text" />
    </p>
  ),
} satisfies Meta<typeof Countdown>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Hms: Story = {
  play: async ({ canvasElement }) => {
    const timer = within(canvasElement).getByRole("timer");
    await expect(timer).toHaveTextContent(/^2h 48m 15s$/);
    await expect(timer.tagName).toBe("TIME");
    await expect(timer).toHaveAttribute("datetime", "PT2H48M15S");
  },
};

export const Clock: Story = {
  args: { format: "clock" },
  play: async ({ canvasElement }) => {
    const timer = within(canvasElement).getByRole("timer");
    await expect(timer).toHaveTextContent(/^02:48:15$/);
    await expect(timer).toHaveAttribute("datetime", "PT2H48M15S");
  },
};

export const Zero: Story = {
  args: { seconds: 0 },
  play: async ({ canvasElement }) => {
    const timer = within(canvasElement).getByRole("timer");
    await expect(timer).toHaveTextContent(/^0s$/);
    await expect(timer).toHaveAttribute("datetime", "PT0S");
    await expect(formatCountdown(0, "clock")).toBe("00:00:00");
  },
};

export const Negative: Story = {
  name: "Negative counts as zero",
  args: { seconds: -42, format: "clock" },
  play: async ({ canvasElement }) => {
    const timer = within(canvasElement).getByRole("timer");
    await expect(timer).toHaveTextContent(/^00:00:00$/);
    await expect(timer).toHaveAttribute("datetime", "PT0S");
  },
};

export const UnderAnHour: Story = {
  args: { seconds: 9 * 60 + 5 },
  play: async ({ canvasElement }) => {
    const timer = within(canvasElement).getByRole("timer");
    await expect(timer).toHaveTextContent(/^9m 5s$/);
    await expect(timer).toHaveAttribute("datetime", "PT9M5S");
  },
};
