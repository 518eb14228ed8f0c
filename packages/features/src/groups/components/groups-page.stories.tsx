import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { groupsApi, groupsHandlers, sessionHandlers } from "../../../../../mocks/handlers";
import { GroupsPage, NO_GROUPS_FOUND } from "./groups-page";

const JACKSONVILLE = { latitude: 30.3322, longitude: -81.6557, source: "device" as const };

const meta = {
  title: "Features/Groups/GroupsPage",
  component: GroupsPage,
  tags: ["mobile", "tablet", "desktop"],
  args: { location: JACKSONVILLE },
  parameters: {
    layout: "fullscreen",
    route: "/groups",
    msw: { handlers: { session: sessionHandlers.member, groups: groupsApi() } },
  },
} satisfies Meta<typeof GroupsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** His groups first, then the groups near him: size, distance, how to join, his pending request. */
export const NearMe: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const mine = within(await canvas.findByRole("region", { name: "Your groups" }));
    await expect(mine.getByRole("link", { name: "Beach volleyball crew" })).toBeVisible();
    await expect(mine.getByText("Member")).toBeVisible();
    const near = within(canvas.getByRole("region", { name: "Groups near you" }));
    await expect(near.getAllByTestId("group-card")).toHaveLength(3);
    await expect(near.getByText("Request sent")).toBeVisible();
    await expect(near.getByText("Invitation only")).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Create a group" })).toHaveAttribute("href", "/groups/new");
  },
};

/** A search by interest: the results, under "Results". */
export const SearchResults: Story = {
  args: { initialQuery: "running" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const results = within(await canvas.findByRole("region", { name: "Results" }));
    await expect(results.getAllByTestId("group-card")).toHaveLength(1);
    await expect(results.getByRole("link", { name: "Jax Runners" })).toBeVisible();
  },
};

/** Nothing matches: say so, and offer to start the group. */
export const EmptySearch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("region", { name: "Your groups" });
    await userEvent.type(canvas.getByRole("searchbox", { name: "Search groups" }), "underwater chess");
    await expect(await canvas.findByText(NO_GROUPS_FOUND)).toBeVisible();
    await expect(canvas.getByText(/Nothing matches “underwater chess”/)).toBeVisible();
  },
};

/** No groups at all near him yet. */
export const NoGroupsYet: Story = {
  parameters: { msw: { handlers: { groups: groupsApi(undefined, { list: [] }) } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(NO_GROUPS_FOUND)).toBeVisible();
    await expect(within(canvasElement).getByText("There are no groups here yet. Start the first one.")).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { groups: groupsHandlers.loading } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Loading groups…")).toBeVisible();
  },
};

/** The server failed: its message, and Try again. */
export const Failed: Story = {
  parameters: { msw: { handlers: { groups: groupsHandlers.error } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() =>
      expect(canvas.getByRole("alert")).toHaveTextContent("Groups are unavailable right now. Try again in a moment."),
    );
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeVisible();
  },
};
