import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { MemberTabBarView } from "./member-tab-bar";

/** The phone's tab bar, at the bottom of every member page but a conversation. */
const meta = {
  title: "Features/Shell/MemberTabBar",
  component: MemberTabBarView,
  tags: ["mobile"],
  // Shown at any width here (the app hides it from md up, where the header has the links).
  args: { unread: 0, className: "md:block" },
  parameters: { layout: "fullscreen", route: "/browse" },
  decorators: [
    (Story) => (
      <div className="flex min-h-[30rem] flex-col justify-end bg-background">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MemberTabBarView>;

export default meta;
type Story = StoryObj<typeof meta>;

const tabs = (root: HTMLElement) => within(within(root).getByRole("navigation", { name: "Main" }));

/** Nothing unread; the page he is on is marked. */
export const Quiet: Story = {
  play: async ({ canvasElement }) => {
    const nav = tabs(canvasElement);
    for (const name of ["Home", "Browse", "Map", "Messages", "Events"])
      await expect(nav.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Browse" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Messages" })).not.toHaveTextContent(/\d/);
  },
};

/** Three unread messages: the figure on Messages, named for screen readers. */
export const Unread: Story = {
  args: { unread: 3 },
  parameters: { route: "/" },
  play: async ({ canvasElement }) => {
    const nav = tabs(canvasElement);
    await expect(nav.getByRole("link", { name: "Messages, 3 unread" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  },
};

/** Many unread: "9+", as the header's menu and the home's tab say. */
export const ManyUnread: Story = {
  args: { unread: 12 },
  parameters: { route: "/messages" },
  play: async ({ canvasElement }) => {
    const nav = tabs(canvasElement);
    await expect(nav.getByRole("link", { name: "Messages, 9+ unread" })).toHaveAttribute("aria-current", "page");
  },
};
