import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { HeadlineStats } from "./headline-stats";
import { HEADLINE_STATS } from "../model/demo-activity";

const meta = {
  title: "Features/Landing/HeadlineStats",
  component: HeadlineStats,
  tags: ["mobile", "desktop"],
  args: { stats: HEADLINE_STATS },
} satisfies Meta<typeof HeadlineStats>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const values = within(canvasElement)
      .getAllByRole("definition")
      .map((d) => d.textContent);
    await expect(values).toEqual(["2.3M+", "850K+", "4.8", "24/7"]);
  },
};
