import { useState, type ReactNode } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useQueryClient } from "@tanstack/react-query";
import { expect, screen, userEvent, waitFor, within } from "storybook/test";
import { http, HttpResponse } from "msw";
import { AD_GRID_EVERY, API_PATHS, NO_MEMBER_FILTERS, type SessionUser } from "@vicinity/contract";
import { nearbyUsersFixture, nearbyUsersPage2Fixture } from "../../../../../mocks/fixtures/nearby";
import { adsHandlers, discoveryHandlers, mediaHandlers, profileHandlers } from "../../../../../mocks/handlers";
import { profileSettingsUserFixture } from "../../../../../mocks/fixtures/profile-settings";
import { DiscoveryPanel, NearbyUserGrid, NearbyUserGridSkeleton } from "@vicinity/features/discovery";
import { AdSlotsContext, currentUserQueryKey } from "@vicinity/features/shared";
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

/** Nobody is Right Now: the filter can be switched off from the empty state (focus goes back to the Right Now chip). */
export const RightNowEmpty: Story = {
  parameters: { msw: { handlers: { nearby: discoveryHandlers.empty } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { name: "No Users Found" });
    const chip = canvas.getByRole("button", { name: "Right Now" });
    await userEvent.click(chip);
    await expect(await canvas.findByRole("heading", { name: "Nobody is Right Now nearby" })).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Show everyone" }));
    await expect(await canvas.findByRole("heading", { name: "No Users Found" })).toBeVisible();
    // The toolbar stayed through every state: the very chip he pressed, and it has the focus.
    await expect(canvas.getByRole("button", { name: "Right Now" })).toBe(chip);
    await expect(chip).toHaveFocus();
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

/** The member the app's shell has already loaded (his saved filters come with him). */
function SignedIn({ user, children }: { user: SessionUser; children: ReactNode }) {
  const queryClient = useQueryClient();
  useState(() => queryClient.setQueryData(currentUserQueryKey, user));
  return children;
}
const signedIn = (user: SessionUser) => (Story: () => ReactNode) => (
  <SignedIn user={user}>
    <Story />
  </SignedIn>
);

/** The cards' ages ("34 years old"). */
const agesShown = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByTestId("nearby-user-card")
    .map((card) => Number(/(\d+) years old/.exec(card.textContent ?? "")?.[1]));

async function openFilters(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole("list", { name: "Members nearby" });
  await userEvent.click(canvas.getByRole("button", { name: "Filters" }));
  return within(await screen.findByRole("dialog", { name: "Filters" }));
}

/** A member applies an age range and Online now: the grid narrows, the button counts 2, his choice is saved. */
export const FiltersApplied: Story = {
  decorators: [signedIn(profileSettingsUserFixture)],
  parameters: { msw: { handlers: { nearby: discoveryHandlers.onePage, profile: profileHandlers.savedFilters } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const before = (await openFilters(canvasElement)) && canvas.getAllByTestId("nearby-user-card").length;
    const sheet = within(screen.getByRole("dialog", { name: "Filters" }));
    await userEvent.clear(sheet.getByLabelText("From"));
    await userEvent.type(sheet.getByLabelText("From"), "30");
    await userEvent.clear(sheet.getByLabelText("To"));
    await userEvent.type(sheet.getByLabelText("To"), "40");
    await userEvent.click(sheet.getByRole("button", { name: "Online now" }));
    await userEvent.click(sheet.getByRole("button", { name: "Show members" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await expect(await canvas.findByRole("button", { name: "Filters, 2 on" })).toBeVisible();
    await waitFor(() => expect(canvas.getAllByTestId("nearby-user-card").length).toBeLessThan(before));
    for (const age of agesShown(canvasElement)) {
      await expect(age).toBeGreaterThanOrEqual(30);
      await expect(age).toBeLessThanOrEqual(40);
    }
    await photosShown(canvasElement);
  },
};

/** A member shows only his Favorites (issue 38): the two he starred, online or not, each with its star. */
export const FavoritesOnly: Story = {
  decorators: [signedIn(profileSettingsUserFixture)],
  parameters: { msw: { handlers: { nearby: discoveryHandlers.onePage, profile: profileHandlers.savedFilters } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sheet = await openFilters(canvasElement);
    await userEvent.click(sheet.getByRole("button", { name: "Favorites" }));
    await expect(sheet.getByRole("button", { name: "Favorites" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(sheet.getByRole("button", { name: "Show members" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await expect(await canvas.findByRole("button", { name: "Filters, 1 on" })).toBeVisible();
    await waitFor(() => expect(canvas.getAllByTestId("nearby-user-card")).toHaveLength(2));
    await expect(canvas.getAllByTestId("favorite-mark")).toHaveLength(2);
    await expect(canvas.getByRole("heading", { name: "Omar" })).toBeVisible();
    await expect(canvas.getByRole("heading", { name: /^Felix/ })).toBeVisible();
    await photosShown(canvasElement);
  },
};

/** Opened from an address that names filters (a link, a reload): the grid is filtered from the start. */
export const FiltersFromAddress: Story = {
  tags: ["!mobile"],
  parameters: {
    route: "/?ageMin=30&ageMax=40&online=true",
    msw: { handlers: { nearby: discoveryHandlers.onePage } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("button", { name: "Filters, 2 on" })).toBeVisible();
    await canvas.findByRole("list", { name: "Members nearby" });
    for (const age of agesShown(canvasElement)) await expect(age).toBeGreaterThanOrEqual(30);
    await photosShown(canvasElement);
  },
};

/** His saved filters apply when the address names none. */
export const FiltersSaved: Story = {
  tags: ["!mobile"],
  decorators: [
    signedIn({ ...profileSettingsUserFixture, nearbyFilters: { ...NO_MEMBER_FILTERS, ageMin: 35, ageMax: 99 } }),
  ],
  parameters: { msw: { handlers: { nearby: discoveryHandlers.onePage } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("button", { name: "Filters, 1 on" })).toBeVisible();
    await canvas.findByRole("list", { name: "Members nearby" });
    for (const age of agesShown(canvasElement)) await expect(age).toBeGreaterThanOrEqual(35);
    await photosShown(canvasElement);
  },
};

/**
 * Nobody passes: say so, and offer to widen the search or clear the filters. Clearing them takes the empty
 * state, and its button, away: focus goes to the Filters button, never to the page's body.
 */
export const FiltersNoMatch: Story = {
  parameters: { route: "/?ageMin=90&position=side", msw: { handlers: { nearby: discoveryHandlers.onePage } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { name: "Nobody matches your filters" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Expand Search" })).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Clear filters" }));
    await expect(await canvas.findByRole("list", { name: "Members nearby" })).toBeVisible();
    await expect(canvasElement.ownerDocument.activeElement).not.toBe(canvasElement.ownerDocument.body);
    await expect(canvas.getByRole("button", { name: "Filters" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Filters" })).toHaveFocus();
  },
};

/** Ages that make no range: said at once, nothing applied. */
export const FiltersAgeError: Story = {
  parameters: { msw: { handlers: { nearby: discoveryHandlers.onePage } } },
  play: async ({ canvasElement }) => {
    const sheet = await openFilters(canvasElement);
    await userEvent.clear(sheet.getByLabelText("From"));
    await userEvent.type(sheet.getByLabelText("From"), "45");
    await userEvent.clear(sheet.getByLabelText("To"));
    await userEvent.type(sheet.getByLabelText("To"), "30");
    // Nothing said while he types; "Show members" waits for a range.
    await expect(sheet.queryByRole("alert")).toBeNull();
    await expect(sheet.getByRole("button", { name: "Show members" })).toBeDisabled();
    await userEvent.tab();
    await expect(sheet.getByRole("alert")).toHaveTextContent("The first age must not be above the second.");
    await expect(sheet.getByLabelText("To")).toHaveAccessibleDescription("The first age must not be above the second.");
    await userEvent.clear(sheet.getByLabelText("To"));
    await expect(sheet.getByRole("alert")).toHaveTextContent("Ages go from 18 to 99.");
  },
};

/** Saving fails (the server is down): the filters still apply on the page, and he is told they were not kept. */
export const FiltersNotSaved: Story = {
  tags: ["!mobile"],
  decorators: [signedIn(profileSettingsUserFixture)],
  parameters: {
    msw: { handlers: { nearby: discoveryHandlers.onePage, profile: profileHandlers.savedFiltersFailure } },
  },
  play: async ({ canvasElement }) => {
    const sheet = await openFilters(canvasElement);
    await userEvent.click(sheet.getByRole("button", { name: "With photos" }));
    await userEvent.click(sheet.getByRole("button", { name: "Show members" }));
    // The toast slides in: wait until it is shown.
    await waitFor(() => expect(screen.getByText("Your filters were not saved")).toBeVisible());
    await expect(screen.getByText("Service unavailable. They still apply on this page.")).toBeVisible();
    await expect(within(canvasElement).getByRole("button", { name: "Filters, 1 on" })).toBeVisible();
  },
};
