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

const meta = {
  title: "UI/Pagination",
  component: Pages,
  parameters: {
    docs: {
      description: {
        component: `Previous and next pages of a long list, with the page number between them: the admin's members and audit log, 50 rows a page. It is a navigation landmark named after its \`label\` ("Pages of the audit log").

- \`page\` counts from 0; \`hasNext\` is all it needs to know of what follows (for lists that do not count their rows); \`disabled\` while a page loads.
- It renders nothing when there is only one page.
- **Do** keep the page in the URL, so a page can be shared and Back works.
- **Don't** use it for what members scroll through (nearby, events, messages): those load more as they scroll.`,
      },
    },
  },
} satisfies Meta<typeof Pages>;
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
