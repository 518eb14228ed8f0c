import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, screen, userEvent, waitFor, within } from "storybook/test";
import { Button } from "./button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "./dialog";

/** Waits for the open animations (fade-in) so checks see the settled, fully opaque dialog. */
async function settled() {
  const finite = document
    .getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
  await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
}

const meta = {
  title: "UI/Dialog",
  component: DialogContent,
  parameters: {
    layout: "centered",
    docs: {
      description: {
        component: `A modal panel for a decision or a short task that should not leave the page: confirm a block, report a member, suspend. It keeps focus inside, closes with Escape or the X button, and gives focus back to what opened it (Radix).

- **Parts**: \`DialogTrigger\`, \`DialogContent\` (\`showCloseButton\`, \`closeLabel\`), \`DialogHeader\` with \`DialogTitle\` and \`DialogDescription\`, \`DialogFooter\` for the buttons (stacked on phones, in a row from \`sm\`).
- **Do** always give it a \`DialogTitle\`, and a \`DialogDescription\` (or \`aria-describedby={undefined}\`).
- **Do** name the buttons by their result ("Block Dante", "Not now"), the main one last.
- **Don't** use a dialog for long reading or for moving around: use a page. On phones, filters and choices go in a \`Sheet\`.`,
      },
    },
  },
  render: (args) => (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">Share my location</Button>
      </DialogTrigger>
      <DialogContent {...args}>
        <DialogHeader>
          <DialogTitle>Share your live location?</DialogTitle>
          <DialogDescription>
            Alex will see where you are for the next hour. You can stop sharing at any time.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Not now</Button>
          </DialogClose>
          <DialogClose asChild>
            <Button>Share for 1 hour</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
} satisfies Meta<typeof DialogContent>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  render: (args) => (
    <Dialog defaultOpen>
      <DialogContent {...args}>
        <DialogHeader>
          <DialogTitle>Share your live location?</DialogTitle>
          <DialogDescription>
            Alex will see where you are for the next hour. You can stop sharing at any time.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Not now</Button>
          </DialogClose>
          <DialogClose asChild>
            <Button>Share for 1 hour</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
  play: async () => {
    const dialog = await screen.findByRole("dialog", { name: "Share your live location?" });
    await settled();
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(
      "Alex will see where you are for the next hour. You can stop sharing at any time.",
    );
    await expect(within(dialog).getByRole("button", { name: "Close" })).toBeVisible();
  },
};

export const OpenAndEscape: Story = {
  name: "Opens from its trigger, Escape closes",
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "Share my location" });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole("dialog", { name: "Share your live location?" });
    await settled();
    await expect(dialog).toBeVisible();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

export const CloseButton: Story = {
  name: "Close button closes",
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Share my location" }));
    const dialog = await screen.findByRole("dialog");
    await settled();
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  },
};

export const WithoutCloseButton: Story = {
  args: { showCloseButton: false },
  render: Open.render,
  play: async () => {
    const dialog = await screen.findByRole("dialog");
    await expect(within(dialog).queryByRole("button", { name: "Close" })).toBeNull();
    await settled();
  },
};
