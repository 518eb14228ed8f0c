import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { DemoClockContext } from "@vicinity/features/landing";
import { LandingInApp } from "./landing-in-app";

/**
 * The landing page as the app shows it after a move to "/" (a logout, the 404 page's "Back to
 * Home"): the same page as the one the server sends visitors, with the router's links.
 */
const meta = {
  title: "Features/Shell/LandingInApp",
  component: LandingInApp,
  tags: ["desktop"],
  parameters: { layout: "fullscreen" },
  decorators: [
    (Story) => (
      <DemoClockContext.Provider value={{ mode: "frozen", ticks: 0, seed: 2026 }}>
        <Story />
      </DemoClockContext.Provider>
    ),
  ],
} satisfies Meta<typeof LandingInApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const InTheApp: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toBeVisible();
    // The router's links: same addresses as the stand-alone page's plain anchors.
    const links = canvas.getAllByRole("link").map((a) => a.getAttribute("href"));
    await expect(links).toContain("/join");
  },
};
