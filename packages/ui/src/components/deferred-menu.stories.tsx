import { lazy } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, screen, userEvent, within } from "storybook/test";
import { MoreHorizontal } from "lucide-react";
import { Button } from "./button";
import { DeferredMenu } from "./deferred-menu";

/** The menu's own module, loaded when the trigger is first used. */
const preload = () => import("./deferred-menu.example");
const ExampleMenu = lazy(() => preload().then((m) => ({ default: m.ExampleMenu })));

const meta = {
  title: "UI/DeferredMenu",
  component: DeferredMenu,
  tags: ["desktop"],
  parameters: { layout: "centered" },
  args: {
    trigger: (
      <Button variant="ghost" size="icon" aria-label="More options">
        <MoreHorizontal aria-hidden="true" />
      </Button>
    ),
    menu: ExampleMenu,
    preload,
  },
} satisfies Meta<typeof DeferredMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: only the trigger, which says it opens a menu; the menu's code is not loaded yet. */
export const Closed: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "More options" });
    await expect(trigger).toHaveAttribute("aria-haspopup", "menu");
    await expect(screen.queryByRole("menu")).toBeNull();
  },
};

/** A press loads the menu and opens it at once; Escape closes it and gives the focus back. */
export const OpensOnFirstPress: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "More options" }));
    const menu = await screen.findByRole("menu");
    await expect(within(menu).getByRole("menuitem", { name: "View profile" })).toBeVisible();
    await userEvent.keyboard("{Escape}");
    await expect(screen.queryByRole("menu")).toBeNull();
    await expect(within(canvasElement).getByRole("button", { name: "More options" })).toHaveFocus();
  },
};
