import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { NO_MEMBER_FILTERS } from "@vicinity/contract";
import { MemberFiltersButton } from "./filters-button";
import { FiltersSheet } from "./filters-sheet";

/**
 * The Filters button and its sheet (issue 37), alone: the Discover Users grid, /browse and the live map show it in
 * their toolbar (Features/Discovery/DiscoveryPanel shows it applied, from the address, saved and failing to save;
 * Features/Map/LiveMapPage filtered on the server).
 */
const meta = {
  title: "Features/Shared/MemberFilters",
  component: MemberFiltersButton,
  // The sheet itself comes on demand (its own chunk) when the button first opens it.
  subcomponents: { FiltersSheet },
  tags: ["mobile", "desktop"],
  args: { filters: NO_MEMBER_FILTERS, onApply: fn(), saved: true },
} satisfies Meta<typeof MemberFiltersButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opened with nothing chosen: every choice at hand, "Show members" within a phone's reach. */
export const Open: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const sheet = within(await screen.findByRole("dialog", { name: "Filters" }));
    await expect(sheet.getByLabelText("From")).toHaveValue(18);
    await expect(sheet.getByLabelText("To")).toHaveValue(99);
    for (const name of ["Top", "Vers Bottom", "Athletic", "Online now", "With photos", "Right Now", "Favorites"])
      await expect(sheet.getByRole("button", { name })).toHaveAttribute("aria-pressed", "false");
    await expect(sheet.getByText(/We keep your choice for your next visit/)).toBeVisible();
    await expect(sheet.getByRole("button", { name: "Show members" })).toBeVisible();
  },
};

/** Filters in force: the button counts them; the sheet opens on them; "Clear all" and applying gives none. */
export const WithFilters: Story = {
  args: {
    filters: { ...NO_MEMBER_FILTERS, ageMin: 25, ageMax: 40, positions: ["versatile"], online: true },
    saved: false,
  },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Filters, 3 on" }));
    const sheet = within(await screen.findByRole("dialog", { name: "Filters" }));
    await expect(sheet.getByLabelText("From")).toHaveValue(25);
    await expect(sheet.getByRole("button", { name: "Versatile" })).toHaveAttribute("aria-pressed", "true");
    await expect(sheet.queryByText(/We keep your choice/)).toBeNull();
    // A visitor or guest keeps no favorites: no such choice.
    await expect(sheet.queryByRole("button", { name: "Favorites" })).toBeNull();
    await userEvent.click(sheet.getByRole("button", { name: "Clear all" }));
    await userEvent.click(sheet.getByRole("button", { name: "Show members" }));
    await expect(args.onApply).toHaveBeenCalledWith(NO_MEMBER_FILTERS);
  },
};

/** The sheet's code does not come (the connection dropped): he is told, and the button works again. */
export const SheetFailsToLoad: Story = {
  tags: ["!mobile"],
  args: { load: () => Promise.reject(new Error("Failed to fetch dynamically imported module")) },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "Filters" });
    await userEvent.click(button);
    await waitFor(() => expect(screen.getByText("Filters could not be opened")).toBeVisible());
    await expect(screen.getByText("Check your connection and try again.")).toBeVisible();
    await expect(screen.queryByRole("dialog", { name: "Filters" })).toBeNull();
    await expect(button).toBeEnabled();
  },
};
