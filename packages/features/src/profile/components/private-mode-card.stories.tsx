import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { PrivateModeCard } from "./private-mode-card";

const meta = {
  title: "Features/Profile/PrivateModeCard",
  component: PrivateModeCard,
  tags: ["mobile", "desktop"],
  args: { enabled: false, saving: false, error: null, onChange: fn() },
  render: (args) => (
    <div className="max-w-md">
      <PrivateModeCard {...args} />
    </div>
  ),
} satisfies Meta<typeof PrivateModeCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A switch, named and explained; clicking its label turns it on too. */
export const Off: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole("switch", { name: "Private mode" });
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(toggle).toHaveAccessibleDescription(
      "Hides your distance ('Distance hidden') and keeps you off the map.",
    );
    await userEvent.click(canvas.getByText("Private mode"));
    await expect(args.onChange).toHaveBeenCalledWith(true);
  },
};

export const On: Story = {
  args: { enabled: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("switch", { name: "Private mode" })).toHaveAttribute("aria-checked", "true");
    await expect(canvas.getByText(/not on the map/)).toBeVisible();
    await userEvent.click(canvas.getByRole("switch", { name: "Private mode" }));
    await expect(args.onChange).toHaveBeenCalledWith(false);
  },
};

export const Saving: Story = {
  args: { enabled: true, saving: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("switch", { name: "Private mode" })).toBeDisabled();
    await expect(canvas.getByRole("status", { name: "Saving private mode" })).toBeInTheDocument();
  },
};

export const Failed: Story = {
  args: { error: "Service unavailable" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Service unavailable");
  },
};
