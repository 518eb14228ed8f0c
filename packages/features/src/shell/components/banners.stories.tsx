import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ConnectionBanner } from "./connection-banner";
import { AnonymousBanner } from "./anonymous-banner";

const meta = {
  title: "Features/Shell/ConnectionBanner",
  component: ConnectionBanner,
  tags: ["mobile", "desktop"],
  parameters: { layout: "fullscreen" },
  args: { state: "reconnecting" },
} satisfies Meta<typeof ConnectionBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Reconnecting: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Connection lost. Reconnecting...");
  },
};

export const Offline: Story = {
  args: { state: "disconnected" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("You are offline.");
  },
};

/** The guest's banner (AnonymousBanner): the spec's notice and the way to full access. */
export const Anonymous: StoryObj<typeof AnonymousBanner> = {
  render: () => <AnonymousBanner />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Browsing anonymously - limited features available")).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Sign Up for Full Access" })).toHaveAttribute("href", "/join");
  },
};
