import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Skeleton } from "./skeleton";

const meta = {
  title: "UI/Skeleton",
  component: Skeleton,
  parameters: {
    docs: {
      description: {
        component: `A pulsing placeholder in the shape of content that is loading: a card, a line of text, an avatar. Hidden from screen readers.

- Shape it with classes: \`h-4 w-48\` for a line of text, \`size-10 rounded-full\` for an avatar.
- **Do** draw the layout the content will take, so nothing jumps when it arrives.
- **Do** say that it is loading once for screen readers, elsewhere on the screen (a \`Spinner\` with a \`label\`, or visually hidden text).
- **Don't** replace content that is already on screen with skeletons while it refreshes.`,
      },
    },
  },
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
