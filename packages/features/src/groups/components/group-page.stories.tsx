import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, screen, userEvent, waitFor, within } from "storybook/test";
import { GROUP_MEMBERS_PRIVATE } from "@vicinity/contract";
import { groupFixture } from "../../../../../mocks/fixtures/groups";
import { eventFixture, EVENTS_NEARBY } from "../../../../../mocks/fixtures/events";
import { groupsApi, groupsHandlers, sessionHandlers } from "../../../../../mocks/handlers";
import { GroupPage, GROUP_NOT_FOUND } from "./group-page";

const group = groupFixture();

const meta = {
  title: "Features/Groups/GroupPage",
  component: GroupPage,
  tags: ["mobile", "tablet", "desktop"],
  args: { id: group.id },
  parameters: {
    layout: "fullscreen",
    route: `/groups/${group.id}`,
    msw: { handlers: { session: sessionHandlers.member, groups: groupsApi() } },
  },
} satisfies Meta<typeof GroupPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const heading = async (root: HTMLElement) =>
  expect(await within(root).findByRole("heading", { level: 1, name: group.name })).toBeVisible();

/**
 * A visitor: the group, its rules, and an invitation to sign up; a group by request shows its
 * members to its members only (who belongs is private), so he reads that instead of the list.
 */
export const AsVisitor: Story = {
  parameters: { msw: { handlers: { session: sessionHandlers.visitor } } },
  play: async ({ canvasElement }) => {
    await heading(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId("group-members-private")).toHaveTextContent(`${GROUP_MEMBERS_PRIVATE}.`);
    await expect(canvas.queryByTestId("group-members")).toBeNull();
    await expect(await canvas.findByRole("link", { name: "Sign Up for Full Access" })).toBeVisible();
    await expect(canvas.getByRole("heading", { name: "Rules" })).toBeVisible();
    await expect(canvas.queryByRole("button", { name: /report/i })).toBeNull();
  },
};

/** A member who is not in it asks to join (by request): the request is sent and can be withdrawn. */
export const RequestToJoin: Story = {
  play: async ({ canvasElement }) => {
    await heading(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Request to join" }));
    await expect(await canvas.findByText("Request sent: a moderator will answer.")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Withdraw request" })).toBeVisible();
  },
};

/** An open group: Join, and he is in (the group chat, his settings, Leave). */
export const JoinOpen: Story = {
  parameters: { msw: { handlers: { groups: groupsApi(groupFixture({ joinPolicy: "open" })) } } },
  play: async ({ canvasElement }) => {
    await heading(canvasElement);
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Join" }));
    await expect(await canvas.findByRole("button", { name: "Group chat" })).toBeVisible();
    await expect(canvas.getByRole("checkbox", { name: "Show me in the group's member list" })).not.toBeChecked();
    await expect(canvas.getByRole("button", { name: "Leave the group" })).toBeVisible();
  },
};

/** A member: the chat, the group's events, his listing and mute, Leave (confirmed), report. */
export const AsMember: Story = {
  parameters: {
    msw: {
      handlers: {
        groups: groupsApi(
          groupFixture({ myRole: "member", conversationId: "5f0c8b7e-cccc-4c1d-8e2f-000000000003", listed: true }),
        ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await heading(canvasElement);
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("You are a member.")).toBeVisible();
    await expect(await canvas.findByText("No events planned yet.")).toBeVisible();
    await userEvent.click(canvas.getByRole("checkbox", { name: "Mute the group chat" }));
    await waitFor(() => expect(canvas.getByRole("checkbox", { name: "Mute the group chat" })).toBeChecked());
    await expect(canvas.queryByRole("link", { name: /manage/i })).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: "Leave the group" }));
    const dialog = await screen.findByRole("dialog", { name: `Leave ${group.name}?` });
    await waitFor(() => expect(dialog).toBeVisible());
  },
};

/** A member sees the group's upcoming events (members-only ones included), each linking to its page. */
export const MemberWithGroupEvents: Story = {
  parameters: {
    msw: {
      handlers: {
        groups: groupsApi(
          groupFixture({ myRole: "member", conversationId: "5f0c8b7e-cccc-4c1d-8e2f-000000000003", listed: true }),
          {
            events: [
              eventFixture({
                ...EVENTS_NEARBY[0],
                title: "Saturday river run",
                venueName: "Riverside Arts Market",
                groupId: groupFixture().id,
              }),
              eventFixture({ ...EVENTS_NEARBY[1], title: "Pace group social" }),
            ],
          },
        ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await heading(canvasElement);
    const canvas = within(canvasElement);
    const events = await canvas.findByRole("link", { name: "Saturday river run" });
    await expect(events).toHaveAttribute("href", `/events/${EVENTS_NEARBY[0]!.id}`);
    await expect(canvas.getByRole("link", { name: "Pace group social" })).toBeVisible();
    await expect(canvas.getByText(/Riverside Arts Market/)).toBeVisible();
  },
};

/** The group's events could not be loaded: said in their place, the rest of the page works. */
export const GroupEventsFailed: Story = {
  parameters: {
    msw: {
      handlers: {
        groups: groupsApi(
          groupFixture({ myRole: "member", conversationId: "5f0c8b7e-cccc-4c1d-8e2f-000000000003", listed: true }),
          { events: "error" },
        ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await heading(canvasElement);
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("Events are unavailable right now. Try again in a moment.")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Group chat" })).toBeEnabled();
  },
};

/** A moderator: Manage (with the requests waiting) and Edit. */
export const AsModerator: Story = {
  parameters: {
    msw: {
      handlers: {
        groups: groupsApi(
          groupFixture({
            myRole: "moderator",
            conversationId: "5f0c8b7e-cccc-4c1d-8e2f-000000000003",
            listed: true,
            pendingRequests: 3,
          }),
        ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await heading(canvasElement);
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("link", { name: /Manage/ })).toHaveAttribute(
      "href",
      `/groups/${group.id}/manage`,
    );
    await expect(canvas.getByText("3 waiting")).toBeInTheDocument();
    await expect(canvas.getByRole("link", { name: "Edit" })).toBeVisible();
  },
};

/** The owner: no Leave (he hands over first) and nothing to report. */
export const AsOwner: Story = {
  parameters: {
    msw: {
      handlers: {
        groups: groupsApi(
          groupFixture({ myRole: "owner", conversationId: "5f0c8b7e-cccc-4c1d-8e2f-000000000003", listed: true }),
        ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await heading(canvasElement);
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("You are the owner.")).toBeVisible();
    await expect(canvas.queryByRole("button", { name: "Leave the group" })).toBeNull();
    await expect(canvas.queryByRole("button", { name: "Report this group" })).toBeNull();
  },
};

/** Invited: accept or decline. */
export const Invited: Story = {
  parameters: {
    msw: { handlers: { groups: groupsApi(groupFixture({ joinPolicy: "invite", pending: "invitation" })) } },
  },
  play: async ({ canvasElement }) => {
    await heading(canvasElement);
    await expect(await within(canvasElement).findByRole("button", { name: "Accept invitation" })).toBeVisible();
  },
};

/** Reporting the group: a reason is required; the report is sent. */
export const Report: Story = {
  play: async ({ canvasElement }) => {
    await heading(canvasElement);
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Report this group" }));
    const dialog = await screen.findByRole("dialog", { name: `Report ${group.name}` });
    await waitFor(() => expect(dialog).toBeVisible());
    await userEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    await expect(within(dialog).getByText("Choose what is wrong.")).toBeVisible();
    await userEvent.click(within(dialog).getByRole("radio", { name: "Spam or scam" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    await waitFor(() => expect(screen.getByText("Report sent")).toBeVisible());
  },
};

export const NotFound: Story = {
  parameters: { msw: { handlers: { groups: groupsHandlers.notFound } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { name: GROUP_NOT_FOUND })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { groups: groupsHandlers.loading } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Loading the group…")).toBeVisible();
  },
};

export const Failed: Story = {
  parameters: { msw: { handlers: { groups: groupsHandlers.error } } },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Groups are unavailable right now."),
    );
  },
};
