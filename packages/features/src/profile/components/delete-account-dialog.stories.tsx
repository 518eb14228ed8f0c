import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { DeleteAccountDialog } from "./delete-account-dialog";

const meta = {
  title: "Features/Profile/DeleteAccountDialog",
  component: DeleteAccountDialog,
  tags: ["mobile", "desktop"],
  args: { open: true, onOpenChange: fn(), deleting: false, error: null, onConfirm: fn() },
} satisfies Meta<typeof DeleteAccountDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const shown = async () => {
  const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
};

/** The password is asked for; the focus starts inside; Enter confirms. */
export const Open: Story = {
  play: async ({ args }) => {
    const dialog = await shown();
    await expect(dialog).toHaveAccessibleDescription(/This cannot be undone/);
    await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    await expect(within(dialog).getByRole("alert")).toHaveTextContent("Enter your password to delete your account");
    await userEvent.type(within(dialog).getByLabelText("Your password"), "my-secret-1{Enter}");
    await expect(args.onConfirm).toHaveBeenCalledWith("my-secret-1");
  },
};

/** Escape closes it while nothing is under way. */
export const EscapeCloses: Story = {
  play: async ({ args }) => {
    await shown();
    await userEvent.keyboard("{Escape}");
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** Deleting: busy, and it cannot be closed. */
export const Deleting: Story = {
  args: { deleting: true },
  play: async ({ args }) => {
    const dialog = await shown();
    await expect(within(dialog).getByRole("button", { name: "Deleting..." })).toBeDisabled();
    await expect(within(dialog).getByRole("button", { name: "Keep my account" })).toBeDisabled();
    await userEvent.keyboard("{Escape}");
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

export const WrongPassword: Story = {
  args: { error: "That is not your password; your account was not deleted" },
  play: async () => {
    const dialog = await shown();
    await expect(within(dialog).getByRole("alert")).toHaveTextContent(
      "That is not your password; your account was not deleted",
    );
  },
};
