import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Skeleton } from "./skeleton";

const meta = {
  title: "UI/Skeleton",
  component: Skeleton,
  args: { className: "h-4 w-48" },
} satisfies Meta<typeof Skeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="skeleton"]')).toHaveAttribute("aria-hidden", "true");
  },
};

/** A profile card while it loads: the placeholders are hidden from screen readers, the status is not. */
export const CardLike: Story = {
  render: () => (
    <div role="status" className="flex max-w-sm flex-col gap-4 rounded-lg border border-border bg-surface p-5">
      <span className="sr-only">Loading profile…</span>
      <div className="flex items-center gap-3">
        <Skeleton className="size-14 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/3" />
        </div>
      </div>
      <Skeleton className="aspect-[4/3] w-full rounded-lg" />
      <div className="grid gap-2">
        <Skeleton className="h-3 w-full" />
        <Skeleton className="h-3 w-5/6" />
      </div>
      <div className="flex gap-2">
        <Skeleton className="h-10 flex-1" />
        <Skeleton className="h-10 w-10" />
      </div>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading profile…");
    const blocks = canvasElement.querySelectorAll('[data-slot="skeleton"]');
    await expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) await expect(block).toHaveAttribute("aria-hidden", "true");
  },
};
