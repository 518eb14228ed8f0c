import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { HeartHandshake, MessageCircle } from "lucide-react";
import { Button } from "./button";
import { EmptyState } from "./empty-state";

const meta = {
  title: "UI/EmptyState",
  component: EmptyState,
  parameters: {
    docs: {
      description: {
        component: `What a list or screen shows when it has nothing in it yet: no matches, no messages, no events near you.

- **Parts**: \`icon\` (decorative, hidden from screen readers), \`title\`, \`description\`, \`action\` (a \`Button\` or a link); \`level\` sets the title's heading level (2 by default) to fit the page.
- **Do** say why it is empty and what to do next, in the member's words: "No events nearby", then "Host an event".
- **Do** use it when a search finds nothing, with a way to widen the search.
- **Don't** use it for errors (say what failed and offer to try again) or while loading (use \`Skeleton\` or \`Spinner\`).`,
      },
    },
  },
  args: {
    icon: <HeartHandshake />,
    title: "No matches yet",
    description: "Turn on Right Now to show up for people nearby who want to meet tonight.",
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithAction: Story = {
  args: { action: <Button>Turn on Right Now</Button> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 2, name: "No matches yet" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Turn on Right Now" })).toBeVisible();
  },
};

export const WithoutAction: Story = {
  args: {
    icon: <MessageCircle />,
    title: "No messages",
    description: "When someone writes to you, the conversation shows up here.",
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "No messages" })).toBeVisible();
    await expect(canvas.queryByRole("button")).toBeNull();
  },
};

export const TitleOnly: Story = {
  args: { icon: undefined, description: undefined, title: "Nothing here" },
};

export const HeadingLevel: Story = {
  name: "Heading level 3",
  args: { level: 3 },
  render: (args) => (
    <section aria-labelledby="empty-state-section">
      <h2 id="empty-state-section" className="font-display text-2xl font-semibold">
        Matches
      </h2>
      <EmptyState {...args} />
    </section>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { level: 3, name: "No matches yet" })).toBeVisible();
  },
};
