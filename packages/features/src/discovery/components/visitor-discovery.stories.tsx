import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor, within } from "storybook/test";
import { discoveryHandlers, mediaHandlers } from "../../../../../mocks/handlers";
import { DiscoveryPanel } from "./discovery-panel";
import { NearbyUserGrid } from "./nearby-user-grid";

const JACKSONVILLE = { latitude: 30.3322, longitude: -81.6557, source: "device" as const };

/**
 * The nearby grid as a visitor or guest browses it (/browse, limited mode): no sort, no ads. A
 * member's, with its ads, is Features/Discovery/DiscoveryPanel.
 */
const meta = {
  title: "Features/Discovery/VisitorDiscovery",
  component: DiscoveryPanel,
  subcomponents: { NearbyUserGrid },
  tags: ["mobile", "desktop"],
  args: { location: JACKSONVILLE, limited: true },
  parameters: { msw: { handlers: { media: mediaHandlers.portraits, nearby: discoveryHandlers.onePage } } },
} satisfies Meta<typeof DiscoveryPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Limited: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole("list", { name: "Members nearby" });
    await expect(within(list).getAllByTestId("nearby-user-card")).toHaveLength(9);
    await expect(canvas.queryByRole("group", { name: "Sort" })).toBeNull();
    await expect(canvas.getByRole("button", { name: "Right Now" })).toHaveAttribute("aria-pressed", "false");
    // Every card's photo has loaded before the picture is taken.
    await waitFor(() =>
      expect(
        within(list)
          .getAllByTestId("nearby-user-card")
          .some((c) => c.querySelector("[data-slot=avatar-image]")),
      ).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
  },
};
