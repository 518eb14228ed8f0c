import type { Meta, StoryObj } from "@storybook/react-vite";
import { AccountMenu } from "./account-menu";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { adminFixture, memberFixture } from "../../../../../mocks/fixtures/users";
import { AppHeaderView } from "./app-header-view";
import { AppHeaderFrame } from "./app-header-frame";

const meta = {
  title: "Features/Shell/AppHeaderView",
  component: AppHeaderView,
  // The account menu is drawn by AccountMenu, whose code loads on first use (DeferredMenu).
  subcomponents: { AccountMenu },
  tags: ["mobile", "desktop"],
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof AppHeaderView>;

export default meta;
type Story = StoryObj<typeof meta>;

const member = (unread = 0, onLogout = fn()) => ({
  kind: "member" as const,
  user: memberFixture,
  unread,
  isAdmin: false,
  onLogout,
});

/** Logged-out visitors: Login and Join Now, both to /auth. */
export const Visitor: Story = {
  args: { mode: { kind: "visitor" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    if (window.innerWidth < 768) await userEvent.click(canvas.getByRole("button", { name: "Open menu" }));
    await expect(canvas.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/auth");
    await expect(canvas.getByRole("link", { name: "Join Now" }).getAttribute("href")).toMatch(/^\/auth/);
  },
};

/** A visitor on /browse or /map: the Anonymous Browsing badge and Sign Up for Full Access. */
export const VisitorBrowsing: Story = {
  args: { mode: { kind: "anonymous", isGuest: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // On phones the badge is in the menu (the header's own copy is hidden there).
    if (window.innerWidth < 768) await userEvent.click(canvas.getByRole("button", { name: "Open menu" }));
    const actions =
      window.innerWidth < 768 ? within(canvasElement.querySelector<HTMLElement>("#mobile-menu")!) : canvas;
    await expect(actions.getByText("Anonymous Browsing")).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Sign Up for Full Access" })).toHaveAttribute("href", "/join");
    await expect(canvas.queryByRole("link", { name: "Login" })).toBeNull();
  },
};

export const Guest: Story = {
  args: { mode: { kind: "anonymous", isGuest: true, onEndAnonymous: fn() } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    if (window.innerWidth < 768) await userEvent.click(canvas.getByRole("button", { name: "Open menu" }));
    await userEvent.click(canvas.getByRole("button", { name: "Exit anonymous mode" }));
    await expect(args.mode.kind === "anonymous" && args.mode.onEndAnonymous).toHaveBeenCalled();
  },
};

/** Members: Home, Browse, Map, Messages (with the unread badge) and Events. */
export const Member: Story = {
  args: { mode: member(3) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    if (window.innerWidth < 768) await userEvent.click(canvas.getByRole("button", { name: "Open menu" }));
    const nav = canvas.getByRole("navigation", { name: "Main" });
    for (const name of ["Home", "Browse", "Map", "Events", "Groups"])
      await expect(within(nav).getByRole("link", { name })).toBeVisible();
    await expect(within(nav).getByRole("link", { name: /Messages/ })).toHaveTextContent("3");
  },
};

/** Spec section 9: the unread badge shows '9+' above 9. */
export const MemberManyUnread: Story = {
  args: { mode: member(12) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    if (window.innerWidth < 768) await userEvent.click(canvas.getByRole("button", { name: "Open menu" }));
    await expect(
      within(canvas.getByRole("navigation", { name: "Main" })).getByRole("link", { name: /Messages/ }),
    ).toHaveTextContent("9+");
  },
};

/** The dropdown: display name and email, Profile Settings and Logout (no Admin Panel for members). */
export const MemberMenuOpen: Story = {
  tags: ["!mobile"],
  args: { mode: member(0) },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: /Account menu/ }));
    const menu = await screen.findByRole("menu");
    await expect(within(menu).getByText("Marco")).toBeVisible();
    await expect(within(menu).getByText("marco@example.com")).toBeVisible();
    await expect(within(menu).getByRole("menuitem", { name: "Profile Settings" })).toBeVisible();
    await expect(within(menu).queryByRole("menuitem", { name: "Admin Panel" })).toBeNull();
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Logout" }));
    await waitFor(() => expect(args.mode.kind === "member" && args.mode.onLogout).toHaveBeenCalledTimes(1));
  },
};

/** Admins: the Admin badge, and Admin Panel in the dropdown. */
export const Admin: Story = {
  tags: ["!mobile"],
  args: { mode: { kind: "member", user: adminFixture, unread: 0, isAdmin: true, onLogout: fn() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Admin")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: /Account menu/ }));
    await expect(await screen.findByRole("menuitem", { name: "Admin Panel" })).toHaveAttribute("href", "/admin");
  },
};

/** Mobile: the collapsible menu with the same items. */
export const MobileMenuMember: Story = {
  tags: ["!desktop"],
  globals: { viewport: { value: "mobile" } },
  args: { mode: member(4), defaultMenuOpen: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("marco@example.com")).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Profile Settings" })).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Close menu" }));
    await expect(canvas.queryByText("marco@example.com")).toBeNull();
    await expect(canvas.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  },
};

export const MobileMenuVisitor: Story = {
  tags: ["!desktop"],
  globals: { viewport: { value: "mobile" } },
  args: { mode: { kind: "visitor" }, defaultMenuOpen: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link", { name: "Join Now" })).toBeVisible();
  },
};

/** The header's frame alone: it holds the header's place while the header's code arrives. */
export const FrameWhileLoading: StoryObj<typeof AppHeaderFrame> = {
  render: () => <AppHeaderFrame />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link", { name: "Vicinity home" })).toHaveAttribute("href", "/");
  },
};
