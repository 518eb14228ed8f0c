import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { MapPin } from "lucide-react";
import { Button } from "./button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "./card";

const meta = {
  title: "UI/Card",
  component: Card,
  parameters: {
    docs: {
      description: {
        component: `A surface that groups one thing's content: an event, a setting, a figure. Build it from \`CardHeader\` (with \`CardTitle\` and \`CardDescription\`), \`CardContent\` and \`CardFooter\`.

- **Variants**: \`default\` (on the page background), \`raised\` (a panel that stands out over other content), \`interactive\` (the whole card is one link: it lights up on hover and focus).
- **Do** make an interactive card with \`asChild\` around its link, so the whole card is one target for the pointer and the keyboard.
- **Do** fit the title to the page's outline: it is an \`h3\`; use \`CardTitle asChild\` around an \`h2\` where needed.
- **Don't** put buttons inside an interactive card. A card with several actions is a \`default\` card with its buttons in \`CardFooter\`.
- **Don't** nest cards.`,
      },
    },
  },
  decorators: [
    (Story) => (
      <div className="max-w-sm">
        <Story />
      </div>
    ),
  ],
  render: (args) => (
    <Card {...args}>
      <CardHeader>
        <CardTitle>Jazz night at Blue Lantern</CardTitle>
        <CardDescription>Tonight, 9 pm · 0.4 km away</CardDescription>
      </CardHeader>
      <CardContent>
        <p>12 members nearby are going. Live trio until late, no cover charge.</p>
      </CardContent>
      <CardFooter>
        <Button size="sm">I&apos;m in</Button>
        <Button size="sm" variant="ghost">
          Maybe later
        </Button>
      </CardFooter>
    </Card>
  ),
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { args: { variant: "default" } };

export const Raised: Story = { args: { variant: "raised" } };

export const Interactive: Story = {
  args: { variant: "interactive" },
  render: (args) => (
    <Card {...args} asChild>
      <a href="#venue-blue-lantern">
        <CardHeader>
          <CardTitle>Blue Lantern</CardTitle>
          <CardDescription>Jazz bar · open until 2 am</CardDescription>
        </CardHeader>
        <CardContent className="flex items-center gap-2 text-muted-foreground">
          <MapPin aria-hidden="true" className="size-4 text-accent-text" />
          <span>0.4 km away</span>
        </CardContent>
      </a>
    </Card>
  ),
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole("link", { name: /Blue Lantern/ });
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await expect(link).toHaveAttribute("data-slot", "card");
  },
};

export const Variants: Story = {
  render: () => (
    <div className="grid gap-4">
      {(["default", "raised", "interactive"] as const).map((variant) => (
        <Card key={variant} variant={variant}>
          <CardHeader>
            <CardTitle className="capitalize">{variant}</CardTitle>
            <CardDescription>The {variant} card surface.</CardDescription>
          </CardHeader>
        </Card>
      ))}
    </div>
  ),
};
