import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, screen, within } from "storybook/test";
import { discoveryHandlers, sessionHandlers, shellHandlers } from "../../../../mocks/handlers";
import { ANONYMOUS_FLAG_KEY, ANONYMOUS_PROFILE_KEY } from "@vicinity/features/shared";
import { DemoClockContext } from "@vicinity/features/landing";
import { rootRoute } from "./components/root-screen";
import { AppLayout } from "./components/app-layout";
import { NotFoundPage } from "./components/not-found-page";
import { ComingSoonPage } from "./components/coming-soon-page";
import { RouteError } from "./components/route-error";

/** "/" as the app mounts it: the index route of the layout route. */
function RootAt() {
  const [router] = useState(() =>
    createMemoryRouter([{ Component: AppLayout, children: [rootRoute] }], { initialEntries: ["/"] }),
  );
  return <RouterProvider router={router} />;
}

const meta = {
  title: "Features/Shell/RootScreen",
  component: RootAt,
  tags: ["mobile", "desktop"],
  // The story mounts its own (data) router.
  parameters: { layout: "fullscreen", router: false },
} satisfies Meta<typeof RootAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Visitor: Story = {
  parameters: { msw: { handlers: { session: sessionHandlers.visitor } } },
  // The landing page arrives on demand: its demo figures are frozen, whenever it shows.
  decorators: [
    (Story) => (
      <DemoClockContext.Provider value={{ mode: "frozen", ticks: 0 }}>
        <Story />
      </DemoClockContext.Provider>
    ),
  ],
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
  parameters: {
    msw: {
      handlers: { session: sessionHandlers.member, shell: shellHandlers.quiet, nearby: discoveryHandlers.onePage },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { name: "Welcome back, Marco!" })).toBeVisible();
  },
};

/** A guest (the two stored items): his home, without a current-user call. */
export const Guest: Story = {
  beforeEach() {
    window.localStorage.setItem(ANONYMOUS_FLAG_KEY, "true");
    window.localStorage.setItem(
      ANONYMOUS_PROFILE_KEY,
      JSON.stringify({ id: "anon_story", isAnonymous: true, displayName: "Anonymous User" }),
    );
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
  parameters: { route: "/no-such-page", router: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("404 Page Not Found");
    await expect(canvas.getByText("/no-such-page")).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  },
};

export const ComingSoon: StoryObj<typeof ComingSoonPage> = {
  render: () => <ComingSoonPage title="Browse" />,
  parameters: { router: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1, name: "Browse" })).toBeVisible();
    await expect(canvas.getByText("This part of Vicinity is coming soon.")).toBeVisible();
  },
};

/** A page's code could not be fetched (offline, or a new version replaced it): the error, and a reload to try again. */
export const PageCodeFailed: StoryObj<typeof RouteError> = {
  render: function PageCodeFailed() {
    const [router] = useState(() =>
      createMemoryRouter([
        {
          path: "/",
          ErrorBoundary: RouteError,
          lazy: () =>
            Promise.reject(new TypeError("Failed to fetch dynamically imported module: /assets/messages-4f2a.js")),
        },
      ]),
    );
    return <RouterProvider router={router} />;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { level: 1, name: "This page couldn't be loaded" })).toBeVisible();
    await expect(canvas.getByRole("alert")).toHaveTextContent("Failed to fetch dynamically imported module");
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled();
  },
};
