import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { newMemberSettingsFixture, profileSettingsUserFixture } from "../../../../../mocks/fixtures/profile-settings";
import { AboutForm } from "./about-form";

const meta = {
  title: "Features/Profile/AboutForm",
  component: AboutForm,
  tags: ["mobile", "desktop"],
  args: { user: profileSettingsUserFixture, saving: false, error: null, onSave: fn() },
  render: (args) => (
    <div className="max-w-2xl">
      <AboutForm {...args} />
    </div>
  ),
} satisfies Meta<typeof AboutForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Filled in from the member; Save changes waits for a change; only the changes are sent. */
export const Filled: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const save = canvas.getByRole("button", { name: "Save changes" });
    await expect(save).toBeDisabled();
    await userEvent.selectOptions(canvas.getByRole("combobox", { name: "Body type" }), "muscular");
    await userEvent.clear(canvas.getByRole("textbox", { name: "Display name" }));
    await expect(save).toBeEnabled();
    await userEvent.click(save);
    await expect(args.onSave).toHaveBeenCalledWith({ displayName: null, bodyType: "muscular" });
  },
};

/** Discard changes puts back what is saved. */
export const Discard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("textbox", { name: "First name" }), "o");
    await userEvent.click(canvas.getByRole("button", { name: "Discard changes" }));
    await expect(canvas.getByRole("textbox", { name: "First name" })).toHaveValue("Marco");
    await expect(canvas.getByRole("button", { name: "Save changes" })).toBeDisabled();
  },
};

/** Interests: Enter or Add, trimmed, no duplicates (ignoring case), click to remove. */
export const Interests: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole("textbox", { name: "Interests" });
    await userEvent.type(input, "  hiking {Enter}");
    await userEvent.type(input, "BEACH");
    await userEvent.click(canvas.getByRole("button", { name: "Add" }));
    await expect(canvas.getByRole("alert")).toHaveTextContent("You already have that interest");
    const list = canvas.getByRole("list", { name: "Your interests" });
    await expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["beach", "architecture", "coffee", "hiking"]);
    await userEvent.click(within(list).getByRole("button", { name: "Remove coffee" }));
    await expect(within(list).getAllByRole("listitem")).toHaveLength(3);
  },
};

/** A member who filled in nothing: empty fields, "Not set" selects. */
export const NewMember: Story = {
  args: { user: newMemberSettingsFixture },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("textbox", { name: "First name" })).toHaveValue("");
    await expect(canvas.getByRole("combobox", { name: "Position" })).toHaveValue("");
    await userEvent.type(canvas.getByRole("textbox", { name: "Bio" }), "Hello");
    await userEvent.click(canvas.getByRole("button", { name: "Save changes" }));
    await expect(args.onSave).toHaveBeenCalledWith({ bio: "Hello" });
  },
};

/** Clearing the first name is refused here, with the server's words. */
export const EmptyFirstName: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.clear(canvas.getByRole("textbox", { name: "First name" }));
    await userEvent.click(canvas.getByRole("button", { name: "Save changes" }));
    await expect(canvas.getByRole("alert")).toHaveTextContent("First name cannot be empty");
    await expect(canvas.getByRole("textbox", { name: "First name" })).toHaveFocus();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

export const Saving: Story = {
  args: { saving: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole("textbox", { name: "Bio" }), "!");
    await expect(canvas.getByRole("button", { name: "Saving..." })).toBeDisabled();
  },
};

export const ServerError: Story = {
  args: { error: "Bio can be at most 500 characters" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Bio can be at most 500 characters");
  },
};
