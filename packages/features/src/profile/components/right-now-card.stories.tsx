import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { RightNowCard } from "./right-now-card";

const meta = {
  title: "Features/Profile/RightNowCard",
  component: RightNowCard,
  tags: ["mobile", "desktop"],
  args: { active: null, pending: null, error: null, onStart: fn(), onEnd: fn() },
  render: (args) => (
    <div className="max-w-md">
      <RightNowCard {...args} />
    </div>
  ),
} satisfies Meta<typeof RightNowCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Not Right Now: a short note (trimmed, at most 80 characters) starts it. */
export const Off: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const note = canvas.getByRole("textbox", { name: "What are you up for?" });
    await expect(note).toHaveAttribute("maxlength", "80");
    await userEvent.type(note, "   ");
    await userEvent.click(canvas.getByRole("button", { name: "Go Right Now" }));
    await expect(canvas.getByRole("alert")).toHaveTextContent("Say what you are up for");
    await expect(args.onStart).not.toHaveBeenCalled();
    await userEvent.type(note, "Coffee {Enter}");
    await expect(args.onStart).toHaveBeenCalledWith("Coffee");
  },
};

export const Active: Story = {
  args: { active: { note: "Coffee at the pier, anyone?", minutesLeft: 43 } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Right Now for 43 more minutes")).toBeVisible();
    await expect(canvas.getByText("Live")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "End Right Now" }));
    await expect(args.onEnd).toHaveBeenCalled();
  },
};

export const LastMinute: Story = {
  args: { active: { note: "Still at the bar", minutesLeft: 1 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Right Now for 1 more minute")).toBeVisible();
  },
};

export const Starting: Story = {
  args: { pending: "starting" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Starting..." })).toBeDisabled();
  },
};

export const Ending: Story = {
  args: { active: { note: "Coffee", minutesLeft: 12 }, pending: "ending" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Ending..." })).toBeDisabled();
  },
};

export const Failed: Story = {
  args: { error: "Service unavailable" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Service unavailable");
  },
};
