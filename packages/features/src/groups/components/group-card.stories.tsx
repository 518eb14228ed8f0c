import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { groupSummariesFixture } from "../../../../../mocks/fixtures/groups";
import { GroupCard } from "./group-card";

const meta = {
  title: "Features/Groups/GroupCard",
  component: GroupCard,
  tags: ["mobile", "desktop"],
  args: { group: groupSummariesFixture[0]! },
  render: (args) => (
    <ul className="grid max-w-xl gap-3">
      <GroupCard {...args} />
    </ul>
  ),
} satisfies Meta<typeof GroupCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One of his groups, with its cover: his role, its interests. */
export const Mine: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Member")).toBeVisible();
    await expect(within(canvasElement).getByText("38 members")).toBeVisible();
  },
};

/** By invitation only, no cover: the initial stands in. */
export const InvitationOnly: Story = {
  args: { group: groupSummariesFixture[3]! },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Invitation only")).toBeVisible();
  },
};
