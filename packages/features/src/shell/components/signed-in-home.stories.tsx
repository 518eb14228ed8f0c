import type { Meta, StoryObj } from "@storybook/react-vite";
import { http, HttpResponse } from "msw";
import { expect, screen, userEvent, within } from "storybook/test";
import { API_PATHS } from "@vicinity/contract";
import { memberFixture } from "../../../../../mocks/fixtures/users";
import {
  discoveryHandlers,
  eventsApi,
  mediaHandlers,
  messagesHandlers,
  sessionHandlers,
  shellHandlers,
} from "../../../../../mocks/handlers";
import { AdSlotsContext, JOINED_THIS_VISIT_KEY } from "@vicinity/features/shared";
import { MemberAdSlots } from "./ad-slots";
import { SignedInHome } from "./signed-in-home";
import { BrowsePage } from "./browse-page";

const JACKSONVILLE = { latitude: 30.3322, longitude: -81.6557, source: "device" as const };

const meta = {
  title: "Features/Shell/SignedInHome",
  component: SignedInHome,
  tags: ["mobile", "desktop"],
  parameters: {
    layout: "fullscreen",
    msw: { handlers: { shell: shellHandlers.quiet, nearby: discoveryHandlers.onePage } },
  },
  args: { user: memberFixture, location: JACKSONVILLE },
  // The member's session gives his pages their ads: the home is shown here without it.
  decorators: [
    (Story) => (
      <AdSlotsContext.Provider value={MemberAdSlots}>
        <Story />
      </AdSlotsContext.Provider>
    ),
  ],
} satisfies Meta<typeof SignedInHome>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Spec section 2: 'Welcome back, {first name or username}!', the online count, three tabs. */
export const WithFirstName: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Welcome back, Marco!");
    await expect(await canvas.findByTestId("online-count")).toHaveTextContent("42 online now");
    for (const name of ["Discover Users", "Messages", "Events"])
      await expect(canvas.getByRole("tab", { name })).toBeVisible();
    await expect(await canvas.findByRole("list", { name: "Members nearby" })).toBeVisible();
  },
};

/** The visit he joined in (his account was made in this tab): welcomed, not welcomed back (docs/decisions/0042). */
export const JustJoined: Story = {
  beforeEach: () => {
    window.sessionStorage.setItem(JOINED_THIS_VISIT_KEY, memberFixture.id);
    return () => window.sessionStorage.removeItem(JOINED_THIS_VISIT_KEY);
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { level: 1 })).toHaveTextContent("Welcome, Marco!");
  },
};

export const UsernameOnly: Story = {
  args: { user: { ...memberFixture, firstName: null, displayName: null, bio: "Here for the beach." } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { level: 1 })).toHaveTextContent("Welcome back, marco!");
  },
};

/** Spec section 4: a member with neither first name nor bio gets onboarding by itself. */
export const NewMemberGetsOnboarding: Story = {
  args: { user: { ...memberFixture, firstName: null, displayName: null, bio: null } },
  play: async () => {
    await expect(await screen.findByRole("dialog", { name: "Welcome to Vicinity" })).toBeInTheDocument();
  },
};

/** Spec section 2: the online count only shows above 0. */
export const NobodyOnline: Story = {
  // Storybook merges the meta's handler keys first: the override replaces the `shell` key itself.
  parameters: {
    msw: { handlers: { shell: [http.get(API_PATHS.onlineCount, () => HttpResponse.json(0)), ...shellHandlers.quiet] } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("list", { name: "Members nearby" });
    await expect(canvas.queryByTestId("online-count")).toBeNull();
  },
};

export const MessagesTab: Story = {
  parameters: { msw: { handlers: { inbox: messagesHandlers.emptyInbox } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("tab", { name: "Messages" }));
    await expect(await canvas.findByRole("heading", { name: "No messages yet" })).toBeVisible();
  },
};

/** Once there are conversations, the tab lists the latest ones. */
export const MessagesTabWithConversations: Story = {
  parameters: {
    msw: {
      handlers: {
        shell: [...shellHandlers.unread3, ...shellHandlers.quiet],
        inbox: messagesHandlers.inbox,
        media: mediaHandlers.portraits,
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The tab carries the unread count (and says so to screen readers).
    await expect(await canvas.findByTestId("messages-tab-unread")).toHaveTextContent("3");
    await userEvent.click(canvas.getByRole("tab", { name: "Messages 3 unread" }));
    const list = await canvas.findByRole("list", { name: "Conversations" });
    await expect(within(list).getByText("Marcus W.")).toBeVisible();
    await expect(canvas.getByRole("link", { name: "All messages" })).toBeVisible();
  },
};

/** The Events tab: his next events, with a link to all the events near him. */
export const EventsTab: Story = {
  parameters: { msw: { handlers: { events: eventsApi() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("tab", { name: "Events" }));
    await expect(await canvas.findByRole("heading", { name: "Your next events" })).toBeVisible();
    await expect(canvas.getByText("Sunday beach volleyball")).toBeVisible();
    await expect(canvas.getByRole("link", { name: "See events near you" })).toHaveAttribute("href", "/events");
  },
};

/** /browse for a visitor (BrowsePage): the grid without messaging. */
export const BrowseAsVisitor: StoryObj<typeof BrowsePage> = {
  render: () => <BrowsePage location={JACKSONVILLE} />,
  parameters: {
    msw: {
      handlers: {
        session: [
          http.get(API_PATHS.currentUser, () => HttpResponse.json({ message: "Not signed in" }, { status: 401 })),
        ],
        nearby: discoveryHandlers.onePage,
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("list", { name: "Members nearby" });
    await expect(canvas.queryByRole("button", { name: /^Message / })).toBeNull();
  },
};

/**
 * /browse for a member: pictures first, in tiles (name, online dot and distance over each), a
 * phone's first screen holding 12 or more; a tap opens the profile.
 */
export const BrowseTiles: StoryObj<typeof BrowsePage> = {
  render: () => <BrowsePage location={JACKSONVILLE} />,
  parameters: { msw: { handlers: { session: sessionHandlers.member, nearby: discoveryHandlers.crowded } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole("list", { name: "Members nearby" });
    const tiles = await within(list).findAllByRole("button", { name: /^View .+'s profile$/ });
    await expect(tiles.length).toBeGreaterThanOrEqual(18);
    // No Message button on a tile: the profile has it.
    await expect(within(list).queryByRole("button", { name: /^Message / })).toBeNull();
    await expect(canvas.getByRole("button", { name: "View Jake's profile" })).toHaveAccessibleDescription(
      /^Jake\s*, online\s*0\.4 km$/,
    );
    // On a phone (390 px wide) at least 12 tiles lie wholly inside the first 844 px.
    if (window.innerWidth <= 400) {
      const inFirstScreen = tiles.filter((tile) => tile.getBoundingClientRect().bottom <= 844);
      await expect(inFirstScreen.length).toBeGreaterThanOrEqual(12);
    }
  },
};

/** /browse while the members load: the tiles' shape. */
export const BrowseTilesLoading: StoryObj<typeof BrowsePage> = {
  render: () => <BrowsePage location={JACKSONVILLE} />,
  parameters: { msw: { handlers: { session: sessionHandlers.member, nearby: discoveryHandlers.loading } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Finding amazing people nearby...")).toBeVisible();
  },
};
