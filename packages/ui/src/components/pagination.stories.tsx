import { useState } from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Pagination } from "./pagination";

function Pages({ pages = 3, start = 0 }: { pages?: number; start?: number }) {
  const [page, setPage] = useState(start);
  return (
    <div className="max-w-md">
      <Pagination page={page} hasNext={page < pages - 1} onPageChange={setPage} label="the audit log" />
    </div>
  );
}

const meta = { title: "UI/Pagination", component: Pages } satisfies Meta<typeof Pages>;
export default meta;
type Story = StoryObj<typeof meta>;

/** First page: Previous is off; Next moves on until the last page. */
export const Moving: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole("navigation", { name: "Pages of the audit log" });
    await expect(within(nav).getByRole("button", { name: "Previous" })).toBeDisabled();
    await userEvent.click(within(nav).getByRole("button", { name: "Next" }));
    await userEvent.click(within(nav).getByRole("button", { name: "Next" }));
    await expect(nav).toHaveTextContent("Page 3");
    await expect(within(nav).getByRole("button", { name: "Next" })).toBeDisabled();
  },
};

/** A list of one page has no pagination at all. */
export const OnePage: Story = {
  args: { pages: 1 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("navigation")).toBeNull();
  },
};
