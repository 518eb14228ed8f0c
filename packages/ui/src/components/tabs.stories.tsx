import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

const meta = {
  title: "UI/Tabs",
  component: Tabs,
  parameters: {
    docs: {
      description: {
        component: `Switches between views of the same thing without leaving the page: Sign In / Sign Up, Nearby / Right Now / Events (Radix: arrow keys move between the tabs).

- **Variants** (on \`TabsList\`): \`pill\` (the default: a segmented control on a muted track) and \`underline\` (text tabs over a rule, for a page's sections).
- **Do** name the list (\`aria-label\` on \`TabsList\`), and keep each tab's label to one or two words.
- **Do** keep the chosen tab in the URL when people may want to come back to it.
- **Don't** use tabs for the steps of a process, or to move between pages: use links.`,
      },
    },
  },
  args: { defaultValue: "nearby" },
  render: (args) => (
    <Tabs {...args} className="max-w-md">
      <TabsList aria-label="Discover">
        <TabsTrigger value="nearby">Nearby</TabsTrigger>
        <TabsTrigger value="right-now">Right Now</TabsTrigger>
        <TabsTrigger value="events">Events</TabsTrigger>
      </TabsList>
      <TabsContent value="nearby">
        <p className="text-sm text-muted-foreground">24 members within 2 km.</p>
      </TabsContent>
      <TabsContent value="right-now">
        <p className="text-sm text-muted-foreground">6 members want to meet in the next hour.</p>
      </TabsContent>
      <TabsContent value="events">
        <p className="text-sm text-muted-foreground">3 events tonight.</p>
      </TabsContent>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("tab", { name: "Nearby" })).toHaveAttribute("aria-selected", "true");
    await expect(canvas.getByRole("tabpanel")).toHaveTextContent("24 members within 2 km.");
  },
};

export const KeyboardNavigation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole("tab", { name: "Nearby" })).toHaveFocus();
    await userEvent.keyboard("{ArrowRight}");
    const rightNow = canvas.getByRole("tab", { name: "Right Now" });
    await expect(rightNow).toHaveFocus();
    await expect(rightNow).toHaveAttribute("aria-selected", "true");
    await expect(canvas.getByRole("tabpanel", { name: "Right Now" })).toHaveTextContent(
      "6 members want to meet in the next hour.",
    );
  },
};

export const Underline: Story = {
  render: (args) => (
    <Tabs {...args} className="max-w-md">
      <TabsList variant="underline" aria-label="Profile sections">
        <TabsTrigger value="nearby">About</TabsTrigger>
        <TabsTrigger value="photos">Photos</TabsTrigger>
        <TabsTrigger value="interests">Interests</TabsTrigger>
      </TabsList>
      <TabsContent value="nearby">
        <p className="text-sm text-muted-foreground">Night owl, jazz bars, late ramen.</p>
      </TabsContent>
      <TabsContent value="photos">
        <p className="text-sm text-muted-foreground">No photos yet.</p>
      </TabsContent>
      <TabsContent value="interests">
        <p className="text-sm text-muted-foreground">Music, food, cycling.</p>
      </TabsContent>
    </Tabs>
  ),
};
