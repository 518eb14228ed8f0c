import { useState } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { ChoiceField, ReasonField, SUSPENSION_OPTIONS, suspensionDays } from "./admin-form-parts";

function Parts() {
  const [days, setDays] = useState("7");
  const [reason, setReason] = useState("");
  return (
    <form className="grid max-w-md gap-4" aria-label="Suspension" onSubmit={(e) => e.preventDefault()}>
      <ChoiceField label="For" value={days} onChange={setDays} options={SUSPENSION_OPTIONS} />
      <ReasonField
        value={reason}
        onChange={setReason}
        error={reason ? undefined : "Give a reason"}
        hint="Kept on the audit log."
      />
      <output data-testid="days">{String(suspensionDays(days))}</output>
    </form>
  );
}

const meta = { title: "Features/Admin/AdminFormParts", component: Parts, tags: ["desktop"] } satisfies Meta<
  typeof Parts
>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A suspension's length ("For good" is no end: null) and the reason every action needs. */
export const SuspensionAndReason: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("textbox", { name: /Reason/ })).toHaveAttribute("aria-invalid", "true");
    await userEvent.click(canvas.getByRole("combobox", { name: "For" }));
    const list = await within(document.body).findByRole("listbox");
    await waitFor(() => expect(list).toBeVisible());
    await userEvent.click(within(list).getByRole("option", { name: "For good" }));
    await expect(canvas.getByTestId("days")).toHaveTextContent("null");
    await userEvent.type(canvas.getByRole("textbox", { name: /Reason/ }), "Threats");
    await expect(canvas.getByRole("textbox", { name: /Reason/ })).not.toHaveAttribute("aria-invalid");
  },
};
