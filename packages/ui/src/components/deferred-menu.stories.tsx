import { lazy } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, screen, userEvent, within } from "storybook/test";
import { MoreHorizontal } from "lucide-react";
import { Button } from "./button";
import { DeferredMenu } from "./deferred-menu";

/** The menu's own module, loaded when the trigger is first used. */
const preload = () => import("./deferred-menu.fixture");
const ExampleMenu = lazy(() => preload().then((m) => ({ default: m.ExampleMenu })));

const meta = {
  title: "UI/DeferredMenu",
  component: DeferredMenu,
  tags: ["desktop"],
  parameters: {
    layout: "centered",
    docs: {
      description: {
        component: `A dropdown whose code loads on first use, for menus that are not needed on a page's first load (the header's account menu). The trigger is drawn at once; pointing at it or focusing it fetches the menu's module (\`preload\`), and a click opens the menu as soon as it has arrived.

- **Use it** only where the size of the first load matters; elsewhere use \`DropdownMenu\` directly.
- \`menu\` is a module-level \`lazy()\` of a component that renders \`DropdownMenu\` around the \`trigger\` it is given, open at once when \`defaultOpen\`: this story's \`deferred-menu.fixture.tsx\`, or the header's account menu.
- **Do** give the trigger its own name (\`aria-label\` on an icon button). DeferredMenu adds \`aria-haspopup\` and \`aria-expanded\`.
- **Don't** call \`lazy()\` inside a component: the menu's module would load again on every render.`,
      },
    },
  },
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
