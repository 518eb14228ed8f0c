import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { manyAdminMembersFixture } from "../../../../../mocks/fixtures/admin";
import { adminHandlers, sessionHandlers } from "../../../../../mocks/handlers";
import { inAdminLayout } from "../../../../../mocks/story-layouts";
import { AdminMembersPage, NO_MEMBERS_FOUND } from "./admin-members-page";

const meta = {
  title: "Features/Admin/AdminMembersPage",
  component: AdminMembersPage,
  tags: ["mobile", "tablet", "desktop"],
  decorators: [inAdminLayout],
  parameters: {
    layout: "fullscreen",
    route: "/admin/members",
    msw: { handlers: { session: sessionHandlers.admin, admin: adminHandlers.members() } },
  },
} satisfies Meta<typeof AdminMembersPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const rows = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole("table"))
    .getAllByRole("row")
    .slice(1);

/** Newest first: a suspension (until when, or for good), an admin, open reports; each links to his page. */
export const AllMembers: Story = {
  play: async ({ canvasElement }) => {
    const list = await rows(canvasElement);
    await expect(list).toHaveLength(6);
    await expect(list[1]).toHaveTextContent("Suspended");
    await expect(list[1]).toHaveTextContent("until 20 Jun 2026");
    await expect(list[1]).toHaveTextContent("6 open");
    await expect(list[3]).toHaveTextContent("Admin");
    await expect(list[4]).toHaveTextContent("for good");
    await expect(within(list[0]!).getByRole("link", { name: "new_in_town" })).toHaveAttribute(
      "href",
      "/admin/members/0b6f7a1e-0001-4a5a-9c1a-1a2b3c4d5e00",
    );
  },
};

/** From the overview's link (?filter=suspended): only suspended members. */
export const Suspended: Story = {
  parameters: { route: "/admin/members?filter=suspended" },
  play: async ({ canvasElement }) => {
    await waitFor(async () => expect(await rows(canvasElement)).toHaveLength(2));
    await expect(within(canvasElement).getByRole("combobox", { name: "Show" })).toHaveTextContent("Suspended");
  },
};

/** A search by email, typed: the list follows once he stops typing. */
export const SearchByEmail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await rows(canvasElement);
    await userEvent.type(canvas.getByRole("searchbox", { name: "Search" }), "jake28@");
    await waitFor(async () => expect(await rows(canvasElement)).toHaveLength(1));
    await expect((await rows(canvasElement))[0]).toHaveTextContent("jake28@example.com");
    // A phone's table fits its screen: the email under the name, no sideways scroll.
    await expect(canvas.getByRole("region", { name: "Members found" }).scrollWidth).toBeLessThanOrEqual(
      canvas.getByRole("region", { name: "Members found" }).clientWidth,
    );
  },
};

/** Nothing matches: the empty state shows all members again. */
export const NothingFound: Story = {
  parameters: { route: "/admin/members?q=nobody-at-all" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(NO_MEMBERS_FOUND)).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Show all members" }));
    await waitFor(async () => expect(await rows(canvasElement)).toHaveLength(6));
    await expect(canvas.getByRole("searchbox", { name: "Search" })).toHaveValue("");
  },
};

/** More than a page: Next shows the rest. */
export const Pages: Story = {
  parameters: { msw: { handlers: { admin: adminHandlers.members(manyAdminMembersFixture) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await rows(canvasElement)).toHaveLength(50);
    await userEvent.click(canvas.getByRole("button", { name: "Next" }));
    await waitFor(async () => expect(await rows(canvasElement)).toHaveLength(6));
    await expect(canvas.getByRole("navigation", { name: "Pages of the members" })).toHaveTextContent("Page 2");
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { admin: adminHandlers.membersLoading } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status", { name: "Loading members" })).toBeVisible();
  },
};

export const Failed: Story = {
  parameters: { msw: { handlers: { admin: adminHandlers.membersError } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent(
      "The admin area is unavailable right now. Try again in a moment.",
    );
  },
};
