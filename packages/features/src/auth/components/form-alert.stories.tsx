import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Alert } from "@vicinity/ui";

const meta = {
  title: "Features/Auth/FormAlert",
  component: Alert,
  tags: ["mobile", "desktop"],
  args: { children: "Invalid email or password" },
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ServerMessage: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Invalid email or password");
  },
};

/** A long message wraps beside its icon. */
export const LongMessage: Story = {
  args: { children: "Too many failed sign-in attempts. Try again in 15 minutes." },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent(
      "Too many failed sign-in attempts. Try again in 15 minutes.",
    );
  },
};
