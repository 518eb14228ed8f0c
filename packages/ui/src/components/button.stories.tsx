import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Heart, MessageCircle } from "lucide-react";
import { Button } from "./button";

const meta = {
  title: "UI/Button",
  component: Button,
  parameters: {
    docs: {
      description: {
        component: `The control for an action: send, save, join, block. To go to another page, give a link the button's look with \`asChild\` around it.

- **Variants**: \`primary\` (the one main action of a screen or dialog), \`secondary\` (other actions), \`outline\` and \`ghost\` (quiet actions, toolbars, icon buttons), \`destructive\` (block, delete, remove), \`link\` (an action inside text).
- **Sizes**: \`sm\` 32 px, \`md\` 40 px (the default), \`lg\` 48 px, \`xl\` 56 px (the landing page's calls to action), \`icon\` a 40 px square; \`fullWidth\` for a phone's form.
- **Busy**: \`busy\` disables it, shows a spinner and \`busyLabel\` ("Signing in..."), and sets \`aria-busy\`.
- It is \`type="button"\` unless you say \`type="submit"\`.
- **Do** use one primary button per view, and label it with a verb: "Send", "Host an event".
- **Do** give an icon-only button (\`size="icon"\`) an \`aria-label\`, and hide its icon with \`aria-hidden\`.
- **Don't** disable a submit button to show that a form has errors: send, and let the form say what is wrong.`,
      },
    },
  },
  args: { children: "Message", onClick: fn() },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  args: { variant: "primary" },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole("button", { name: "Message" });
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};
export const Secondary: Story = { args: { variant: "secondary" } };
export const Outline: Story = { args: { variant: "outline" } };
export const Ghost: Story = { args: { variant: "ghost" } };
export const Destructive: Story = { args: { variant: "destructive", children: "Block" } };
export const Link: Story = { args: { variant: "link", children: "Forgot password?" } };

export const Sizes: Story = {
  render: (args) => (
    <div className="flex flex-wrap items-center gap-3">
      <Button {...args} size="sm">
        Small
      </Button>
      <Button {...args} size="md">
        Medium
      </Button>
      <Button {...args} size="lg">
        Large
      </Button>
      <Button {...args} size="xl">
        JOIN FREE NOW
      </Button>
      <Button {...args} size="icon" aria-label="Like">
        <Heart aria-hidden />
      </Button>
    </div>
  ),
};

export const WithIcon: Story = {
  args: {
    children: (
      <>
        <MessageCircle aria-hidden /> Message
      </>
    ),
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole("button", { name: "Message" });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Busy: Story = {
  args: { busy: true, busyLabel: "Signing in...", children: "Sign In", fullWidth: true },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "Signing in..." });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute("aria-busy", "true");
  },
};

export const AsLink: Story = {
  args: { asChild: true, variant: "outline", children: <a href="#join">START NOW</a> },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole("link", { name: "START NOW" });
    await expect(link).toHaveAttribute("data-slot", "button");
  },
};
