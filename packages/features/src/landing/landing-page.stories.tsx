import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ANONYMOUS_FLAG_KEY, endAnonymousSession } from "@vicinity/features/shared";
import { authHandlers } from "../../../../mocks/handlers";
import { LandingPage } from "./components/landing-page";
import { PlainLink } from "./components/landing-link";
import { DemoClockContext, type DemoClock } from "./model/use-demo-activity";
import { demoActivityAfter, seededRandom } from "./model/demo-activity";

const STORY_SEED = 2026;

function frozen(ticks: number): DemoClock {
  return { mode: "frozen", ticks, seed: STORY_SEED };
}

const meta = {
  title: "Features/Landing/LandingPage",
  component: LandingPage,
  // As the server sends it to visitors: plain anchors, full page loads (docs/decisions/0019).
  args: { link: PlainLink },
  tags: ["mobile", "tablet", "desktop"],
  parameters: { layout: "fullscreen" },
  decorators: [
    (Story, { parameters }) => (
      <DemoClockContext.Provider value={(parameters.demoClock as DemoClock | undefined) ?? frozen(0)}>
        <Story />
      </DemoClockContext.Provider>
    ),
  ],
} satisfies Meta<typeof LandingPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first second: the counters at the spec's start values. */
export const AtStart: Story = {
  parameters: { demoClock: frozen(0) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId("demo-online")).toHaveTextContent("247");
    await expect(canvas.getByTestId("demo-nearby")).toHaveTextContent("18");
    await expect(canvas.getByTestId("demo-countdown")).toHaveTextContent("2h 48m 15s");
    await expect(canvas.getAllByTestId("sample-person")).toHaveLength(3);
    for (const stat of ["2.3M+", "850K+", "4.8", "24/7"]) {
      await expect(canvas.getByText(stat)).toBeVisible();
    }
    for (const label of ["Active users", "Daily hookups", "Rating", "Support"]) {
      await expect(canvas.getByText(label)).toBeVisible();
    }
    await expect(canvas.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
    await expect(canvas.getByRole("link", { name: "JOIN FREE NOW" })).toHaveAttribute("href", "/join");
    await expect(canvas.getByRole("link", { name: "START NOW" })).toHaveAttribute("href", "/join");
    await expect(canvas.getByRole("link", { name: "BROWSE ANONYMOUSLY" })).toHaveAttribute("href", "/browse");
    const legal = canvas.getByRole("navigation", { name: "Legal" });
    await expect(within(legal).getByRole("link", { name: "Terms" })).toHaveAttribute("href", "/terms");
    await expect(within(legal).getByRole("link", { name: "Privacy" })).toHaveAttribute("href", "/privacy");
    await expect(canvas.getByText(/18\+ only/)).toBeVisible();
  },
};

/** A click on BROWSE ANONYMOUSLY with the guest session's call answered by `handlers`: /browse is loaded whole. */
function browseAnonymously(handlers: typeof authHandlers.anonymousSuccess, guest: boolean): Story {
  return {
    tags: ["!mobile", "!tablet"],
    args: { go: fn() },
    parameters: { msw: { handlers: { auth: handlers } } },
    beforeEach: () => {
      endAnonymousSession();
      return endAnonymousSession;
    },
    play: async ({ args, canvasElement }) => {
      await userEvent.click(within(canvasElement).getByRole("link", { name: "BROWSE ANONYMOUSLY" }));
      await waitFor(() => expect(args.go).toHaveBeenCalledWith("/browse"));
      await expect(window.localStorage.getItem(ANONYMOUS_FLAG_KEY)).toBe(guest ? "true" : null);
    },
  };
}

/** BROWSE ANONYMOUSLY starts the guest session (as /join's Browse Anonymously does: one word, one state). */
export const BrowseAnonymouslyStartsAGuest = browseAnonymously(authHandlers.anonymousSuccess, true);

/** The guest session cannot start (the server is down): he browses as a visitor all the same. */
export const BrowseAnonymouslyAsAVisitor = browseAnonymously(authHandlers.anonymousFailure, false);

/** Ten seconds in: the countdown lost ten seconds; the counters moved within their steps. */
export const AfterTenTicks: Story = {
  parameters: { demoClock: frozen(10) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const expected = demoActivityAfter(10, seededRandom(STORY_SEED));
    await expect(canvas.getByTestId("demo-countdown")).toHaveTextContent("2h 48m 5s");
    await expect(canvas.getByTestId("demo-online")).toHaveTextContent(String(expected.online));
    await expect(canvas.getByTestId("demo-nearby")).toHaveTextContent(String(expected.nearby));
    await expect(Math.abs(expected.online - 247)).toBeLessThanOrEqual(10);
    await expect(expected.nearby).toBeGreaterThanOrEqual(18);
    await expect(expected.nearby).toBeLessThanOrEqual(28);
  },
};

/** An hour in. */
export const AfterOneHour: Story = {
  parameters: { demoClock: frozen(3600) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId("demo-countdown")).toHaveTextContent("1h 48m 15s");
  },
};
