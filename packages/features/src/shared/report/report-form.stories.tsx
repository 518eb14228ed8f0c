import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { ReportForm } from "./report-form";

/**
 * The body both report dialogs share (a member; an event or a group): what is wrong, details, the
 * caller's own fields, the server's refusal, Cancel / Send report. Shown here without its dialog.
 */
const meta = {
  title: "Features/Shared/ReportForm",
  component: ReportForm,
  args: { onSubmit: fn(), onCancel: fn() },
  decorators: [
    (Story) => (
      <div className="mx-auto max-w-md p-6">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ReportForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Sending without a reason asks for one (tied to the reasons); then the reason and the details trimmed are sent. */
export const Default: Story = {
  args: {
    children: (
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" defaultChecked className="accent-[var(--color-accent)]" />
        An extra field of the caller&apos;s
      </label>
    ),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Send report" }));
    const error = canvas.getByRole("alert");
    await expect(error).toHaveTextContent("Choose what is wrong.");
    await expect(canvas.getByRole("group", { name: "What is wrong?" })).toHaveAttribute("aria-describedby", error.id);
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole("radio", { name: "Spam or scam" }));
    await expect(canvas.queryByRole("alert")).toBeNull();
    await userEvent.type(canvas.getByLabelText("Details (optional)"), "  Links to a shop  ");
    await userEvent.click(canvas.getByRole("button", { name: "Send report" }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ reason: "spam", details: "Links to a shop" });
  },
};

/** Sending, after the server refused once: its message above the buttons, the button busy. */
export const SendingAfterRefusal: Story = {
  args: { busy: true, error: "The report was not sent. Try again." },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent("The report was not sent. Try again.");
    await expect(canvas.getByRole("button", { name: "Sending..." })).toBeDisabled();
  },
};

/** Two forms on a page: each label names its own field, each radio group is its own. */
export const TwoOnAPage: Story = {
  render: (args) => (
    <div className="grid gap-8">
      <section aria-label="First">
        <ReportForm {...args} />
      </section>
      <section aria-label="Second">
        <ReportForm {...args} />
      </section>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const first = within(canvas.getByRole("region", { name: "First" }));
    const second = within(canvas.getByRole("region", { name: "Second" }));
    await userEvent.click(first.getByRole("radio", { name: "Spam or scam" }));
    await userEvent.click(second.getByRole("radio", { name: "Something else" }));
    await expect(first.getByRole("radio", { name: "Spam or scam" })).toBeChecked();
    await expect(second.getByRole("radio", { name: "Something else" })).toBeChecked();
    await expect(first.getByLabelText("Details (optional)")).not.toBe(second.getByLabelText("Details (optional)"));
  },
};
