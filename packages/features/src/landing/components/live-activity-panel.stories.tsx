import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { LiveActivityPanel } from "./live-activity-panel";
import { INITIAL_DEMO_ACTIVITY, SAMPLE_PEOPLE } from "../model/demo-activity";

const meta = {
  title: "Features/Landing/LiveActivityPanel",
  component: LiveActivityPanel,
  tags: ["mobile", "desktop"],
  args: { activity: INITIAL_DEMO_ACTIVITY, people: SAMPLE_PEOPLE },
} satisfies Meta<typeof LiveActivityPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AtStart: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId("demo-online")).toHaveTextContent("247");
    await expect(canvas.getByText("Online · 0.8 km")).toBeVisible();
    await expect(canvas.getByText("Away · 1.6 km")).toBeVisible();
    await expect(canvas.getByText("Busy · 2.4 km")).toBeVisible();
  },
};

/** Large figures and the countdown's last second still fit. */
export const LargeFigures: Story = {
  args: { activity: { online: 12345, nearby: 999, countdownSeconds: 1 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId("demo-countdown")).toHaveTextContent("1s");
  },
};
