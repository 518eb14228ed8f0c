import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { MemberActions } from "./member-action-buttons";

/** A member's Message and Profile buttons (the nearby card's and the map's member card's). */
const meta = {
  title: "Features/Shared/MemberActions",
  component: MemberActions,
  args: { name: "Anna", onMessage: fn(), onViewProfile: fn(), className: "w-64 gap-2" },
} satisfies Meta<typeof MemberActions>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Member: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Message Anna" }));
    await userEvent.click(canvas.getByRole("button", { name: "View Anna's profile" }));
    await expect(args.onMessage).toHaveBeenCalledTimes(1);
    await expect(args.onViewProfile).toHaveBeenCalledTimes(1);
  },
};

/** A visitor or guest: no Message button; the invitation stands in its place. */
export const Limited: Story = {
  args: { limited: true, invitation: <p className="text-sm text-muted-foreground">Sign up to message him.</p> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("button", { name: "Message Anna" })).toBeNull();
    await expect(canvas.getByText("Sign up to message him.")).toBeVisible();
  },
};
