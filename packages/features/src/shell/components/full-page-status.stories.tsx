import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { FullPageError, FullPageLoading } from "./full-page-status";

const meta = {
  title: "Features/Shell/FullPageStatus",
  component: FullPageLoading,
  tags: ["mobile", "desktop"],
  parameters: { layout: "fullscreen", visual: { freezeAnimations: true } },
  args: { label: "Loading Vicinity..." },
} satisfies Meta<typeof FullPageLoading>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading Vicinity...");
  },
};

export const Failed: StoryObj<typeof FullPageError> = {
  args: { title: "We couldn't reach Vicinity", detail: "HTTP error! status: 503", onRetry: fn() },
  render: (args) => <FullPageError {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent("HTTP error! status: 503");
    await userEvent.click(canvas.getByRole("button", { name: "Try again" }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
