import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { http, HttpResponse } from "msw";
import { AD_GRID_EVERY, API_PATHS } from "@vicinity/contract";
import { nearbyUsersFixture, nearbyUsersPage2Fixture } from "../../../../../mocks/fixtures/nearby";
import { adsHandlers, discoveryHandlers, mediaHandlers } from "../../../../../mocks/handlers";
import { DiscoveryPanel, NearbyUserGrid, NearbyUserGridSkeleton } from "@vicinity/features/discovery";
import { AdSlotsContext } from "@vicinity/features/shared";
import { MemberAdSlots } from "./ad-slots";

const JACKSONVILLE = { latitude: 30.3322, longitude: -81.6557, source: "device" as const };

/**
 * The Discover Users tab as a member's home shows it: here, in the composition place, because its
 * grid shows the ads feature's ad after each screenful of cards (the ads his session gives).
 */
const meta = {
  title: "Features/Discovery/DiscoveryPanel",
  component: DiscoveryPanel,
  tags: ["mobile", "desktop"],
  args: { location: JACKSONVILLE },
  parameters: { msw: { handlers: { media: mediaHandlers.portraits } } },
  decorators: [
    (Story) => (
      <AdSlotsContext.Provider value={MemberAdSlots}>
        <Story />
      </AdSlotsContext.Provider>
    ),
  ],
} satisfies Meta<typeof DiscoveryPanel>;

/** Every card's photo has loaded (cards with photos show <img> once it has). */
async function photosShown(canvasElement: HTMLElement) {
  await waitFor(() => {
    const cards = within(canvasElement).getAllByTestId("nearby-user-card");
    const withPhoto = cards.filter((c) => c.querySelector("[data-slot=avatar-image]"));
    expect(withPhoto.length).toBeGreaterThanOrEqual(1);
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
}

export default meta;
type Story = StoryObj<typeof meta>;

/** Three columns of nearby members, nearest first; more load at the end of the grid. */
export const Loaded: Story = {
  parameters: { msw: { handlers: { nearby: discoveryHandlers.onePage } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole("list", { name: "Members nearby" });
    await expect(within(list).getAllByTestId("nearby-user-card")).toHaveLength(9);
    await expect(getComputedStyle(list).gridTemplateColumns.split(" ")).toHaveLength(3);
    await expect(canvas.getByRole("button", { name: "Nearest" })).toHaveAttribute("aria-pressed", "true");
    await photosShown(canvasElement);
  },
};

// 15 members: the 12 of the fixtures and 3 more.
const screenAndABit = [
  ...nearbyUsersFixture,
  ...nearbyUsersPage2Fixture,
  ...nearbyUsersFixture.slice(0, 3).map((u, i) => ({ ...u, id: `u_more_${i}`, username: `more${i}` })),
];

/**
 * More than a screenful: after every AD_GRID_EVERY cards, one ad (a member's grid only), labelled
 * Sponsored. The ad is asked for when the card before it comes within half a screen of sight.
 */
export const WithAd: Story = {
  parameters: {
    msw: {
      handlers: {
        nearby: [http.get(API_PATHS.nearby, () => HttpResponse.json(screenAndABit))],
        ads: adsHandlers.served(),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole("list", { name: "Members nearby" });
    // The grid draws a screenful first, then the rest.
    await waitFor(() => expect(within(list).getAllByTestId("nearby-user-card")).toHaveLength(screenAndABit.length));
    await expect(list).not.toHaveAttribute("aria-busy");
    within(list).getAllByTestId("nearby-user-card")[AD_GRID_EVERY - 1]?.scrollIntoView({ block: "center" });
    const ad = await within(list).findByRole("complementary", { name: /^Sponsored: / });
    // The ad's row comes right after the twelfth card.
    const items = [...list.children];
    const adRow = items.findIndex((li) => li.contains(ad));
    await expect(items.slice(0, adRow).filter((li) => li.querySelector("[data-testid=nearby-user-card]"))).toHaveLength(
      AD_GRID_EVERY,
    );
    await photosShown(canvasElement);
  },
};

/** Best match: the server's order by score, each card explaining its figure. */
export const BestMatch: Story = {
  parameters: { msw: { handlers: { nearby: discoveryHandlers.onePage } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("list", { name: "Members nearby" });
    await userEvent.click(canvas.getByRole("button", { name: "Best match" }));
    await expect(canvas.getByRole("button", { name: "Best match" })).toHaveAttribute("aria-pressed", "true");
    const scores = () => canvas.getAllByTestId("match").map((el) => Number.parseInt(el.textContent ?? "0", 10));
    await waitFor(() => expect([...scores()].sort((a, b) => b - a)).toEqual(scores()));
    await expect(canvas.getAllByTestId("match")[0]).toHaveTextContent("100% match · 3 shared interests");
    await photosShown(canvasElement);
  },
};

/** The Right Now filter: only members who are up for meeting now. */
export const RightNowFilter: Story = {
  parameters: { msw: { handlers: { nearby: discoveryHandlers.onePage } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("list", { name: "Members nearby" });
    await userEvent.click(canvas.getByRole("button", { name: "Right Now" }));
    await waitFor(() => expect(canvas.getAllByTestId("nearby-user-card")).toHaveLength(1));
    await expect(canvas.getByText("Right Now: Free for coffee")).toBeInTheDocument();
    await photosShown(canvasElement);
  },
};

/** Nobody is Right Now: the filter can be switched off from the empty state. */
export const RightNowEmpty: Story = {
  parameters: { msw: { handlers: { nearby: discoveryHandlers.empty } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The toolbar is drawn again when the first answer comes: click the one that stays.
    await canvas.findByRole("heading", { name: "No Users Found" });
    await userEvent.click(canvas.getByRole("button", { name: "Right Now" }));
    await expect(await canvas.findByRole("heading", { name: "Nobody is Right Now nearby" })).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Show everyone" }));
    await expect(await canvas.findByRole("heading", { name: "No Users Found" })).toBeVisible();
  },
};

export const InfiniteScroll: Story = {
  tags: ["!mobile"],
  parameters: { msw: { handlers: { nearby: discoveryHandlers.success } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("list", { name: "Members nearby" });
    const more = canvas.queryByRole("button", { name: "Show more" });
    if (more) await userEvent.click(more);
    await waitFor(() => expect(canvas.getAllByTestId("nearby-user-card")).toHaveLength(12));
    await expect(canvas.queryByRole("button", { name: "Show more" })).toBeNull();
    await photosShown(canvasElement);
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { nearby: discoveryHandlers.loading } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("status")).toHaveTextContent(
      "Finding amazing people nearby...",
    );
  },
};

/** Asking the device for its position (no location yet). */
export const Locating: Story = {
  args: { location: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Finding amazing people nearby...");
  },
};

/**
 * The device has not answered (or will not say): the member's last shared place stands in
 * (docs/decisions/0029). His members are shown without the Jacksonville note, which belongs to
 * the spec's fallback only.
 */
export const LastKnownPlace: Story = {
  args: { location: { ...JACKSONVILLE, source: "last-known" } },
  parameters: { msw: { handlers: { nearby: discoveryHandlers.onePage } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole("list", { name: "Members nearby" });
    await expect(within(list).getAllByTestId("nearby-user-card")).toHaveLength(9);
    await expect(canvas.queryByText(/Showing members near Jacksonville/)).toBeNull();
    await photosShown(canvasElement);
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { nearby: discoveryHandlers.empty } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { name: "No Users Found" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Expand Search" })).toBeVisible();
  },
};

/** Expand Search: 25, then 50, then 100 km. */
export const ExpandSearch: Story = {
  parameters: { msw: { handlers: { nearby: discoveryHandlers.emptyUntilExpanded } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Expand Search" }));
    await expect(await canvas.findByRole("list", { name: "Members nearby" })).toBeVisible();
  },
};

export const Failed: Story = {
  parameters: { msw: { handlers: { nearby: discoveryHandlers.error } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("alert")).toHaveTextContent("Failed to fetch nearby users: 503");
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled();
  },
};

/** The presentational grid and its skeleton (NearbyUserGrid, NearbyUserGridSkeleton). */
export const GridSkeleton: StoryObj<typeof NearbyUserGridSkeleton> = {
  render: () => <NearbyUserGridSkeleton count={6} />,
};

export const GridOnly: StoryObj<typeof NearbyUserGrid> = {
  render: () => (
    <NearbyUserGrid
      users={[]}
      footer={<p className="py-4 text-center text-sm text-muted-foreground">End of the grid</p>}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("End of the grid")).toBeVisible();
  },
};
