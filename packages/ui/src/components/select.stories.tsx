import { useState } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { FormField } from "./form-field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./select";

const KINDS = [
  ["all", "Every kind"],
  ["member", "Members"],
  ["message", "Messages"],
  ["picture", "Pictures"],
  ["event", "Events"],
  ["group", "Groups", true],
] as const;

function KindField({ initial = "all", open }: { initial?: string; open?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <div className="grid max-w-xs gap-2">
      <FormField label="Kind of report">
        {(control) => (
          <Select value={value} onValueChange={setValue} defaultOpen={open}>
            <SelectTrigger {...control}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {KINDS.map(([key, label, disabled]) => (
                <SelectItem key={key} value={key} disabled={disabled}>
                  {label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      <p className="text-sm text-muted-foreground" data-testid="chosen">
        Chosen: {value}
      </p>
    </div>
  );
}

const meta = {
  title: "UI/Select",
  component: KindField,
  parameters: {
    docs: {
      description: {
        component: `One choice from a list (Radix Select): the trigger shows the choice; arrow keys, typeahead, Enter to choose, Escape to close and give focus back.

- **Parts**: \`Select\` (\`value\`, \`onValueChange\`), \`SelectTrigger\` with \`SelectValue\` (and its \`placeholder\`), \`SelectContent\`, \`SelectItem\`, \`SelectGroup\`.
- **Do** give the trigger a name: put it in a \`FormField\` (which gives it the id its label points at), or set \`aria-label\`.
- **Do** use it for about 5 to 15 options. Two or three read better as buttons side by side.
- **Don't** use it for actions: use \`DropdownMenu\`.`,
      },
    },
  },
} satisfies Meta<typeof KindField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Chosen by keyboard: open with Enter, arrows, Enter; focus returns to the trigger. */
export const Keyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole("combobox", { name: "Kind of report" });
    await expect(trigger).toHaveTextContent("Every kind");
    trigger.focus();
    await userEvent.keyboard("{Enter}");
    const list = await within(document.body).findByRole("listbox");
    await waitFor(() => expect(list).toBeVisible());
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    await waitFor(() => expect(canvas.getByTestId("chosen")).toHaveTextContent("Chosen: message"));
    await expect(trigger).toHaveTextContent("Messages");
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/**
 * Open, a disabled item among the choices. While a Radix Select is open it hides the rest of the
 * page from assistive tech (aria-hidden) and traps focus in the list, so nothing hidden can be
 * reached; axe's aria-hidden-focus sees the trigger behind the list as focusable all the same.
 */
export const Open: Story = {
  args: { initial: "picture", open: true },
  parameters: { a11y: { config: { rules: [{ id: "aria-hidden-focus", enabled: false }] } } },
  play: async () => {
    const list = await within(document.body).findByRole("listbox");
    await waitFor(() => expect(list).toBeVisible());
    await expect(within(list).getByRole("option", { name: "Pictures" })).toHaveAttribute("aria-selected", "true");
    await expect(within(list).getByRole("option", { name: "Groups" })).toHaveAttribute("aria-disabled", "true");
  },
};
