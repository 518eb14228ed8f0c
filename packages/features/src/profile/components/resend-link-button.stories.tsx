import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { ResendLinkButton } from "./resend-link-button";

/** The confirmation link's "send it again" (the verify banner's and the account's email section's). */
const meta = {
  title: "Features/Profile/ResendLinkButton",
  component: ResendLinkButton,
  args: { label: "Send it again", resend: { isPending: false, mutate: fn() } },
} satisfies Meta<typeof ResendLinkButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Send it again" }));
    await expect(args.resend.mutate).toHaveBeenCalledTimes(1);
  },
};

export const Sending: Story = {
  args: { resend: { isPending: true, mutate: fn() } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button")).toHaveTextContent("Sending...");
  },
};
