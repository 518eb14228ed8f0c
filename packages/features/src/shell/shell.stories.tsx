import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, screen, within } from "storybook/test";
import { discoveryHandlers, sessionHandlers, shellHandlers } from "../../../../mocks/handlers";
import { ANONYMOUS_FLAG_KEY, ANONYMOUS_PROFILE_KEY } from "@vicinity/features/session";
import { RootScreen } from "./components/root-screen";
import { NotFoundPage } from "./components/not-found-page";
import { ComingSoonPage } from "./components/coming-soon-page";

const meta = {
  title: "Features/Shell/RootScreen",
  component: RootScreen,
  tags: ["mobile", "desktop"],
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof RootScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Visitor: Story = {
  parameters: { msw: { handlers: { session: sessionHandlers.visitor } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { level: 1, name: /around you/ })).toBeVisible();
    await expect(canvas.getByRole("link", { name: "JOIN FREE NOW" })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { session: sessionHandlers.loading } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("status")).toHaveTextContent("Loading Vicinity...");
  },
};

export const Member: Story = {
  parameters: { msw: { handlers: { session: sessionHandlers.member, shell: shellHandlers.quiet, nearby: discoveryHandlers.onePage } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole("heading", { name: "Welcome back, Marco!" }),
    ).toBeVisible();
  },
};

/** A guest (the two stored items): his home, without a current-user call. */
export const Guest: Story = {
  beforeEach() {
    window.localStorage.setItem(ANONYMOUS_FLAG_KEY, "true");
    window.localStorage.setItem(ANONYMOUS_PROFILE_KEY, JSON.stringify({ id: "anon_story", isAnonymous: true, displayName: "Anonymous User" }));
  },
  parameters: { msw: { handlers: { shell: shellHandlers.quiet } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { name: "Welcome, Anonymous User" })).toBeVisible();
  },
};

/** Not a 401: retried twice, 1 s apart (spec section 8), then the error with a retry. */
export const SessionCheckFailed: Story = {
  parameters: { msw: { handlers: { session: sessionHandlers.error } } },
  play: async () => {
    const alert = await screen.findByRole("alert", {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent("HTTP error! status: 503");
    await expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
  },
};

export const NotFound: StoryObj<typeof NotFoundPage> = {
  render: () => <NotFoundPage />,
  parameters: { route: "/no-such-page" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("404 Page Not Found");
    await expect(canvas.getByText("/no-such-page")).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  },
};

export const ComingSoon: StoryObj<typeof ComingSoonPage> = {
  render: () => <ComingSoonPage title="Browse" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1, name: "Browse" })).toBeVisible();
    await expect(canvas.getByText("This part of Vicinity is coming soon.")).toBeVisible();
  },
};
