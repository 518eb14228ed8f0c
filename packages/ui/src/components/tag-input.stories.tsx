import { useState } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { FormField } from "./form-field";
import { TagInput } from "./tag-input";

function Field({ initial = [], max = 5, disabled = false }: { initial?: string[]; max?: number; disabled?: boolean }) {
  const [tags, setTags] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="max-w-sm">
      <FormField
        label="Interests"
        hint={`${tags.length} of ${max}. Press Enter after each.`}
        error={problem ?? undefined}
      >
        {(control) => (
          <TagInput
            {...control}
            value={tags}
            onChange={setTags}
            max={max}
            disabled={disabled}
            listLabel="Chosen interests"
            problem={(tag) => (tag.length > 30 ? "An interest can be at most 30 characters" : null)}
            onProblem={setProblem}
          />
        )}
      </FormField>
    </div>
  );
}

const meta = {
  title: "UI/TagInput",
  component: Field,
  parameters: {
    docs: {
      description: {
        component: `A text field that turns what is typed into tags: a group's interests. Enter, a comma or leaving the field adds the tag; Backspace in the empty field takes the last one back; each tag has its remove button ("Remove hiking").

- **Props**: \`value\` and \`onChange\` (the tags), \`max\` (the field is disabled when full), \`listLabel\` (names the list of chosen tags), \`normalize\` (by default trimmed, lower case), \`problem\` and \`onProblem\` to refuse a tag with a reason.
- **Do** put it in a \`FormField\` with the function child, spreading its props, so the label, hint and error reach the field.
- **Do** say the limit in the hint, and how many are left.
- **Don't** use it for a fixed list of options: use checkboxes or \`Select\`.`,
      },
    },
  },
} satisfies Meta<typeof Field>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Enter and a comma add a tag (lower case, once); Backspace in the empty field takes the last one back. */
export const Typing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole("textbox", { name: "Interests" });
    await userEvent.type(field, "Hiking{Enter}Coffee,hiking{Enter}");
    const list = canvas.getByRole("list", { name: "Chosen interests" });
    await expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["hiking", "coffee"]);
    await expect(field).toHaveValue("");
    await userEvent.type(field, "{Backspace}");
    await expect(field).toHaveValue("coffee");
    await expect(within(list).getAllByRole("listitem")).toHaveLength(1);
  },
};

/** Each tag's remove button, by keyboard. */
export const Removing: Story = {
  args: { initial: ["sauna", "running", "books"] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole("button", { name: "Remove running" }).focus();
    await userEvent.keyboard("{Enter}");
    await expect(canvas.getByRole("list", { name: "Chosen interests" })).toHaveTextContent("saunabooks");
  },
};

/** A tag the caller refuses is kept in the field, with the reason as the field's error. */
export const Refused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole("textbox", { name: "Interests" });
    await userEvent.type(field, `${"a".repeat(31)}{Enter}`);
    await expect(await canvas.findByRole("alert")).toHaveTextContent("An interest can be at most 30 characters");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(canvas.queryByRole("list", { name: "Chosen interests" })).toBeNull();
  },
};

/** Full: the field is disabled until one is removed. */
export const Full: Story = {
  args: { initial: ["sauna", "running"], max: 2 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("textbox", { name: "Interests" })).toBeDisabled();
    await userEvent.click(canvas.getByRole("button", { name: "Remove sauna" }));
    await expect(canvas.getByRole("textbox", { name: "Interests" })).toBeEnabled();
  },
};
