import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Zap } from "lucide-react";
import { Alert, Badge } from "@vicinity/ui";
import { SettingsSection } from "./settings-section";

const meta = {
  title: "Features/Profile/SettingsSection",
  component: SettingsSection,
  tags: ["mobile", "desktop"],
  args: {
    id: "example",
    title: "Right Now",
    description: "A section of the settings page: a card named by its heading.",
    icon: <Zap />,
    children: <p>Content of the section.</p>,
  },
  render: (args) => (
    <div className="max-w-md">
      <SettingsSection {...args} />
    </div>
  ),
} satisfies Meta<typeof SettingsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A region named by its level-2 heading. */
export const Basic: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole("region", { name: "Right Now" });
    await expect(within(region).getByRole("heading", { level: 2 })).toHaveTextContent("Right Now");
    await expect(within(region).getByText("Content of the section.")).toBeVisible();
  },
};

export const WithAsideAndAlert: Story = {
  args: {
    aside: <Badge variant="accent">Live</Badge>,
    children: <Alert>Service unavailable</Alert>,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Live")).toBeVisible();
    await expect(canvas.getByRole("alert")).toHaveTextContent("Service unavailable");
  },
};
