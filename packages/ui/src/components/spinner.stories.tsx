import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Spinner } from "./spinner";

const meta = {
  title: "UI/Spinner",
  component: Spinner,
  parameters: {
    visual: { freezeAnimations: true },
    docs: {
      description: {
        component: `An indeterminate loading indicator, for a short wait where the shape of what comes is not known: a button's action, a page's code arriving.

- **Sizes**: \`sm\` (16 px, inside a button), \`md\` (24 px, the default), \`lg\` (40 px, a whole page).
- With a \`label\` it is a \`role="status"\` named by the label ("Loading messages"). Without one it is hidden from screen readers: use that when words sit beside it.
- **Do** use \`Button\`'s \`busy\` rather than a spinner of your own in a button.
- **Don't** use it where the layout is known: use \`Skeleton\`.`,
      },
    },
  },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Labelled: Story = {
  args: { label: "Loading members" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status", { name: "Loading members" })).toBeVisible();
  },
};

export const Sizes: Story = {
  render: () => (
    <div className="flex items-center gap-4 text-accent">
      <Spinner size="sm" />
      <Spinner size="md" />
      <Spinner size="lg" label="Loading" />
    </div>
  ),
};
