import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { Alert } from "./alert";

const meta = {
  title: "UI/Alert",
  component: Alert,
  parameters: {
    docs: {
      description: {
        component: `A problem with a whole form or action, in a box: the server refused a sign-in, a save failed, a file could not be sent. It has \`role="alert"\`, so a screen reader reads it out as soon as it appears.

- **Variants**: \`destructive\` (the default: an icon, then the message, in medium weight) for a problem the member has to act on; \`quiet\` (no icon, a lighter border, regular weight) for the server's refusal shown above a form's submit button.
- Render it only while there is a problem (\`{error ? <Alert>{error}</Alert> : null}\`): mounting it is what gets it announced.
- **Do** say what went wrong and what to do next, in the member's words: "Your current password is not right", not "403".
- **Don't** use it for a field's own error: give the field's \`FormField\` its \`error\`, which marks the control invalid and sits under it.
- **Don't** use it for good news or progress: a toast says that something worked, a \`role="status"\` line that something is on its way.`,
      },
    },
  },
  args: { children: "Invalid email or password" },
  decorators: [
    (Story) => (
      <div className="max-w-md">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Destructive: Story = {
  args: { variant: "destructive" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Invalid email or password");
  },
};

export const Quiet: Story = {
  args: { variant: "quiet", children: "A group with this name already exists" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("A group with this name already exists");
  },
};

/** A long message wraps beside its icon; a long word (an address) breaks rather than overflow. */
export const LongMessage: Story = {
  args: {
    children:
      "We could not send a link to someone.with.a.very.long.address@example-neighbourhood.com. Check the address and try again.",
  },
};
