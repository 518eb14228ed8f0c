import type { Meta, StoryObj } from "@storybook/react-vite";
import { http, HttpResponse } from "msw";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { memberFixture } from "../../../../../mocks/fixtures/users";
import { groupFixture, groupMembersAs } from "../../../../../mocks/fixtures/groups";
import { groupsApi, groupsHandlers, sessionHandlers, shellHandlers } from "../../../../../mocks/handlers";
import { GroupManagePage, GROUP_NOT_MANAGED, NO_REQUESTS } from "./group-manage-page";

const CHAT = "5f0c8b7e-cccc-4c1d-8e2f-000000000003";
const asOwner = groupFixture({ myRole: "owner", conversationId: CHAT, listed: true, pendingRequests: 2 });
const asModerator = groupFixture({ myRole: "moderator", conversationId: CHAT, listed: true, pendingRequests: 2 });
const ownerApi = (options: Parameters<typeof groupsApi>[1] = {}) =>
  groupsApi(asOwner, { members: groupMembersAs("owner"), ...options });
const moderatorApi = (options: Parameters<typeof groupsApi>[1] = {}) =>
  groupsApi(asModerator, { members: groupMembersAs("moderator"), ...options });

const meta = {
  title: "Features/Groups/GroupManagePage",
  component: GroupManagePage,
  tags: ["mobile", "tablet", "desktop"],
  args: { id: asOwner.id },
  parameters: {
    layout: "fullscreen",
    route: `/groups/${asOwner.id}/manage`,
    msw: { handlers: { session: sessionHandlers.member, shell: shellHandlers.quiet, groups: ownerApi() } },
  },
} satisfies Meta<typeof GroupManagePage>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** Requests waiting open the page on their tab; approving one lets him in at once. */
export const Requests: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { level: 1, name: "Manage Jax Runners" })).toBeVisible();
    await expect(canvas.getByRole("tab", { name: /Requests/ })).toHaveAttribute("aria-selected", "true");
    const list = await canvas.findByRole("list", { name: "Requests to join" });
    await expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    await expect(canvas.getByRole("heading", { name: "Invited, not answered yet" })).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Approve river_ben" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(1));
    await expect(canvas.getByRole("tab", { name: /Requests/ })).toHaveTextContent("1");
  },
};

/** Nobody waiting: the empty state says where requests come from. */
export const NoRequests: Story = {
  args: { initialTab: "requests" },
  parameters: {
    msw: {
      handlers: {
        groups: groupsApi({ ...asOwner, pendingRequests: 0 }, { members: groupMembersAs("owner"), requests: [] }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(NO_REQUESTS)).toBeVisible();
    await expect(canvas.getByText("When a member asks to join, he appears here.")).toBeVisible();
  },
};

/** The server refuses an answer: its message, and the request stays. */
export const ActionRefused: Story = {
  parameters: {
    msw: { handlers: { groups: ownerApi({ actionError: { status: 409, message: "He is already a member" } }) } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Refuse tom.k" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent("He is already a member");
    await expect(within(canvas.getByRole("list", { name: "Requests to join" })).getAllByRole("listitem")).toHaveLength(
      2,
    );
  },
};

/** The requests could not be loaded. */
export const RequestsError: Story = {
  parameters: {
    msw: {
      handlers: {
        groups: [
          http.get("/api/groups/:id/requests", () =>
            HttpResponse.json({ message: "Groups are unavailable right now. Try again in a moment." }, { status: 503 }),
          ),
          ...ownerApi(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent(
      "Groups are unavailable right now. Try again in a moment.",
    );
  },
};

/** The owner's menu on a moderator: make member, hand over, remove. */
export const OwnerMemberMenu: Story = {
  args: { initialTab: "members" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole("list", { name: "Members" });
    // Nothing on his own row.
    await expect(within(list).getByText(memberFixture.displayName ?? memberFixture.username)).toBeVisible();
    await expect(
      within(list).queryByRole("button", {
        name: `Options for ${memberFixture.displayName ?? memberFixture.username}`,
      }),
    ).toBeNull();
    await userEvent.click(within(list).getByRole("button", { name: "Options for Marcus" }));
    const menu = await body().findByRole("menu");
    await expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((i) => i.textContent?.trim()),
    ).toEqual(["Make member", "Hand over ownership", "Remove from the group"]);
  },
};

/** A moderator removes members only: no role changes, nothing on the owner or another moderator. */
export const ModeratorMembers: Story = {
  args: { initialTab: "members" },
  parameters: { msw: { handlers: { groups: moderatorApi() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole("list", { name: "Members" });
    await expect(within(list).queryByRole("button", { name: "Options for Jake" })).toBeNull();
    await expect(within(list).queryByRole("button", { name: "Options for Marcus" })).toBeNull();
    await userEvent.click(within(list).getByRole("button", { name: "Options for dante_j" }));
    const menu = await body().findByRole("menu");
    await expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((i) => i.textContent?.trim()),
    ).toEqual(["Remove from the group"]);
  },
};

/** Removing a member is asked once more; once done he is gone from the list. */
export const RemoveMember: Story = {
  args: { initialTab: "members" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole("list", { name: "Members" });
    await userEvent.click(within(list).getByRole("button", { name: "Options for dante_j" }));
    await userEvent.click(await body().findByRole("menuitem", { name: "Remove from the group" }));
    const dialog = await body().findByRole("dialog", { name: "Remove dante_j?" });
    await waitFor(() => expect(dialog).toBeVisible());
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(within(list).queryByText("dante_j")).toBeNull());
  },
};

/** Handing the group over, asked once more. */
export const HandOver: Story = {
  args: { initialTab: "members" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole("list", { name: "Members" });
    await userEvent.click(within(list).getByRole("button", { name: "Options for Marcus" }));
    await userEvent.click(await body().findByRole("menuitem", { name: "Hand over ownership" }));
    const dialog = await body().findByRole("dialog", { name: "Hand Jax Runners over to marcus?" });
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(dialog).toHaveTextContent("you stay as a moderator");
  },
};

/** Inviting by username: sent, then a name nobody has. */
export const Invite: Story = {
  args: { initialTab: "invite" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = await canvas.findByRole("textbox", { name: /Username/ });
    await userEvent.type(field, "@luis_m{Enter}");
    await expect(await canvas.findByRole("status")).toHaveTextContent("Invitation sent to @luis_m.");
    await expect(field).toHaveValue("");
  },
};

export const InviteUnknown: Story = {
  args: { initialTab: "invite" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole("textbox", { name: /Username/ }), "nobody");
    await userEvent.click(canvas.getByRole("button", { name: "Invite" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent("Member not found");
    await expect(canvas.getByRole("textbox", { name: /Username/ })).toHaveAttribute("aria-invalid", "true");
  },
};

export const InviteEmpty: Story = {
  args: { initialTab: "invite" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Invite" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent("Type a username");
  },
};

/** Every change of membership, newest first. */
export const Log: Story = {
  args: { initialTab: "log" },
  play: async ({ canvasElement }) => {
    const log = await within(canvasElement).findByRole("list", { name: "The group's log" });
    const lines = within(log).getAllByRole("listitem");
    await expect(lines).toHaveLength(7);
    await expect(lines[0]).toHaveTextContent("marcus removed a message from the group chat");
    await expect(lines[6]).toHaveTextContent("jake28 created the group");
  },
};

/** A member who is not a moderator is told he cannot manage it. */
export const NotAllowed: Story = {
  parameters: { msw: { handlers: { groups: groupsApi({ ...asOwner, myRole: "member" }) } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(GROUP_NOT_MANAGED)).toBeVisible();
  },
};

export const NotFound: Story = {
  parameters: { msw: { handlers: { groups: groupsHandlers.notFound } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("Group not found.")).toBeVisible();
    await expect(canvas.getByRole("link", { name: "All groups" })).toHaveAttribute("href", "/groups");
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { groups: groupsHandlers.loading } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Loading the group…")).toBeVisible();
  },
};
