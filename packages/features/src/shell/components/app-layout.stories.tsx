import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { expect, screen, userEvent, waitFor, within } from "storybook/test";
import { ANONYMOUS_FLAG_KEY, ANONYMOUS_PROFILE_KEY } from "@vicinity/features/shared";
import { sessionHandlers, shellHandlers } from "../../../../../mocks/handlers";
import { fakeSocketFactory } from "../../../../../mocks/realtime";
import type { PageHandle } from "../model/page-handle";
import { AppLayout } from "./app-layout";
import { AdminPages, MemberPages } from "./guards";

const handle = (value: PageHandle) => value;

/** The layout under real (data) routes, so navigation (logout to "/") and route handles work. */
const routes: RouteObject[] = [
  {
    Component: AppLayout,
    children: [
      { path: "/page", element: <p className="p-6">Page content</p> },
      { path: "/browse", element: <p className="p-6">Browse content</p> },
      {
        Component: MemberPages,
        children: [
          {
            path: "/messages",
            handle: handle({ page: "your messages", fullScreen: true }),
            element: <p className="p-6">Your messages</p>,
          },
        ],
      },
      {
        path: "/admin",
        Component: AdminPages,
        handle: handle({ page: "The admin panel" }),
        children: [{ index: true, element: <p className="p-6">Admin content</p> }],
      },
    ],
  },
  { path: "/", element: <p>Home page</p> },
];

function LayoutAt({ path }: { path: string }) {
  const [router] = useState(() => createMemoryRouter(routes, { initialEntries: [path] }));
  return <RouterProvider router={router} />;
}

const meta = {
  title: "Features/Shell/AppLayout",
  component: LayoutAt,
  tags: ["mobile", "desktop"],
  args: { path: "/page" },
  parameters: { layout: "fullscreen", router: false },
} satisfies Meta<typeof LayoutAt>;

export default meta;
type Story = StoryObj<typeof meta>;

const signedIn = { session: sessionHandlers.member, shell: shellHandlers.quiet };

export const Member: Story = {
  // MSW tries handlers in order: the override comes first.
  parameters: { msw: { handlers: { unread: shellHandlers.unread3, ...signedIn } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Found and checked together: signing out re-renders the page, and a paragraph found just before
    // it is no longer in the document (the check failed on phones in CI for that).
    await waitFor(() => expect(canvas.getByText("Page content")).toBeVisible());
    // The unread figure on Messages: the header's links on wider screens, the tab bar on phones.
    await waitFor(() =>
      expect(
        within(canvas.getByRole("navigation", { name: "Main" })).getByRole("link", { name: /Messages/ }),
      ).toHaveTextContent("3"),
    );
    await expect(canvas.queryByRole("status")).toBeNull();
  },
};

/** /messages?to=<member> opens his conversation: the composer takes the phone's bottom, no tab bar. */
export const MemberOpeningAConversation: Story = {
  tags: ["!desktop"],
  args: { path: "/messages?to=u_1" },
  parameters: { msw: { handlers: signedIn } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByText("Your messages")).toBeVisible());
    await expect(canvas.queryByTestId("tab-bar")).toBeNull();
  },
};

/** A "to" in another page's address means nothing there: the tab bar stays. */
export const MemberWithToElsewhere: Story = {
  tags: ["!desktop"],
  args: { path: "/browse?to=u_1" },
  parameters: { msw: { handlers: signedIn } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByText("Browse content")).toBeVisible());
    await expect(await canvas.findByTestId("tab-bar")).toBeInTheDocument();
  },
};

/** The socket dropped: the screen says it is reconnecting. */
export const MemberReconnecting: Story = {
  parameters: { msw: { handlers: signedIn }, socketFactory: fakeSocketFactory("reconnecting") },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Connection lost. Reconnecting...")).toBeVisible();
  },
};

/** Spec section 2: after logout the app goes to "/". */
export const LogoutGoesHome: Story = {
  tags: ["!mobile"],
  parameters: { msw: { handlers: signedIn } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: /Account menu/ }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Logout" }));
    await expect(await canvas.findByText("Home page")).toBeVisible();
  },
};

/** Spec section 2: if logout fails the app is forced to "/" all the same. */
export const LogoutFailsStillGoesHome: Story = {
  tags: ["!mobile"],
  parameters: { msw: { handlers: { logout: shellHandlers.logoutFails, ...signedIn } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: /Account menu/ }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Logout" }));
    await expect(await canvas.findByText("Home page")).toBeVisible();
  },
};

/** A guest: the anonymous header and banner; the current-user call is not made (no handler for it here). */
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
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("Browsing anonymously - limited features available")).toBeVisible();
    await expect(canvas.getByText("Page content")).toBeVisible();
  },
};

/** A guest on a member-only page is invited to sign up. */
export const GuestOnMemberPage: Story = {
  beforeEach() {
    window.localStorage.setItem(ANONYMOUS_FLAG_KEY, "true");
    window.localStorage.setItem(
      ANONYMOUS_PROFILE_KEY,
      JSON.stringify({ id: "anon_story", isAnonymous: true, displayName: "Anonymous User" }),
    );
  },
  args: { path: "/messages" },
  parameters: { msw: { handlers: { shell: shellHandlers.quiet } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { name: "Members only" })).toBeVisible();
  },
};

/**
 * While the app asks who is signed in: the header's frame (the brand alone, no visitor's Login and
 * Join Now that a member would see flash) and the page's loading state.
 */
export const CheckingSession: Story = {
  parameters: { msw: { handlers: { session: sessionHandlers.loading } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("Loading Vicinity...")).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Vicinity home" })).toBeVisible();
    await expect(canvas.queryByRole("link", { name: "Join Now" })).toBeNull();
    await expect(canvas.queryByText("Page content")).toBeNull();
  },
};

export const VisitorOnMemberPage: Story = {
  args: { path: "/messages" },
  parameters: { msw: { handlers: { session: sessionHandlers.visitor } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { name: "Sign in to continue" })).toBeVisible();
    await expect(canvas.queryByText("Your messages")).toBeNull();
  },
};

/** A visitor on /browse: the Anonymous Browsing badge in the header. */
export const VisitorBrowsing: Story = {
  args: { path: "/browse" },
  parameters: { msw: { handlers: { session: sessionHandlers.visitor } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("Browse content")).toBeVisible();
    if (window.innerWidth >= 768) await expect(await canvas.findByText("Anonymous Browsing")).toBeVisible();
  },
};

export const MemberOnAdminPage: Story = {
  args: { path: "/admin" },
  parameters: { msw: { handlers: signedIn } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { name: "Not allowed" })).toBeVisible();
    await expect(canvas.queryByText("Admin content")).toBeNull();
  },
};

export const AdminOnAdminPage: Story = {
  args: { path: "/admin" },
  parameters: { msw: { handlers: { session: sessionHandlers.admin, shell: shellHandlers.quiet } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Admin content")).toBeVisible();
  },
};

/** Spec section 8: a heartbeat 401 stops heartbeats and refreshes the user, who is then signed out. */
export const HeartbeatAuthLost: Story = {
  parameters: { msw: { handlers: { lost: shellHandlers.heartbeatAuthLost, shell: shellHandlers.quiet } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Found and checked together: signing out re-renders the page, and a paragraph found just before
    // it is no longer in the document (the check failed on phones in CI for that).
    await waitFor(() => expect(canvas.getByText("Page content")).toBeVisible());
    if (window.innerWidth >= 768)
      await expect(await canvas.findByRole("link", { name: "Login" }, { timeout: 4000 })).toBeVisible();
    await waitFor(() => expect(canvas.queryByRole("button", { name: /Account menu/ })).toBeNull());
  },
};
