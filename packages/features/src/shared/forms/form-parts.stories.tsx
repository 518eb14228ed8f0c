import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, within } from "storybook/test";
import { ApiError } from "../http/api-request";
import { CoverUpload } from "./cover-upload";
import { FieldError, FormPageFrame, FormServerError, SubmitRow } from "./form-parts";
import { CoverPageFailed } from "./page-states";
import { TimeRangeFields, type TimeRangeValues } from "./time-fields";

/** The parts the event, group and ad pages share: a form page's frame and fields, a cover page's states. */
const meta = {
  title: "Features/Shared/FormParts",
  component: FormPageFrame,
  args: { title: "A form page", children: null },
} satisfies Meta<typeof FormPageFrame>;

export default meta;
type Story = StoryObj<typeof meta>;

function FormDemo() {
  const [times, setTimes] = useState<TimeRangeValues>({
    startsLocal: "2026-06-20T19:00",
    endsLocal: "2026-06-20T22:00",
    timeZone: "America/New_York",
  });
  return (
    <FormPageFrame title="A form page">
      <form className="grid gap-5" aria-label="Parts" onSubmit={(e) => e.preventDefault()}>
        <CoverUpload coverUrl="/media/event-cover-1" onChange={() => undefined} />
        <TimeRangeFields
          values={times}
          errors={{ endsAt: "The end must be after the start" }}
          onChange={(change) => setTimes((v) => ({ ...v, ...change }))}
          zoneHint="The venue's: the times above are read in it."
        />
        <FieldError message="Place the pin on the map" />
        <FormServerError message="A group with this name already exists" />
        <SubmitRow label="Save" busyLabel="Saving..." submitting={false} />
      </form>
    </FormPageFrame>
  );
}

/** A form page with every part: the cover, a time range with its zone, a field's error, the server's refusal, the submit row. */
export const Form: Story = {
  render: () => <FormDemo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1, name: "A form page" })).toBeVisible();
    await expect(canvas.getByTestId("server-error")).toHaveTextContent("A group with this name already exists");
    await expect(canvas.getByText("The end must be after the start")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Save" })).toBeEnabled();
  },
};

/** A page with a cover that could not be loaded (not a 404): what is said, and the way to try again. */
export const CoverPageError: Story = {
  render: () => (
    <CoverPageFailed
      error={new ApiError(503, JSON.stringify({ message: "Service unavailable" }), "503")}
      width="max-w-4xl"
      notFound={{
        title: "Group not found",
        description: "It may have been removed.",
        to: "/groups",
        label: "Back to groups",
      }}
      failedTitle="The group could not be loaded"
      onRetry={() => undefined}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1, name: "The group could not be loaded" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled();
  },
};
