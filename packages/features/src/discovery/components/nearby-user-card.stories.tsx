import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { nearbyUsersFixture } from "../../../../../mocks/fixtures/nearby";
import { mediaHandlers } from "../../../../../mocks/handlers";
import { NearbyUserCard } from "./nearby-user-card";

const [online, rightNow, offline, hidden, longBio, noName] = nearbyUsersFixture as [
  (typeof nearbyUsersFixture)[number],
  (typeof nearbyUsersFixture)[number],
  (typeof nearbyUsersFixture)[number],
  (typeof nearbyUsersFixture)[number],
  (typeof nearbyUsersFixture)[number],
  (typeof nearbyUsersFixture)[number],
];

const meta = {
  title: "Features/Discovery/NearbyUserCard",
  component: NearbyUserCard,
  tags: ["mobile", "desktop"],
  decorators: [
    (Story) => (
      <div className="w-32 sm:w-56">
        <Story />
      </div>
    ),
  ],
  args: { user: online, onMessage: fn(), onViewProfile: fn() },
  parameters: { msw: { handlers: { media: mediaHandlers.portraits } } },
} satisfies Meta<typeof NearbyUserCard>;

/** The photo is shown once loaded (the avatar shows initials until then). */
const photoShown = (canvasElement: HTMLElement) =>
  waitFor(() => expect(canvasElement.querySelector("[data-slot=avatar-image]")).not.toBeNull());

export default meta;
type Story = StoryObj<typeof meta>;

export const Online: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("0.4 km")).toBeVisible();
    await expect(canvas.getByText("28 years old")).toBeVisible();
    await expect(canvas.getByTestId("match")).toHaveTextContent("100% match · 3 shared interests");
    await photoShown(canvasElement);
    // Cards ask for the 150x150 thumbnail variant, never the full picture.
    await expect(canvasElement.querySelector("[data-slot=avatar-image]")?.getAttribute("src")).toBe(
      "/media/photo-1?w=150&h=150&q=75",
    );
    // The name says he is online (the green dot beside it, and in words to screen readers).
    await expect(canvas.getByRole("heading", { level: 2 })).toHaveTextContent(/^Jake, online$/);
    await userEvent.click(canvas.getByRole("button", { name: "Message Jake" }));
    await expect(args.onMessage).toHaveBeenCalledWith(online);
  },
};

/** His favorite, online (issue 38): a star in the picture's corner, said after his name to screen readers. */
export const Favorite: Story = {
  args: { user: { ...online, isFavorite: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId("favorite-mark")).toBeVisible();
    await expect(canvas.getByText("Your favorite.")).toHaveClass("sr-only");
    await photoShown(canvasElement);
  },
};

/** The dense /browse tile of a favorite: the same star. */
export const FavoriteTile: Story = {
  args: { user: { ...offline, isFavorite: true }, view: "tiles" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId("favorite-mark")).toBeVisible();
    const tile = canvas.getByRole("button", { name: /View .+'s profile/ });
    await expect(tile).toHaveAccessibleDescription(/Your favorite\./);
    await photoShown(canvasElement);
  },
};

export const Offline: Story = {
  args: { user: offline },
  play: async ({ canvasElement }) => {
    await photoShown(canvasElement);
    await expect(within(canvasElement).queryByText(", online")).toBeNull();
  },
};

export const RightNow: Story = {
  args: { user: rightNow },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Right Now: Free for coffee")).toBeInTheDocument();
    await photoShown(canvasElement);
  },
};

/** Private mode: 'Distance hidden'. */
export const PrivateMode: Story = {
  args: { user: hidden },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Distance hidden")).toBeVisible();
  },
};

export const NoDistance: Story = {
  args: { user: noName },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Location unknown")).toBeVisible();
    await expect(canvas.getByRole("heading", { name: "quietfox" })).toBeVisible();
  },
};

/** The bio is limited to 2 lines. */
export const LongBio: Story = {
  args: { user: longBio },
  play: async ({ canvasElement }) => {
    const bio = within(canvasElement).queryByText(/New in town/);
    if (bio && window.innerWidth >= 640) await expect(bio).toHaveClass("line-clamp-2");
  },
};

/** Visitors and guests browse without the Message button. */
export const Limited: Story = {
  args: { limited: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("button", { name: /Message/ })).toBeNull();
  },
};

/** No photo yet: his initials. */
export const NoPhoto: Story = {
  args: { user: { ...online, profileImageUrl: null } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText("J").length).toBeGreaterThan(0);
    await expect(canvasElement.querySelector("[data-slot=avatar-image]")).toBeNull();
  },
};

/** Visitors and guests see no score (the server sends none). */
export const NoScore: Story = {
  args: { user: { ...online, compatibility: null } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByTestId("match")).toBeNull();
    await photoShown(canvasElement);
  },
};
