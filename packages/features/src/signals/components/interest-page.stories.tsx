import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { mediaHandlers, signalsHandlers } from "../../../../../mocks/handlers";
import { InterestPage } from "./interest-page";

const meta = {
  title: "Features/Signals/InterestPage",
  component: InterestPage,
  tags: ["mobile", "tablet", "desktop"],
  parameters: {
    route: "/interest",
    msw: {
      handlers: { media: mediaHandlers.portraits, signals: signalsHandlers.lists, actions: signalsHandlers.actions },
    },
  },
} satisfies Meta<typeof InterestPage>;

/** A toast with this text has come in (it fades in: wait for it to be visible). */
async function toastSays(text: string) {
  const toast = await within(document.body).findByText(text);
  await waitFor(() => expect(toast).toBeVisible());
}

export default meta;
type Story = StoryObj<typeof meta>;

/** Who tapped him, newest first: a match (he tapped back), two kinds from one member, a tap from yesterday. */
export const Taps: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { level: 1, name: "Interest" })).toBeVisible();
    await expect(canvas.getByRole("tab", { name: "Taps" })).toHaveAttribute("aria-selected", "true");
    const list = await canvas.findByRole("list", { name: "Taps" });
    const rows = within(list).getAllByRole("listitem");
    await expect(rows).toHaveLength(3);
    await expect(rows[0]).toHaveTextContent("Jake");
    await expect(within(rows[0]!).getByTestId("match")).toHaveTextContent("Match");
    await expect(within(rows[0]!).getByRole("button", { name: "Hi: sent today" })).toBeDisabled();
    await expect(rows[1]).toHaveTextContent("Hi and Looking · 2 h ago");
    await expect(within(rows[0]!).getByRole("link")).toHaveAttribute("href", "/members/u_1");
  },
};

/** Tapping back from the list: the kind reads "sent today" and a toast says so. */
export const TapBack: Story = {
  tags: ["!mobile", "!tablet"],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole("list", { name: "Taps" });
    await userEvent.click(within(list).getByRole("button", { name: "Tap Marcus W.: Hot" }));
    await toastSays("You tapped Marcus W.: Hot");
  },
};

/** A tap back that makes a match. */
export const TapBackMatches: Story = {
  tags: ["!mobile", "!tablet"],
  parameters: { msw: { handlers: { actions: signalsHandlers.tapMatch } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole("list", { name: "Taps" });
    await userEvent.click(within(list).getByRole("button", { name: "Tap Theo: Hi" }));
    await toastSays("It's a match!");
    await toastSays("You and Theo tapped each other. Say hi!");
  },
};

/** Past the day's taps: the server's message in a toast. */
export const TapRefused: Story = {
  tags: ["!mobile", "!tablet"],
  parameters: { msw: { handlers: { actions: signalsHandlers.tapRefused } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole("list", { name: "Taps" });
    await userEvent.click(within(list).getByRole("button", { name: "Tap Theo: Hi" }));
    await toastSays("Couldn't send the tap");
    await toastSays("You can send at most 60 taps a day.");
  },
};

export const TapsEmpty: Story = {
  parameters: { msw: { handlers: { signals: signalsHandlers.empty } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { name: "No taps yet" })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { signals: signalsHandlers.loading } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading your taps...");
  },
};

export const LoadFailed: Story = {
  parameters: { msw: { handlers: { signals: signalsHandlers.error } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { name: "Couldn't load your taps" })).toBeVisible();
    await expect(canvas.getByRole("alert")).toHaveTextContent("Service unavailable");
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled();
  },
};

/** Who viewed him this week, with the switch that hides his own visits. */
export const ViewedMe: Story = {
  parameters: { route: "/interest?tab=views" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole("list", { name: "Viewed me" });
    await expect(within(list).getAllByRole("listitem")).toHaveLength(3);
    await expect(within(list).getAllByRole("listitem")[0]).toHaveTextContent("Viewed you 12 min ago");
    await expect(canvas.getByRole("switch", { name: "Show my visits" })).toBeChecked();
  },
};

export const ViewedMeEmpty: Story = {
  parameters: { route: "/interest?tab=views", msw: { handlers: { signals: signalsHandlers.empty } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole("heading", { name: "Nobody viewed your profile this week" }),
    ).toBeVisible();
  },
};

/** He browses without a trace: he sees nobody's; turning it on shows the list. */
export const BrowsingWithoutATrace: Story = {
  parameters: { route: "/interest?tab=views", msw: { handlers: { signals: signalsHandlers.traceOff } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { name: "You're browsing without a trace" })).toBeVisible();
    await expect(canvas.getByRole("switch", { name: "Show my visits" })).not.toBeChecked();
  },
};

/** Turning the trace on from the empty state: the list comes back. */
export const TraceTurnedOn: Story = {
  tags: ["!mobile", "!tablet"],
  parameters: {
    route: "/interest?tab=views",
    msw: { handlers: { signals: signalsHandlers.traceOff } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = await canvas.findByRole("switch", { name: "Show my visits" });
    await userEvent.click(toggle);
    await expect(await canvas.findByRole("list", { name: "Viewed me" })).toBeVisible();
    await expect(canvas.getByRole("switch", { name: "Show my visits" })).toBeChecked();
  },
};

export const Favorites: Story = {
  parameters: { route: "/interest?tab=favorites" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole("list", { name: "Favorites" });
    const rows = within(list).getAllByRole("listitem");
    await expect(rows).toHaveLength(2);
    await expect(rows[0]).toHaveTextContent("Online now");
  },
};

export const FavoritesEmpty: Story = {
  parameters: { route: "/interest?tab=favorites", msw: { handlers: { signals: signalsHandlers.empty } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { name: "No favorites yet" })).toBeVisible();
  },
};

/** The tabs move with the arrow keys and keep the address. */
export const KeyboardTabs: Story = {
  tags: ["!mobile", "!tablet"],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const taps = await canvas.findByRole("tab", { name: "Taps" });
    taps.focus();
    await userEvent.keyboard("{ArrowRight}");
    await waitFor(() =>
      expect(canvas.getByRole("tab", { name: "Viewed me" })).toHaveAttribute("aria-selected", "true"),
    );
    await expect(await canvas.findByRole("list", { name: "Viewed me" })).toBeVisible();
  },
};
