import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { HeartHandshake, MessageCircle } from "lucide-react";
import { Button } from "./button";
import { EmptyState } from "./empty-state";

const meta = {
  title: "UI/EmptyState",
  component: EmptyState,
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
