import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { NO_PROFILE_SIGNALS, TAP_KINDS } from "@vicinity/contract";
import { signalsHandlers } from "../../../../../mocks/handlers";
import { SignalButtons } from "./signal-buttons";

/** The taps, the match and the star on a member (his profile; a row of the Taps list without the star). */
const meta = {
  title: "Features/Shared/SignalButtons",
  component: SignalButtons,
  args: { memberId: "u_1", name: "Jake", signals: NO_PROFILE_SIGNALS },
  parameters: { msw: { handlers: { signals: signalsHandlers.actions } } },
} satisfies Meta<typeof SignalButtons>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing sent yet: each tap has its icon and word; the star invites. */
export const NothingSent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const taps = canvas.getByRole("group", { name: "Tap Jake" });
    await expect(within(taps).getAllByRole("button")).toHaveLength(TAP_KINDS.length);
    await expect(within(taps).getByRole("button", { name: "Tap Jake: Looking" })).toBeEnabled();
    await expect(canvas.getByRole("button", { name: "Add to favorites" })).toHaveAttribute("aria-pressed", "false");
    await expect(canvas.queryByTestId("match")).toBeNull();
  },
};

/** A match, a Hi sent today (once a day), starred. */
export const MatchedAndStarred: Story = {
  args: { signals: { isFavorite: true, tapsSentToday: ["hi"], match: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId("match")).toHaveTextContent("Match");
    await expect(canvas.getByRole("button", { name: "Hi: sent today" })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Favorite" })).toHaveAttribute("aria-pressed", "true");
  },
};

/** In a list of taps: no star. */
export const WithoutTheStar: Story = {
  args: { withFavorite: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("button", { name: "Add to favorites" })).toBeNull();
  },
};

/** A tap that fails: the server's message, and the button stays ready to try again. */
export const TapFails: Story = {
  parameters: { msw: { handlers: { signals: signalsHandlers.tapRefused } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Tap Jake: Hot" }));
    const toast = await within(document.body).findByText("You can send at most 60 taps a day.");
    await waitFor(() => expect(toast).toBeVisible());
    await expect(canvas.getByRole("button", { name: "Tap Jake: Hot" })).toBeEnabled();
  },
};
