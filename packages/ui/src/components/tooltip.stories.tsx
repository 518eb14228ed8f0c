import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, screen, userEvent, waitFor, within } from "storybook/test";
import { Info } from "lucide-react";
import { Button } from "./button";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger, TOOLTIP_OPEN_DELAY_MS } from "./tooltip";

const meta = {
  title: "UI/Tooltip",
  component: TooltipContent,
  parameters: {
    layout: "centered",
    docs: {
      description: {
        component: `A few words that appear on hover or keyboard focus after 700 ms (moving to another trigger within 300 ms skips the wait), to explain an icon button or a figure.

- **Parts**: \`TooltipProvider\` (once, in the app), \`Tooltip\`, \`TooltipTrigger asChild\` around a focusable control, \`TooltipContent\`.
- **Do** keep it to a few words that add to the trigger's name: "Distances are approximate to protect privacy".
- **Do** still give an icon button its own \`aria-label\`: a tooltip is not its name.
- **Don't** put links, buttons or anything essential in a tooltip: touch screens seldom show it.`,
      },
    },
  },
} satisfies Meta<typeof TooltipContent>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  render: () => (
    <Tooltip defaultOpen>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="About distance">
          <Info aria-hidden />
        </Button>
      </TooltipTrigger>
      <TooltipContent>Distances are approximate to protect privacy</TooltipContent>
    </Tooltip>
  ),
};

export const OpensOnFocus: Story = {
  render: () => (
    <TooltipProvider>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button variant="outline">Right Now</Button>
        </TooltipTrigger>
        <TooltipContent>Show members available to meet in the next hour</TooltipContent>
      </Tooltip>
    </TooltipProvider>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole("button", { name: "Right Now" })).toHaveFocus();
    // Keyboard focus opens at once; pointer hover waits for the 700 ms delay.
    const tip = await screen.findByRole("tooltip", {}, { timeout: TOOLTIP_OPEN_DELAY_MS + 1000 });
    await expect(tip).toHaveTextContent("Show members available to meet in the next hour");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("tooltip")).toBeNull());
  },
};
