import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { AlbumNameDialog } from "./album-name-dialog";

/** An album's name, to make it or rename it; the page owns the request (Features/Albums/AlbumsPage). */
const meta = {
  title: "Features/Albums/AlbumNameDialog",
  component: AlbumNameDialog,
  tags: ["mobile", "desktop"],
  args: {
    title: "New album",
    description: "Only you see its name, and those you share it with.",
    submitLabel: "Create",
    busyLabel: "Creating...",
    busy: false,
    error: null,
    onSubmit: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof AlbumNameDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = async (name: string) => {
  const d = await screen.findByRole("dialog", { name });
  await waitFor(() => expect(d).toBeVisible());
  return within(d);
};

/** The name is trimmed; none at all is said, not sent. */
export const Create: Story = {
  play: async ({ args }) => {
    const d = await dialog("New album");
    await userEvent.click(d.getByRole("button", { name: "Create" }));
    await expect(d.getByText("Give the album a name")).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.type(d.getByRole("textbox", { name: "Album name" }), " Weekend {Enter}");
    await expect(args.onSubmit).toHaveBeenCalledWith("Weekend");
  },
};

/** The server's refusal, under the field. */
export const Refused: Story = {
  args: { error: "You can keep at most 10 albums. Delete one first." },
  play: async () => {
    const d = await dialog("New album");
    await expect(d.getByRole("textbox", { name: "Album name" })).toHaveAttribute("aria-invalid", "true");
    await expect(d.getByText("You can keep at most 10 albums. Delete one first.")).toBeVisible();
  },
};

/** Renaming starts from the name it has. */
export const Rename: Story = {
  tags: ["!mobile"],
  args: { title: "Rename album", submitLabel: "Save", busyLabel: "Saving...", initialName: "Weekend", busy: true },
  play: async () => {
    const d = await dialog("Rename album");
    await expect(d.getByRole("textbox", { name: "Album name" })).toHaveValue("Weekend");
    await expect(d.getByRole("button", { name: "Saving..." })).toBeDisabled();
  },
};
