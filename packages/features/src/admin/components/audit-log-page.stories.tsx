import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { adminHandlers, sessionHandlers } from "../../../../../mocks/handlers";
import { inAdminLayout } from "../../../../../mocks/story-layouts";
import { AuditLogPage, NO_AUDIT_ENTRIES } from "./audit-log-page";

const meta = {
  title: "Features/Admin/AuditLogPage",
  component: AuditLogPage,
  tags: ["mobile", "tablet", "desktop"],
  decorators: [inAdminLayout],
  parameters: {
    layout: "fullscreen",
    route: "/admin/audit",
    msw: { handlers: { session: sessionHandlers.admin, admin: adminHandlers.audit() } },
  },
} satisfies Meta<typeof AuditLogPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const rows = async (canvasElement: HTMLElement) => {
  const table = await within(canvasElement).findByRole("table");
  return within(table).getAllByRole("row").slice(1);
};

/** Newest first: who, what, on what, why, when; a member's id links to his admin page. */
export const Entries: Story = {
  play: async ({ canvasElement }) => {
    const first = (await rows(canvasElement))[0]!;
    await expect(first).toHaveTextContent("ops");
    await expect(first).toHaveTextContent("Suspended");
    await expect(first).toHaveTextContent("Spam links sent to 40 members");
    await expect(within(first).getByRole("link")).toHaveAttribute(
      "href",
      "/admin/members/0b6f7a1e-1111-4a5a-9c1a-1a2b3c4d5e01",
    );
    await expect(await rows(canvasElement)).toHaveLength(50);
  },
};

/** Filtered by action with the keyboard: only those entries, from the first page. */
export const FilteredByAction: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await rows(canvasElement);
    canvas.getByRole("combobox", { name: "Action" }).focus();
    await userEvent.keyboard("{Enter}");
    const list = await within(document.body).findByRole("listbox");
    await waitFor(() => expect(list).toBeVisible());
    await userEvent.click(within(list).getByRole("option", { name: "Made admin" }));
    await waitFor(async () => expect(await rows(canvasElement)).toHaveLength(1));
    await expect((await rows(canvasElement))[0]).toHaveTextContent("New moderator on the team");
    await expect(canvas.queryByRole("navigation", { name: "Pages of the audit log" })).toBeNull();
  },
};

/** The second page: Previous comes back, Next is off at the end. */
export const SecondPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await rows(canvasElement);
    const pages = canvas.getByRole("navigation", { name: "Pages of the audit log" });
    await userEvent.click(within(pages).getByRole("button", { name: "Next" }));
    await waitFor(async () => expect(await rows(canvasElement)).toHaveLength(10));
    await expect(pages).toHaveTextContent("Page 2");
    await expect(within(pages).getByRole("button", { name: "Next" })).toBeDisabled();
    await expect(within(pages).getByRole("button", { name: "Previous" })).toBeEnabled();
  },
};

/** A target id nobody acted on: the empty state clears the filters. */
export const NothingMatches: Story = {
  args: { initial: { targetId: "no-such-target" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(NO_AUDIT_ENTRIES)).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Clear the filters" }));
    await expect(await rows(canvasElement)).toHaveLength(50);
    await expect(canvas.getByRole("textbox", { name: "Target id" })).toHaveValue("");
  },
};

/** No admin has acted yet. */
export const Empty: Story = {
  parameters: { msw: { handlers: { admin: adminHandlers.audit([]) } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("No admin actions yet")).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { admin: adminHandlers.auditLoading } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status", { name: "Loading the audit log" })).toBeVisible();
  },
};

export const Failed: Story = {
  parameters: { msw: { handlers: { admin: adminHandlers.auditError } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent(
      "The admin area is unavailable right now. Try again in a moment.",
    );
  },
};
