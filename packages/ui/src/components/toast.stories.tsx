import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, screen, userEvent, waitFor, within } from "storybook/test";
import { Button } from "./button";
import { Toast } from "./toast";
import { toast, TOAST_VIEWPORT_MAX_WIDTH_PX } from "./use-toast";

const meta = {
  title: "UI/Toast",
  component: Toast,
  tags: ["mobile", "desktop"],
  parameters: {
    layout: "fullscreen",
    docs: {
      description: {
        component: `A short message about something that just happened: "Profile updated", "Login failed". One at a time (a new one replaces the last), shown for 5 s; swipe it right or press its X to dismiss it; F8 moves focus to it.

- Raise one from anywhere with \`toast({ title, description, variant })\`; \`<Toaster />\`, once in the app, draws them.
- **Variants**: \`default\`, \`success\` (a green edge), \`destructive\` (a red fill, for failures).
- **Do** keep it to a short title and one line of description: a toast is read in passing.
- **Don't** put the only way to do something in a toast, and don't report a form's errors in one: show them beside the fields.`,
      },
    },
  },
} satisfies Meta<typeof Toast>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Shows a toast through the app's one Toaster (mounted by the Storybook preview, as in the app). */
function showToast(variant: "default" | "success" | "destructive", title: string, description: string) {
  return () => {
    toast({ variant, title, description, duration: Infinity });
  };
}

export const Default: Story = {
  beforeEach: showToast("default", "Account Created!", "Signing you in..."),
  render: () => <div />,
  play: async () => {
    await waitFor(() => expect(screen.getByText("Account Created!")).toBeVisible());
  },
};

export const Success: Story = {
  beforeEach: showToast("success", "Profile Updated", "Your profile has been saved successfully!"),
  render: () => <div />,
  play: async () => {
    await waitFor(() => expect(screen.getByText("Your profile has been saved successfully!")).toBeVisible());
  },
};

export const Destructive: Story = {
  beforeEach: showToast("destructive", "Error", "Failed to save profile. Please try again."),
  render: () => <div />,
  play: async () => {
    const title = await screen.findByText("Error");
    await expect(title.closest("[data-slot=toast]")).toHaveAttribute("data-variant", "destructive");
  },
};

/** Only one toast shows at a time: a second one replaces the first. */
export const OneAtATime: Story = {
  render: () => (
    <div className="p-6">
      <Button
        onClick={() =>
          toast({
            title: "Login Failed",
            description: "Check your credentials and try again",
            variant: "destructive",
            duration: Infinity,
          })
        }
      >
        First
      </Button>{" "}
      <Button
        variant="secondary"
        onClick={() =>
          toast({
            title: "Profile Updated",
            description: "Your profile has been saved successfully!",
            variant: "success",
            duration: Infinity,
          })
        }
      >
        Second
      </Button>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "First" }));
    await waitFor(() => expect(screen.getByText("Login Failed")).toBeVisible());
    await userEvent.click(canvas.getByRole("button", { name: "Second" }));
    await waitFor(() => expect(screen.getByText("Profile Updated")).toBeVisible());
    await waitFor(() => expect(screen.queryByText("Login Failed")).toBeNull());
    const list = screen.getByRole("region", { name: /notifications/i }).querySelector("ol");
    await expect(list?.getBoundingClientRect().width).toBeLessThanOrEqual(TOAST_VIEWPORT_MAX_WIDTH_PX);
  },
};

/** F8 moves focus to the notification region; the close button dismisses. */
export const KeyboardAccess: Story = {
  render: () => (
    <div className="p-6">
      <Button
        onClick={() =>
          toast({
            title: "Location Access Denied",
            description: "You can enable location later in settings.",
            duration: Infinity,
          })
        }
      >
        Notify
      </Button>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Notify" }));
    await screen.findByText("Location Access Denied");
    await userEvent.keyboard("[F8]");
    const viewport = screen.getByRole("region", { name: /notifications/i });
    await waitFor(() => expect(viewport.querySelector("ol")).toHaveFocus());
    await userEvent.click(screen.getByRole("button", { name: "Dismiss notification" }));
    await waitFor(() => expect(screen.queryByText("Location Access Denied")).toBeNull());
  },
};
