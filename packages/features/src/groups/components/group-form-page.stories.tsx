import type { Meta, StoryObj } from "@storybook/react-vite";
import { delay, http, HttpResponse } from "msw";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { GROUP_NAME_REFUSED, GROUP_NAME_TAKEN, GROUP_PATHS } from "@vicinity/contract";
import { groupFixture } from "../../../../../mocks/fixtures/groups";
import { emptyGroupForm } from "../model/form";
import { groupsApi, groupsHandlers, mapHandlers, sessionHandlers, shellHandlers } from "../../../../../mocks/handlers";
import { eventsMapReady, STORY_LOCATION } from "../../../../../mocks/story-maps";
import { GroupForm, GROUP_IDENTITY_LOCKED_HINT, INTEREST_TOO_LONG, JOIN_POLICY_HINTS } from "./group-form";
import { GroupFormPage, GROUP_NOT_EDITABLE } from "./group-form-page";

const FILLED = {
  name: "Jax Climbers",
  description: "Bouldering twice a week, then tacos.",
  rules: "Spot each other. Be kind.",
  interests: ["climbing", "tacos"],
};

const group = groupFixture({
  myRole: "moderator",
  conversationId: "5f0c8b7e-cccc-4c1d-8e2f-000000000003",
  listed: true,
});

const meta = {
  title: "Features/Groups/GroupFormPage",
  component: GroupFormPage,
  tags: ["mobile", "tablet", "desktop"],
  args: { location: STORY_LOCATION },
  parameters: {
    layout: "fullscreen",
    route: "/groups/new",
    msw: {
      handlers: {
        session: sessionHandlers.member,
        shell: shellHandlers.quiet,
        groups: groupsApi(group),
        map: mapHandlers.base,
      },
    },
  },
} satisfies Meta<typeof GroupFormPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Creating a group: open to all by default, its home area at his position. */
export const NewGroup: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await eventsMapReady(canvasElement, 1);
    await expect(canvas.getByRole("radio", { name: /Anyone can join/ })).toBeChecked();
    await expect(canvas.getByText(JOIN_POLICY_HINTS.invite)).toBeVisible();
    await expect(canvas.getByRole("checkbox", { name: "The group has a home area" })).toBeChecked();
    await expect(canvas.getByRole("button", { name: "Create group" })).toBeEnabled();
  },
};

/** Filled in by keyboard: interests by Enter, the policy by arrow keys, no home area. */
export const FilledByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await eventsMapReady(canvasElement, 1);
    await userEvent.type(canvas.getByRole("textbox", { name: /Name/ }), "Jax Climbers");
    await userEvent.type(canvas.getByRole("textbox", { name: "Interests" }), "Climbing{Enter}tacos,");
    await expect(canvas.getByRole("list", { name: "The group's interests" })).toHaveTextContent("climbingtacos");
    canvas.getByRole("radio", { name: /Anyone can join/ }).focus();
    await userEvent.keyboard("{ArrowDown}");
    await expect(canvas.getByRole("radio", { name: /Members ask to join/ })).toBeChecked();
    await userEvent.click(canvas.getByRole("checkbox", { name: "The group has a home area" }));
    await expect(canvas.getByText("Without one, the group is found by its name and interests only.")).toBeVisible();
    await expect(canvasElement.querySelector(".leaflet-container")).toBeNull();
  },
};

/** Submitting an empty form: the name says what it needs, in the contract's words. */
export const EmptyErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await eventsMapReady(canvasElement, 1);
    await userEvent.click(canvas.getByRole("button", { name: "Create group" }));
    await expect(await canvas.findByText("Name must be at least 3 characters")).toBeVisible();
    await expect(canvas.getByRole("textbox", { name: /Name/ })).toHaveAttribute("aria-invalid", "true");
  },
};

/** Every field over its limit at once: each says so. */
export const TooLong: Story = {
  args: {
    initialValues: { ...FILLED, name: "N".repeat(61), description: "Word ".repeat(401), rules: "Rule ".repeat(401) },
    showErrorsAtOnce: true,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await eventsMapReady(canvasElement, 1);
    await expect(canvas.getByText("Name can be at most 60 characters")).toBeVisible();
    await expect(canvas.getByText("Description can be at most 2000 characters")).toBeVisible();
    await expect(canvas.getByText("Rules can be at most 2000 characters")).toBeVisible();
  },
};

/** An interest over 30 characters stays in the field, with why. */
export const InterestTooLong: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await eventsMapReady(canvasElement, 1);
    await userEvent.type(canvas.getByRole("textbox", { name: "Interests" }), `${"x".repeat(31)}{Enter}`);
    await expect(await canvas.findByText(INTEREST_TOO_LONG)).toBeVisible();
    await expect(canvas.getByRole("textbox", { name: "Interests" })).toHaveValue("x".repeat(31));
  },
};

/** The server refuses a name another group has (409): said above the button, the form kept. */
export const NameTaken: Story = {
  args: { initialValues: FILLED },
  parameters: {
    msw: { handlers: { groups: groupsApi(group, { saveError: { status: 409, message: GROUP_NAME_TAKEN } }) } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await eventsMapReady(canvasElement, 1);
    await userEvent.click(canvas.getByRole("button", { name: "Create group" }));
    await expect(await canvas.findByTestId("server-error")).toHaveTextContent(GROUP_NAME_TAKEN);
    await expect(canvas.getByRole("textbox", { name: /Name/ })).toHaveValue("Jax Climbers");
  },
};

/** A name the abuse filter refuses (400). */
export const NameRefused: Story = {
  args: { initialValues: FILLED },
  parameters: {
    msw: { handlers: { groups: groupsApi(group, { saveError: { status: 400, message: GROUP_NAME_REFUSED } }) } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await eventsMapReady(canvasElement, 1);
    await userEvent.click(canvas.getByRole("button", { name: "Create group" }));
    await expect(await canvas.findByTestId("server-error")).toHaveTextContent(GROUP_NAME_REFUSED);
  },
};

/** The daily limit on new groups (429). */
export const DailyLimit: Story = {
  args: { initialValues: FILLED },
  parameters: {
    msw: {
      handlers: {
        groups: groupsApi(group, { saveError: { status: 429, message: "You can create at most 3 groups a day." } }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await eventsMapReady(canvasElement, 1);
    await userEvent.click(canvas.getByRole("button", { name: "Create group" }));
    await expect(await canvas.findByTestId("server-error")).toHaveTextContent("You can create at most 3 groups a day.");
  },
};

/** While the server stores it, the button says so. */
export const Submitting: Story = {
  args: { initialValues: FILLED },
  parameters: {
    msw: {
      handlers: {
        groups: [
          http.post(GROUP_PATHS.groups, async () => {
            await delay("infinite");
            return HttpResponse.json(null);
          }),
          ...groupsApi(group),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await eventsMapReady(canvasElement, 1);
    await userEvent.click(canvas.getByRole("button", { name: "Create group" }));
    await expect(await canvas.findByRole("button", { name: /Creating/ })).toBeDisabled();
  },
};

/** A moderator edits the group: its values, but not its name or who can join; only the owner may delete it. */
export const EditAsModerator: Story = {
  args: { id: group.id },
  parameters: { route: `/groups/${group.id}/edit` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByDisplayValue("Jax Runners")).toBeVisible();
    await eventsMapReady(canvasElement, 1);
    await expect(canvas.getByRole("radio", { name: /Members ask to join/ })).toBeChecked();
    await expect(canvas.getByRole("list", { name: "The group's interests" })).toHaveTextContent("runningcoffee");
    await expect(canvas.queryByRole("button", { name: "Delete the group" })).toBeNull();
    // The name and who can join are the owner's alone to change: shown, not editable, and said why.
    await expect(canvas.getByDisplayValue("Jax Runners")).toBeDisabled();
    for (const radio of canvas.getAllByRole("radio")) await expect(radio).toBeDisabled();
    await expect(canvas.getByText(GROUP_IDENTITY_LOCKED_HINT)).toBeVisible();
  },
};

/** The owner's edit page ends with deleting the group, asked once more. */
export const OwnerDeletes: Story = {
  args: { id: group.id },
  parameters: {
    route: `/groups/${group.id}/edit`,
    msw: { handlers: { groups: groupsApi({ ...group, myRole: "owner" }) } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Delete the group" }));
    const dialog = await within(document.body).findByRole("dialog", { name: "Delete Jax Runners?" });
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(dialog).toHaveTextContent("124 members lose the group and its chat at once");
  },
};

/** A member who is not a moderator is told he cannot edit it. */
export const NotAllowed: Story = {
  args: { id: group.id },
  parameters: {
    route: `/groups/${group.id}/edit`,
    msw: { handlers: { groups: groupsApi({ ...group, myRole: "member" }) } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(GROUP_NOT_EDITABLE)).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Back to the group" })).toHaveAttribute(
      "href",
      `/groups/${group.id}`,
    );
  },
};

export const NotFound: Story = {
  args: { id: group.id },
  parameters: { route: `/groups/${group.id}/edit`, msw: { handlers: { groups: groupsHandlers.notFound } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Group not found.")).toBeVisible();
  },
};

export const Loading: Story = {
  args: { id: group.id },
  parameters: { route: `/groups/${group.id}/edit`, msw: { handlers: { groups: groupsHandlers.loading } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Loading the group…")).toBeVisible();
  },
};

const submitted = fn();

/** The form alone: what it sends is the contract's input (the name trimmed, no home area as null). */
export const SendsTheInput: Story = {
  render: () => (
    <GroupForm
      initial={{ ...emptyGroupForm(STORY_LOCATION), ...FILLED, name: "  Jax Climbers ", hasHome: false }}
      creating
      submitting={false}
      onSubmit={submitted}
    />
  ),
  play: async ({ canvasElement }) => {
    submitted.mockClear();
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("radio", { name: /By invitation only/ }));
    await userEvent.click(canvas.getByRole("button", { name: "Create group" }));
    await expect(submitted).toHaveBeenCalledWith({
      ...FILLED,
      name: "Jax Climbers",
      joinPolicy: "invite",
      home: null,
      coverMediaId: null,
    });
  },
};
