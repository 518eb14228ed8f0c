import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { nearbyUsersFixture } from "../../../../../mocks/fixtures/nearby";
import { mediaHandlers } from "../../../../../mocks/handlers";
import { ApiError } from "@vicinity/features/shared";
import { SignalListError, SignalListLoading, SignalRow } from "./signal-list";

/** One member of a signals list (taps, viewed me, favorites), the list's loading rows and its error. */
const meta = {
  title: "Features/Signals/SignalList",
  component: SignalRow,
  tags: ["mobile", "desktop"],
  args: { member: nearbyUsersFixture[0]!, detail: "Viewed you 12 min ago" },
  parameters: { msw: { handlers: { media: mediaHandlers.portraits } } },
  render: (args) => (
    <ul className="max-w-xl">
      <SignalRow {...args} />
    </ul>
  ),
} satisfies Meta<typeof SignalRow>;

export default meta;
type Story = StoryObj<typeof meta>;

/** His picture with the online dot, name, distance and what he did; the row opens his profile. */
export const Row: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("link")).toHaveAttribute("href", "/members/u_1");
    await expect(canvas.getByRole("link")).toHaveTextContent("Jake(online)0.4 kmViewed you 12 min ago");
  },
};

/** A member in private mode, without a picture. */
export const DistanceHidden: Story = {
  args: { member: nearbyUsersFixture[3]!, detail: "Added 2 d ago" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Distance hidden")).toBeVisible();
  },
};

export const Loading: Story = {
  render: () => <SignalListLoading label="Loading your taps..." />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading your taps...");
  },
};

const retry = fn();
export const Failed: Story = {
  render: () => (
    <SignalListError
      title="Couldn't load your favorites"
      error={new ApiError(503, JSON.stringify({ message: "Service unavailable" }), "503: Service unavailable")}
      retry={retry}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent("Service unavailable");
    await userEvent.click(canvas.getByRole("button", { name: "Try again" }));
    await expect(retry).toHaveBeenCalled();
  },
};
