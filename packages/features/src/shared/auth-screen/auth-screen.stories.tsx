import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Button } from "@vicinity/ui";
import { BrandMark } from "../brand/brand-mark";
import { AuthScreen } from "./auth-screen";

const meta = {
  title: "Features/Auth/AuthScreen",
  component: AuthScreen,
  // The wordmark it draws at the top (the landing page and the app's header draw it too).
  subcomponents: { BrandMark },
  tags: ["mobile", "desktop"],
  parameters: { layout: "fullscreen" },
  args: {
    title: "Welcome Back",
    subtitle: "Sign in to see who's around you tonight.",
    children: (
      <div className="grid h-48 place-items-center rounded-md border border-dashed text-sm text-muted-foreground">
        The screen's content
      </div>
    ),
  },
} satisfies Meta<typeof AuthScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The frame alone: the wordmark (a link home), the card with its title, the 18+ note. */
export const Frame: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Vicinity home" })).toHaveAttribute("href", "/");
    await expect(canvas.getByText(/for adults 18\+ only/)).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Terms" })).toHaveAttribute("href", "/terms");
    await expect(canvas.getByRole("link", { name: "Privacy" })).toHaveAttribute("href", "/privacy");
  },
};

export const WithHeaderAction: Story = {
  args: {
    headerAction: (
      <Button variant="ghost" size="sm">
        Back to Home
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Back to Home" })).toBeVisible();
  },
};
