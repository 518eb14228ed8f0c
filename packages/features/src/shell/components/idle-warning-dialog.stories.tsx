import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, screen, userEvent, waitFor } from "storybook/test";
import { IdleWarningDialog } from "./idle-warning-dialog";

const meta = {
  title: "Features/Shell/IdleWarningDialog",
  component: IdleWarningDialog,
  tags: ["mobile", "desktop"],
  args: { open: true, secondsLeft: 60, onStay: fn() },
} satisfies Meta<typeof IdleWarningDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One minute before automatic logout: the countdown starts at 60. */
export const AtSixtySeconds: Story = {
  play: async () => {
    const dialog = await screen.findByRole("alertdialog");
    await expect(dialog).toHaveTextContent("signed out in 60 seconds");
    await expect(screen.getByRole("button", { name: "Stay signed in" })).toHaveFocus();
  },
};

export const AtThreeSeconds: Story = {
  args: { secondsLeft: 3 },
  play: async ({ args }) => {
    await expect(await screen.findByTestId("idle-seconds")).toHaveTextContent("3");
    await userEvent.click(screen.getByRole("button", { name: "Stay signed in" }));
    await expect(args.onStay).toHaveBeenCalledTimes(1);
    // The dialog stays open (its parent closes it): shown whole, once its opening fade (from
    // opacity 0) has ended, which a busy machine may not have reached yet.
    await waitFor(() => expect(screen.getByRole("alertdialog")).toBeVisible());
  },
};

export const LastSecond: Story = {
  args: { secondsLeft: 1 },
  play: async () => {
    await expect(await screen.findByRole("alertdialog")).toHaveTextContent("signed out in 1 second.");
  },
};

/** Escape counts as 'stay'. */
export const EscapeStays: Story = {
  args: { secondsLeft: 42 },
  play: async ({ args }) => {
    await screen.findByRole("alertdialog");
    await userEvent.keyboard("{Escape}");
    await expect(args.onStay).toHaveBeenCalled();
  },
};
