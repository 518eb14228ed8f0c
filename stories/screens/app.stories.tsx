import type { Meta, StoryObj } from "@storybook/react-vite";
import { createMemoryRouter, RouterProvider } from "react-router";
import { expect, userEvent, within } from "storybook/test";
import { DemoClockContext } from "@vicinity/features/landing";
import { appRoutes } from "../../apps/web/src/routes";
import { adminHandlers, authHandlers, discoveryHandlers, sessionHandlers, shellHandlers } from "../../mocks/handlers";
import { endAnonymousSession } from "@vicinity/features/shared";

/** The assembled app's routes mounted at a path ("deep link"), backed by MSW. */
function AppAt({ path }: { path: string }) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  return (
    <DemoClockContext.Provider value={{ mode: "frozen", ticks: 0 }}>
      <RouterProvider router={router} />
    </DemoClockContext.Provider>
  );
}

const meta = {
  title: "Screens/App",
  component: AppAt,
  tags: ["mobile", "desktop"],
  parameters: { layout: "fullscreen", router: false },
} satisfies Meta<typeof AppAt>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LandingForVisitors: Story = {
  args: { path: "/" },
  parameters: {
    msw: {
      handlers: {
        session: sessionHandlers.visitor,
        nearby: discoveryHandlers.onePage,
        // BROWSE ANONYMOUSLY starts the guest session first; the guest then heartbeats.
        auth: authHandlers.anonymousSuccess,
        shell: shellHandlers.quiet,
      },
    },
  },
  beforeEach: () => {
    endAnonymousSession();
    return endAnonymousSession;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("link", { name: "BROWSE ANONYMOUSLY" })).toBeVisible();
    await userEvent.click(canvas.getByRole("link", { name: "BROWSE ANONYMOUSLY" }));
    await expect(await canvas.findByRole("heading", { level: 1, name: "Browse nearby" })).toBeInTheDocument();
  },
};

export const HomeForMembers: Story = {
  args: { path: "/" },
  parameters: {
    msw: {
      handlers: { session: sessionHandlers.member, shell: shellHandlers.quiet, nearby: discoveryHandlers.onePage },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Welcome back, Marco!")).toBeVisible();
  },
};

export const UnknownPath: Story = {
  args: { path: "/definitely/not/here" },
  parameters: { msw: { handlers: { session: sessionHandlers.visitor } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The 404 page is loaded on demand.
    await expect(await canvas.findByRole("heading", { level: 1 })).toHaveTextContent("404 Page Not Found");
    await userEvent.click(canvas.getByRole("link", { name: "Back to Home" }));
    await expect(await canvas.findByRole("link", { name: "JOIN FREE NOW" })).toBeVisible();
  },
};

/** decisions.md 2: /login shows /auth on its Sign In tab. */
export const LoginRoute: Story = {
  args: { path: "/login" },
  parameters: { msw: { handlers: { session: sessionHandlers.visitor } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { name: "Welcome Back" })).toBeVisible();
  },
};

export const MemberPageForVisitors: Story = {
  args: { path: "/messages" },
  parameters: { msw: { handlers: { session: sessionHandlers.visitor } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { name: "Sign in to continue" })).toBeVisible();
  },
};

export const StaticPageRoute: Story = {
  args: { path: "/safety" },
  parameters: { msw: { handlers: { session: sessionHandlers.visitor } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { level: 1, name: "Safety" })).toBeVisible();
  },
};

export const AdminPanelForAdmins: Story = {
  args: { path: "/admin" },
  parameters: {
    msw: { handlers: { session: sessionHandlers.admin, shell: shellHandlers.quiet, admin: adminHandlers.overview() } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { level: 1, name: "Admin Panel" })).toBeVisible();
    await expect(canvas.getByRole("navigation", { name: "Admin" })).toBeVisible();
    await expect(await canvas.findByRole("link", { name: /Open reports/ })).toHaveTextContent("20");
  },
};
