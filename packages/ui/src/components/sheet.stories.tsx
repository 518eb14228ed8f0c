import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, screen, userEvent, waitFor, within } from "storybook/test";
import { Button } from "./button";
import { Label } from "./label";
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "./sheet";

/** Waits for the open animations (slide-up, fade-in) so checks see the settled sheet. */
async function settled() {
  const finite = document
    .getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
  await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
}

const DISTANCES = ["1 km", "5 km", "25 km"] as const;

function FiltersBody() {
  return (
    <>
      <SheetHeader>
        <SheetTitle>Filters</SheetTitle>
        <SheetDescription>Choose who shows up on your map.</SheetDescription>
      </SheetHeader>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">Distance</legend>
        {DISTANCES.map((distance, index) => (
          <div key={distance} className="flex items-center gap-3">
            <input
              id={`sheet-distance-${index}`}
              type="radio"
              name="distance"
              defaultChecked={index === 1}
              className="size-4 accent-accent"
            />
            <Label htmlFor={`sheet-distance-${index}`}>Within {distance}</Label>
          </div>
        ))}
      </fieldset>
      <SheetFooter>
        <SheetClose asChild>
          <Button fullWidth>Show results</Button>
        </SheetClose>
        <SheetClose asChild>
          <Button fullWidth variant="ghost">
            Reset
          </Button>
        </SheetClose>
      </SheetFooter>
    </>
  );
}

const meta = {
  title: "UI/Sheet",
  component: SheetContent,
  parameters: {
    docs: {
      description: {
        component: `A panel that slides in from the bottom of the screen (phones: filters, a member's card on the map) or from the right (wider screens). Like \`Dialog\`, it keeps focus inside, closes with Escape, the X button or a tap outside, and gives focus back.

- **Sides**: \`bottom\` (the default: a handle on top, at most 90% of the screen's height) and \`right\` (at most 28 rem wide).
- **Parts**: \`SheetTrigger\`, \`SheetContent\` (\`side\`, \`showCloseButton\`, \`closeLabel\`), \`SheetHeader\` with \`SheetTitle\` and \`SheetDescription\`, \`SheetFooter\`.
- **Do** always give it a \`SheetTitle\`, and a \`SheetDescription\` (or \`aria-describedby={undefined}\`).
- **Do** use it on phones for what a wide screen shows beside the content: filters, the list beside a map.
- **Don't** open a sheet over another sheet or over a dialog.`,
      },
    },
  },
  tags: ["mobile"],
  globals: { viewport: { value: "mobile" } },
  render: (args) => (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="outline">Filters</Button>
      </SheetTrigger>
      <SheetContent {...args}>
        <FiltersBody />
      </SheetContent>
    </Sheet>
  ),
} satisfies Meta<typeof SheetContent>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  name: "Open (mobile, bottom)",
  render: (args) => (
    <Sheet defaultOpen>
      <SheetContent {...args}>
        <FiltersBody />
      </SheetContent>
    </Sheet>
  ),
  play: async () => {
    const sheet = await screen.findByRole("dialog", { name: "Filters" });
    await settled();
    await expect(sheet).toBeVisible();
    await expect(sheet).toHaveAttribute("data-side", "bottom");
    await expect(sheet).toHaveAccessibleDescription("Choose who shows up on your map.");
    await expect(within(sheet).getByRole("button", { name: "Close" })).toBeVisible();
  },
};

export const OpensFromTrigger: Story = {
  name: "Opens from its trigger, Escape closes",
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "Filters" });
    await userEvent.click(trigger);
    const sheet = await screen.findByRole("dialog", { name: "Filters" });
    await settled();
    await expect(sheet).toBeVisible();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

export const CloseButton: Story = {
  name: "Close button closes",
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Filters" }));
    const sheet = await screen.findByRole("dialog", { name: "Filters" });
    await settled();
    await userEvent.click(within(sheet).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  },
};

export const Right: Story = {
  name: "Right (desktop)",
  tags: ["!mobile", "desktop"],
  globals: { viewport: { value: "desktop" } },
  args: { side: "right" },
  render: Open.render,
  play: async () => {
    const sheet = await screen.findByRole("dialog", { name: "Filters" });
    await expect(sheet).toHaveAttribute("data-side", "right");
    await settled();
  },
};
