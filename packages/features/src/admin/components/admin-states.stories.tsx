import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { ApiError } from "@vicinity/features/shared";
import { LoadFailed, LoadingRows } from "./admin-states";

const retry = fn();

const meta = {
  title: "Features/Admin/AdminStates",
  component: LoadFailed,
  tags: ["desktop"],
  args: { title: "Could not load the members", error: null, onRetry: retry },
} satisfies Meta<typeof LoadFailed>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The server's message when it sent one; Try again asks once more. */
export const Failed: Story = {
  args: {
    error: new ApiError(
      503,
      JSON.stringify({ message: "The admin area is unavailable right now. Try again in a moment." }),
      "503",
    ),
  },
  play: async ({ canvasElement }) => {
    retry.mockClear();
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent(
      "The admin area is unavailable right now. Try again in a moment.",
    );
    await userEvent.click(canvas.getByRole("button", { name: "Try again" }));
    await expect(retry).toHaveBeenCalledTimes(1);
  },
};

/** Rows of placeholders, announced by their label. */
export const Loading: StoryObj<typeof LoadingRows> = {
  render: () => <LoadingRows label="Loading members" rows={3} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status", { name: "Loading members" }).children).toHaveLength(3);
  },
};
