import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { ProfileSettingsError, ProfileSettingsLoading } from "./profile-settings-status";

const meta = {
  title: "Features/Profile/ProfileSettingsStatus",
  component: ProfileSettingsError,
  tags: ["mobile", "desktop"],
  parameters: { layout: "fullscreen" },
  args: { message: "Your profile could not be loaded. Please try again.", onRetry: fn() },
} satisfies Meta<typeof ProfileSettingsError>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Failed: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent("Your profile could not be loaded. Please try again.");
    await userEvent.click(canvas.getByRole("button", { name: "Try again" }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Retrying: Story = {
  args: { retrying: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Trying again..." })).toBeDisabled();
  },
};

export const Loading: StoryObj<typeof ProfileSettingsLoading> = {
  render: () => <ProfileSettingsLoading />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading your profile...");
  },
};
