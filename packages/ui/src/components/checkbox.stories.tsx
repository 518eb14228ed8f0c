import { useState } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Checkbox } from "./checkbox";
import { Label } from "./label";

function Choices() {
  const [rows, setRows] = useState({ spam: true, photo: false, message: false });
  const values = Object.values(rows);
  const all = values.every(Boolean) ? true : values.some(Boolean) ? "indeterminate" : false;
  return (
    <div className="grid max-w-xs gap-3">
      <div className="flex items-center gap-2">
        <Checkbox
          id="all"
          checked={all}
          onCheckedChange={(v) => setRows({ spam: v === true, photo: v === true, message: v === true })}
        />
        <Label htmlFor="all">Select all reports</Label>
      </div>
      {(Object.keys(rows) as Array<keyof typeof rows>).map((key) => (
        <div key={key} className="flex items-center gap-2 pl-6">
          <Checkbox
            id={key}
            checked={rows[key]}
            onCheckedChange={(v) => setRows((r) => ({ ...r, [key]: v === true }))}
          />
          <Label htmlFor={key}>Report of a {key}</Label>
        </div>
      ))}
      <div className="flex items-center gap-2">
        <Checkbox id="off" disabled />
        <Label htmlFor="off">Disabled</Label>
      </div>
    </div>
  );
}

const meta = {
  title: "UI/Checkbox",
  component: Choices,
  parameters: {
    docs: {
      description: {
        component: `A yes/no choice that takes effect when a form is sent, or the selection of rows in a list (Radix: Space toggles it).

- **States**: unchecked, checked, and \`checked="indeterminate"\` (a dash), for a "select all" with some rows chosen.
- **Do** label it: a \`<Label htmlFor>\` after it, or an \`aria-label\` in a table row ("Select the report on Dante").
- **Don't** use it for a setting that applies at once: use \`Switch\`. For one choice among several, use \`Select\`.`,
      },
    },
  },
} satisfies Meta<typeof Choices>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Some rows chosen: "select all" shows a dash (mixed); Space checks by keyboard. */
export const SelectAll: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const all = canvas.getByRole("checkbox", { name: "Select all reports" });
    await expect(all).toHaveAttribute("aria-checked", "mixed");
    canvas.getByRole("checkbox", { name: "Report of a photo" }).focus();
    await userEvent.keyboard(" ");
    await userEvent.click(canvas.getByRole("checkbox", { name: "Report of a message" }));
    await expect(all).toBeChecked();
    await userEvent.click(all);
    await expect(canvas.getByRole("checkbox", { name: "Report of a spam" })).not.toBeChecked();
    await expect(canvas.getByRole("checkbox", { name: "Disabled" })).toBeDisabled();
  },
};
