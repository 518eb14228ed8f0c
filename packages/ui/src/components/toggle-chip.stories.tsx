import { useState } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Navigation, Sparkles, Zap } from "lucide-react";
import { ToggleChip } from "./toggle-chip";

const meta = {
  title: "UI/ToggleChip",
  component: ToggleChip,
  parameters: {
    docs: {
      description: {
        component: `A chip of a toolbar that is on or off: a sort ("Nearest", "Best match") or a filter ("Right Now", "This weekend"). It is a button with \`aria-pressed\`, so a screen reader says whether it is on.

- Put a group of them in a rounded, bordered box with \`role="group"\` and an \`aria-label\` ("Sort"); where one excludes the others, press only the chosen one.
- \`icon\` comes before the words: hide it from screen readers (\`aria-hidden\`), or pass \`null\`.
- **Do** keep the words short and the same whether pressed or not: the pressed look says the state.
- **Don't** use it to navigate or to submit: that is a link or a \`Button\`.`,
      },
    },
  },
  args: { pressed: false, onClick: fn(), icon: <Zap className="size-3.5" aria-hidden />, children: "Right Now" },
} satisfies Meta<typeof ToggleChip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {
  play: async ({ canvasElement, args }) => {
    const chip = within(canvasElement).getByRole("button", { name: "Right Now" });
    await expect(chip).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(chip);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const On: Story = { args: { pressed: true } };

function SortGroup() {
  const [sort, setSort] = useState<"nearest" | "best">("nearest");
  return (
    <div className="bg-card inline-flex rounded-pill border p-0.5" role="group" aria-label="Sort">
      <ToggleChip
        pressed={sort === "nearest"}
        onClick={() => setSort("nearest")}
        icon={<Navigation className="size-3.5" aria-hidden />}
      >
        Nearest
      </ToggleChip>
      <ToggleChip
        pressed={sort === "best"}
        onClick={() => setSort("best")}
        icon={<Sparkles className="size-3.5" aria-hidden />}
      >
        Best match
      </ToggleChip>
    </div>
  );
}

/** One of a group pressed at a time, as the nearby grid's sort. */
export const Group: Story = {
  render: () => <SortGroup />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Best match" }));
    await expect(canvas.getByRole("button", { name: "Best match" })).toHaveAttribute("aria-pressed", "true");
    await expect(canvas.getByRole("button", { name: "Nearest" })).toHaveAttribute("aria-pressed", "false");
  },
};
