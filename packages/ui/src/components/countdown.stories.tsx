import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Countdown, formatCountdown } from "./countdown";

const meta = {
  title: "UI/Countdown",
  component: Countdown,
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
