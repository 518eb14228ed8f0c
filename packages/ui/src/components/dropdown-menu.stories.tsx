import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { Ban, Flag, MoreHorizontal, Share2, UserRound } from "lucide-react";
import { Button } from "./button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./dropdown-menu";

const meta = {
  title: "UI/DropdownMenu",
  component: DropdownMenuContent,
  parameters: {
    layout: "centered",
    docs: {
      description: {
        component: `A menu of actions that opens from a button: a member's More menu (Report, Block), the account menu. Radix: arrow keys, typeahead, and Escape gives focus back to the button.

- **Parts**: \`DropdownMenuTrigger\` (often an icon \`Button\` with an \`aria-label\`), \`DropdownMenuContent\` (aligned to the trigger's end), \`DropdownMenuItem\`, \`DropdownMenuLabel\`, \`DropdownMenuGroup\`, \`DropdownMenuSeparator\`.
- **Items**: \`variant="destructive"\` for Block, Remove, Delete; \`inset\` lines up an item without an icon with those that have one.
- It is non-modal by default, so the rest of the page stays readable to screen readers; pass \`modal\` only with a reason.
- **Do** group related actions, and put destructive ones last, after a separator.
- **Don't** use it to choose a value (use \`Select\`), and don't hide a screen's main action in it.`,
      },
    },
  },
  args: { onCloseAutoFocus: fn() },
  render: (args) => (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="More options">
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent {...args}>
        <DropdownMenuLabel>Alex Rivera</DropdownMenuLabel>
        <DropdownMenuGroup>
          <DropdownMenuItem>
            <UserRound aria-hidden="true" /> View profile
          </DropdownMenuItem>
          <DropdownMenuItem>
            <Share2 aria-hidden="true" /> Share profile
          </DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem>
            <Flag aria-hidden="true" /> Report
          </DropdownMenuItem>
          <DropdownMenuItem variant="destructive">
            <Ban aria-hidden="true" /> Block
          </DropdownMenuItem>
        </DropdownMenuGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  ),
} satisfies Meta<typeof DropdownMenuContent>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "More options" }));
    const menu = await screen.findByRole("menu");
    await expect(menu).toBeVisible();
    const items = within(menu).getAllByRole("menuitem");
    await expect(items.map((item) => item.textContent?.trim())).toEqual([
      "View profile",
      "Share profile",
      "Report",
      "Block",
    ]);
    await expect(within(menu).getByRole("menuitem", { name: "Block" })).toHaveAttribute("data-variant", "destructive");
  },
};

export const KeyboardNavigation: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "More options" });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    const menu = await screen.findByRole("menu");
    await waitFor(() => expect(within(menu).getByRole("menuitem", { name: "View profile" })).toHaveFocus());
    await userEvent.keyboard("{ArrowDown}");
    await expect(within(menu).getByRole("menuitem", { name: "Share profile" })).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}{ArrowDown}");
    await expect(within(menu).getByRole("menuitem", { name: "Block" })).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}");
    // Focus stops at the last item (no wrapping) in Radix menus.
    await expect(within(menu).getByRole("menuitem", { name: "Block" })).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    await expect(trigger).toHaveFocus();
    await expect(args.onCloseAutoFocus).toHaveBeenCalled();
  },
};
