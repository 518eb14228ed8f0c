import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { mediaHandlers } from "../../../../../mocks/handlers";
import { ConversationList, ConversationListSkeleton } from "./conversation-list";
import { ME_ID, STORY_NOW, conversationsFixture, groupConversationFixture } from "./messages.fixtures";

const meta = {
  title: "Features/Messages/ConversationList",
  component: ConversationList,
  tags: ["mobile", "desktop"],
  decorators: [
    (Story) => (
      <div className="mx-auto w-full max-w-md overflow-hidden rounded-xl border border-border bg-surface">
        <Story />
      </div>
    ),
  ],
  args: {
    conversations: conversationsFixture,
    meId: ME_ID,
    selectedId: null,
    onSelect: fn(),
    typingIn: new Set(["c-leo"]),
    now: STORY_NOW,
  },
  parameters: { msw: { handlers: { media: mediaHandlers.portraits } } },
} satisfies Meta<typeof ConversationList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every avatar with a photo has loaded (initials show until then). */
const photosShown = (canvasElement: HTMLElement, count: number) =>
  waitFor(() => expect(canvasElement.querySelectorAll("[data-slot=avatar-image]")).toHaveLength(count));

const row = (canvasElement: HTMLElement, id: string) => {
  const button = canvasElement.querySelector<HTMLElement>(`button[data-conversation-id="${id}"]`);
  if (!button) throw new Error(`no conversation ${id}`);
  return button;
};

/** Unread (bold, counted), typing, a picture, my own last message, a deleted member, a blocked one, an empty one. */
export const Inbox: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole("list", { name: "Conversations" });
    await expect(within(list).getAllByRole("listitem")).toHaveLength(7);

    const jake = row(canvasElement, "c-jake");
    await expect(jake).toHaveTextContent("Jake");
    await expect(jake).toHaveTextContent("Still up for coffee at the pier tomorrow?");
    await expect(jake).toHaveTextContent("18:12");
    await expect(within(jake).getByText("3 unread")).toBeInTheDocument();
    await expect(jake).toHaveAttribute("data-unread", "true");

    // Typing replaces the preview; no display name: the username.
    const leo = row(canvasElement, "c-leo");
    await expect(leo).toHaveTextContent("leo_beach");
    await expect(within(leo).getByTestId("conversation-preview")).toHaveTextContent("typing...");
    await expect(leo).toHaveTextContent("14:05");

    // A picture without text, yesterday.
    const marco = row(canvasElement, "c-marco");
    await expect(within(marco).getByTestId("conversation-preview")).toHaveTextContent(/^Picture$/);
    await expect(marco).toHaveTextContent("Yesterday");
    await expect(within(marco).getByText("1 unread")).toBeInTheDocument();

    // Mine: "You: ", on one line; within the week: the weekday.
    const tom = row(canvasElement, "c-tom");
    await expect(within(tom).getByTestId("conversation-preview")).toHaveTextContent(
      "You: See you at the gym Same time as usual?",
    );
    await expect(tom).toHaveTextContent("Thu");
    await expect(tom).not.toHaveAttribute("data-unread");

    const deleted = row(canvasElement, "c-deleted");
    await expect(deleted).toHaveTextContent("Deleted member");
    await expect(deleted).toHaveTextContent("12 Nov");

    const sam = row(canvasElement, "c-sam");
    await expect(within(sam).getByText("Blocked")).toBeVisible();
    await expect(sam).toHaveTextContent("28 Oct");

    const dan = row(canvasElement, "c-new");
    await expect(dan).toHaveTextContent("Dan");
    await expect(dan).toHaveTextContent("No messages yet");
    await expect(dan).toHaveTextContent("3 Sep 2025");

    await expect(canvas.queryAllByRole("button", { current: true })).toHaveLength(0);
    await userEvent.click(jake);
    await expect(args.onSelect).toHaveBeenCalledWith("c-jake");
    await photosShown(canvasElement, 5);
  },
};

/** The open conversation is marked (desktop shows the list beside the thread). */
export const Selected: Story = {
  args: { selectedId: "c-marco", typingIn: new Set() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const current = canvas.getByRole("button", { current: true });
    await expect(current).toHaveAttribute("data-conversation-id", "c-marco");
    await expect(current).toHaveTextContent("Marco");
    await expect(within(row(canvasElement, "c-leo")).getByTestId("conversation-preview")).toHaveTextContent(
      "You: Haha, that was a great night",
    );
    await photosShown(canvasElement, 5);
  },
};

/** Many unread: the count is written out up to 99. */
export const ManyUnread: Story = {
  args: {
    conversations: [
      { ...conversationsFixture[0]!, unreadCount: 42 },
      { ...conversationsFixture[2]!, unreadCount: 250 },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("42 unread")).toBeInTheDocument();
    await expect(canvas.getByText("99+ unread")).toBeInTheDocument();
    await photosShown(canvasElement, 2);
  },
};

/** Direct and group conversations together: a group shows its title and a group mark, never "Deleted member". */
export const WithGroup: Story = {
  args: { conversations: [groupConversationFixture, ...conversationsFixture.slice(0, 2)], typingIn: new Set() },
  play: async ({ canvasElement, args }) => {
    const group = row(canvasElement, "c-group");
    await expect(group).toHaveTextContent("Beach volleyball crew");
    await expect(group).toHaveAccessibleName(/Beach volleyball crew\s*, group of 7 members/);
    await expect(group).not.toHaveTextContent("Deleted member");
    await expect(within(group).getByText("2 unread")).toBeInTheDocument();
    await userEvent.click(group);
    await expect(args.onSelect).toHaveBeenCalledWith("c-group");
    await photosShown(canvasElement, 2);
  },
};

export const Loading: Story = {
  render: () => <ConversationListSkeleton />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status", { name: "Loading conversations" })).toBeInTheDocument();
    await expect(canvasElement.querySelectorAll("[data-slot=skeleton]").length).toBeGreaterThan(6);
  },
};
