import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { phrasesHandlers } from "../../../../../mocks/handlers";
import { SavedPhrasesSheet } from "./saved-phrases-sheet";

/** Saved phrases (issue 38 item 7), alone: Features/Messages/Composer SavedPhrases opens it from the composer. */
const meta = {
  title: "Features/Messages/SavedPhrasesSheet",
  component: SavedPhrasesSheet,
  tags: ["mobile", "desktop"],
  args: { draft: "", onUse: fn(), onClose: fn() },
  parameters: { msw: { handlers: { phrases: phrasesHandlers.some() } } },
} satisfies Meta<typeof SavedPhrasesSheet>;

export default meta;
type Story = StoryObj<typeof meta>;

const sheet = async () => within(await screen.findByRole("dialog", { name: "Saved phrases" }));

/** His phrases, oldest first: a tap uses one. */
export const Phrases: Story = {
  play: async ({ args }) => {
    const list = within(await (await sheet()).findByRole("list", { name: "Saved phrases" }));
    await expect(list.getAllByRole("listitem")).toHaveLength(3);
    await userEvent.click(list.getByRole("button", { name: "Free after 8 tonight. Drinks at the pier?" }));
    await expect(args.onUse).toHaveBeenCalledWith("Free after 8 tonight. Drinks at the pier?");
  },
};

/** None yet: what they are for, and the field to save the first. */
export const Empty: Story = {
  parameters: { msw: { handlers: { phrases: phrasesHandlers.none() } } },
  play: async () => {
    const s = await sheet();
    await expect(await s.findByRole("heading", { name: "No saved phrases yet" })).toBeVisible();
    await expect(s.getByRole("button", { name: "Save" })).toBeDisabled();
  },
};

export const Loading: Story = {
  tags: ["!mobile"],
  parameters: { msw: { handlers: { phrases: phrasesHandlers.loading } } },
  play: async () => {
    await expect(await (await sheet()).findByTestId("phrases-loading")).toBeVisible();
  },
};

/** The list does not come: said, with Try again. */
export const Failed: Story = {
  parameters: { msw: { handlers: { phrases: phrasesHandlers.failed } } },
  play: async () => {
    const s = await sheet();
    await expect(await s.findByRole("heading", { name: "Your phrases could not be loaded" })).toBeVisible();
    await expect(s.getByRole("button", { name: "Try again" })).toBeVisible();
  },
};

/** What he is writing is offered as the phrase to save; saved, it joins the list and the field empties. */
export const SaveWhatHeWrites: Story = {
  args: { draft: "  Running late, sorry!  " },
  play: async () => {
    const s = await sheet();
    const field = await s.findByRole("textbox", { name: "Save a phrase" });
    await expect(field).toHaveValue("Running late, sorry!");
    await userEvent.click(s.getByRole("button", { name: "Save" }));
    const list = within(s.getByRole("list", { name: "Saved phrases" }));
    await expect(await list.findByRole("button", { name: "Running late, sorry!" })).toBeVisible();
    await waitFor(() => expect(field).toHaveValue(""));
  },
};

/** A phrase he has already: said before he tries; the server's refusal is said too. */
export const SaveRefused: Story = {
  tags: ["!mobile"],
  parameters: { msw: { handlers: { phrases: phrasesHandlers.saveRefused } } },
  play: async () => {
    const s = await sheet();
    const field = await s.findByRole("textbox", { name: "Save a phrase" });
    await userEvent.type(field, "On my way, 10 minutes.");
    await expect(s.getByText("You saved this one already.")).toBeVisible();
    await expect(s.getByRole("button", { name: "Save" })).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, "Something new");
    await userEvent.click(s.getByRole("button", { name: "Save" }));
    await expect(await s.findByRole("alert")).toHaveTextContent("You already saved this phrase.");
  },
};

/** He removes one: gone from the list. */
export const RemoveOne: Story = {
  tags: ["!mobile"],
  play: async () => {
    const s = await sheet();
    await userEvent.click(await s.findByRole("button", { name: 'Remove "On my way, 10 minutes."' }));
    await waitFor(() => expect(s.queryByRole("button", { name: "On my way, 10 minutes." })).toBeNull());
    await expect(within(s.getByRole("list", { name: "Saved phrases" })).getAllByRole("listitem")).toHaveLength(2);
  },
};

/** Removing fails: he is told; the phrase stays. */
export const RemoveFails: Story = {
  tags: ["!mobile"],
  parameters: { msw: { handlers: { phrases: phrasesHandlers.removeFails } } },
  play: async () => {
    const s = await sheet();
    await userEvent.click(await s.findByRole("button", { name: 'Remove "On my way, 10 minutes."' }));
    await waitFor(() => expect(screen.getByText("The phrase was not removed")).toBeVisible());
    await expect(s.getByRole("button", { name: "On my way, 10 minutes." })).toBeVisible();
  },
};

/** Twenty kept, the most there can be: no field to save another, and why. */
export const Full: Story = {
  parameters: { msw: { handlers: { phrases: phrasesHandlers.full() } } },
  play: async () => {
    const s = await sheet();
    await expect(await s.findByTestId("phrases-full")).toHaveTextContent("You keep 20 phrases");
    await expect(s.queryByRole("textbox", { name: "Save a phrase" })).toBeNull();
  },
};
