import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { BadgeCheck } from "lucide-react";
import { Badge, CountBadge, formatBadgeCount } from "./badge";

const meta = {
  title: "UI/Badge",
  component: Badge,
  parameters: {
    docs: {
      description: {
        component: `A short status or category label: "Nearby", "Sponsored", "Suspended". \`CountBadge\` is the small counter for unread messages and notifications.

- **Variants**: \`default\` (neutral), \`accent\` (the brand colour, draws the eye), \`outline\` (quiet, on busy surfaces), \`success\` and \`destructive\` (status). Those two are tinted in the dark theme and solid in the light one, readable in both.
- **CountBadge** renders nothing at 0, shows "9+" above \`max\`, and reads "3 unread" to screen readers (\`label\` sets the noun).
- **Do** keep the text to one or two words: a badge never wraps.
- **Don't** make a badge clickable (use a \`Button\`), and don't let its colour carry the meaning alone: the word does.`,
      },
    },
  },
  args: { children: "Nearby" },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { args: { variant: "default" } };
export const Accent: Story = { args: { variant: "accent", children: "Right Now" } };
export const Outline: Story = { args: { variant: "outline", children: "Jazz" } };
export const Success: Story = {
  args: {
    variant: "success",
    children: (
      <>
        <BadgeCheck aria-hidden="true" /> Verified
      </>
    ),
  },
};
export const Destructive: Story = { args: { variant: "destructive", children: "Blocked" } };

export const AllVariants: Story = {
  render: () => (
    <div className="flex flex-wrap items-center gap-2">
      <Badge>Nearby</Badge>
      <Badge variant="accent">Right Now</Badge>
      <Badge variant="outline">Jazz</Badge>
      <Badge variant="success">Verified</Badge>
      <Badge variant="destructive">Blocked</Badge>
    </div>
  ),
};

/** A count next to what it counts, as it appears in the navigation. */
function Messages({ count }: { count: number }) {
  return (
    <a
      href="#messages"
      className="inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm font-semibold text-foreground"
    >
      Messages <CountBadge count={count} />
    </a>
  );
}

export const CountThree: Story = {
  name: "Count: 3",
  render: () => <Messages count={3} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("link", { name: "Messages 3 unread" })).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot="count-badge"] [aria-hidden="true"]')).toHaveTextContent(
      /^3$/,
    );
  },
};

export const CountTen: Story = {
  name: "Count: 10 (shows 9+)",
  render: () => <Messages count={10} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('[data-slot="count-badge"] [aria-hidden="true"]')).toHaveTextContent(
      /^9\+$/,
    );
    await expect(canvas.getByRole("link", { name: "Messages 9+ unread" })).toBeVisible();
    await expect(formatBadgeCount(10)).toBe("9+");
    await expect(formatBadgeCount(9)).toBe("9");
  },
};

export const Zero: Story = {
  name: "Count: 0 (renders nothing)",
  render: () => <Messages count={0} />,
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="count-badge"]')).toBeNull();
    await expect(within(canvasElement).getByRole("link", { name: "Messages" })).toBeVisible();
    await expect(formatBadgeCount(0)).toBe("");
  },
};
