import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { LandingFooter } from "./landing-footer";
import { BrandMark } from "@vicinity/features/shared";

const meta = {
  title: "Features/Landing/LandingFooter",
  component: LandingFooter,
  tags: ["mobile", "desktop"],
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof LandingFooter>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/for adults 18\+ only/)).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Terms" })).toHaveAttribute("href", "/terms");
    await expect(canvas.getByRole("link", { name: "Privacy" })).toHaveAttribute("href", "/privacy");
  },
};

/** The wordmark used in headers (BrandMark). */
export const Wordmark: StoryObj<typeof BrandMark> = {
  render: () => (
    <div className="p-6">
      <BrandMark />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Vicinity")).toBeVisible();
  },
};
