import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { adminHandlers, sessionHandlers } from "../../../../../mocks/handlers";
import { inAdminLayout } from "../../../../../mocks/story-layouts";
import { ContentAuditPage, QUEUE_EMPTY } from "./content-audit-page";

const meta = {
  title: "Features/Admin/ContentAuditPage",
  component: ContentAuditPage,
  tags: ["mobile", "tablet", "desktop"],
  decorators: [inAdminLayout],
  parameters: {
    layout: "fullscreen",
    route: "/admin/content",
    msw: {
      handlers: { session: sessionHandlers.admin, admin: [...adminHandlers.reports(), ...adminHandlers.pictures()] },
    },
  },
} satisfies Meta<typeof ContentAuditPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const reportsOf = async (canvasElement: HTMLElement) => {
  await within(canvasElement).findAllByRole("article");
  return within(canvasElement).getAllByRole("article");
};

/** A busy queue, oldest first: a message with its conversation, a picture, an event, a group, a member. */
export const BusyQueue: Story = {
  play: async ({ canvasElement }) => {
    const reports = await reportsOf(canvasElement);
    await expect(reports.map((r) => r.getAttribute("aria-label"))).toEqual([
      "Message report on jake28",
      "Picture report on spam_king",
      "Event report on spam_king",
      "Group report on jake28",
      "Member report on jake28",
    ]);
    const message = within(reports[0]!);
    await expect(
      message.getByRole("list", { name: "The conversation, up to the reported message" }).children,
    ).toHaveLength(4);
    await expect(message.getByText("2 earlier reports")).toBeVisible();
    const earlier = message.getByRole("list", { name: "Earlier reports on the same target" });
    await expect([...earlier.children].map((li) => li.textContent)).toEqual([
      "Harassment or threats · 12 Jun, 21:15 · Open",
      "Spam or scam · 2 Jun, 10:40 · Dismissed",
    ]);
    await expect(message.getByText("Second time this week.")).toBeVisible();
  },
};

/** From the overview's link (?kind=message): one kind only. */
export const OneKind: Story = {
  parameters: { route: "/admin/content?kind=message" },
  play: async ({ canvasElement }) => {
    await waitFor(async () => expect(await reportsOf(canvasElement)).toHaveLength(1));
    await expect(within(canvasElement).getByRole("combobox", { name: "Kind" })).toHaveTextContent("Messages");
  },
};

/** Bulk: select all, then one less; the dismissal (with its reason) empties what was chosen. */
export const BulkDismiss: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await reportsOf(canvasElement);
    await userEvent.click(canvas.getByRole("checkbox", { name: "Select all on this page" }));
    await expect(canvas.getByText("5 selected")).toBeVisible();
    await userEvent.click(canvas.getByRole("checkbox", { name: "Select the member report on jake28" }));
    await expect(canvas.getByRole("checkbox", { name: "Select all on this page" })).toHaveAttribute(
      "aria-checked",
      "mixed",
    );
    await userEvent.click(canvas.getByRole("button", { name: "Dismiss selected" }));
    const dialog = await body().findByRole("dialog", { name: "Dismiss 4 reports" });
    await waitFor(() => expect(dialog).toBeVisible());
    await userEvent.type(within(dialog).getByRole("textbox", { name: /Reason/ }), "Not against the rules");
    await userEvent.click(within(dialog).getByRole("button", { name: "Dismiss" }));
    await waitFor(async () => expect(await reportsOf(canvasElement)).toHaveLength(1));
    await waitFor(() => expect(body().getByText("4 reports dismissed")).toBeVisible());
  },
};

/** Acting on one report: remove the message and suspend its sender for 7 days. */
export const ActOnOne: Story = {
  play: async ({ canvasElement }) => {
    const first = within((await reportsOf(canvasElement))[0]!);
    await userEvent.click(first.getByRole("button", { name: "Act…" }));
    const dialog = within(await body().findByRole("dialog", { name: "Act on this report" }));
    await waitFor(() => expect(dialog.getByRole("checkbox", { name: "Remove the content" })).toBeChecked());
    await userEvent.click(dialog.getByRole("checkbox", { name: "Suspend the member" }));
    await expect(dialog.getByRole("combobox", { name: "Suspend for" })).toHaveTextContent("7 days");
    await userEvent.type(dialog.getByRole("textbox", { name: /Reason/ }), "Threats after a clear no");
    await expect(dialog.getByRole("button", { name: "Apply" })).toBeEnabled();
  },
};

/** Nothing chosen and no reason: both say so, nothing is sent. */
export const OutcomeErrors: Story = {
  play: async ({ canvasElement }) => {
    const first = within((await reportsOf(canvasElement))[0]!);
    await userEvent.click(first.getByRole("button", { name: "Act…" }));
    const dialog = within(await body().findByRole("dialog", { name: "Act on this report" }));
    await userEvent.click(dialog.getByRole("checkbox", { name: "Remove the content" }));
    await userEvent.click(dialog.getByRole("button", { name: "Apply" }));
    // Both errors are shown, once the dialog's opening (a fade from opacity 0) has ended: on a
    // busy machine it may still run when the errors come.
    await waitFor(() => expect(dialog.getByText("Choose an action")).toBeVisible());
    await waitFor(() => expect(dialog.getByText("Give a reason")).toBeVisible());
  },
};

/** The server refuses: its message in the dialog, the reports unchanged. */
export const ActionFailed: Story = {
  parameters: {
    msw: {
      handlers: {
        admin: [
          ...adminHandlers.reports(undefined, {
            actionError: { status: 409, message: "These reports were decided meanwhile" },
          }),
          ...adminHandlers.pictures(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const first = within((await reportsOf(canvasElement))[0]!);
    await userEvent.click(first.getByRole("button", { name: "Dismiss" }));
    const dialog = within(await body().findByRole("dialog", { name: "Dismiss this report" }));
    await userEvent.type(dialog.getByRole("textbox", { name: /Reason/ }), "Fine");
    await userEvent.click(dialog.getByRole("button", { name: "Dismiss" }));
    await expect(await dialog.findByRole("alert")).toHaveTextContent("These reports were decided meanwhile");
  },
};

/** A note and an assignment on a report. */
export const NoteAndAssign: Story = {
  play: async ({ canvasElement }) => {
    const second = within((await reportsOf(canvasElement))[1]!);
    await userEvent.type(second.getByRole("textbox", { name: "Internal note" }), "Checking his other photos");
    await userEvent.click(second.getByRole("button", { name: "Add" }));
    await expect(await second.findByText("Checking his other photos")).toBeVisible();
    await userEvent.click(second.getByRole("button", { name: "Assign to me" }));
    await expect(await second.findByRole("button", { name: "Unassign" })).toBeVisible();
  },
};

export const EmptyQueue: Story = {
  parameters: { msw: { handlers: { admin: [...adminHandlers.reports([]), ...adminHandlers.pictures()] } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(QUEUE_EMPTY)).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { admin: adminHandlers.reportsLoading } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status", { name: "Loading the reports" })).toBeVisible();
  },
};

export const Failed: Story = {
  parameters: { msw: { handlers: { admin: adminHandlers.reportsError } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toHaveTextContent(
      "The admin area is unavailable right now. Try again in a moment.",
    );
  },
};

/** Pictures awaiting review (?tab=pictures): one removed with a reason. */
export const RecentPictures: Story = {
  parameters: { route: "/admin/content?tab=pictures" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const grid = await canvas.findByRole("list", { name: "Recent pictures" });
    await expect(grid.children).toHaveLength(6);
    await expect(canvas.getByRole("button", { name: "Awaiting review" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(within(grid).getAllByRole("button", { name: "Remove spam_king's picture" })[0]!);
    const dialog = within(await body().findByRole("dialog", { name: "Remove spam_king's picture?" }));
    await userEvent.type(dialog.getByRole("textbox", { name: /Reason/ }), "Nudity");
    await userEvent.click(dialog.getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(grid.children).toHaveLength(5));
  },
};

/** Looked at and kept: the page's pictures leave the queue; "All recent" shows them marked reviewed. */
export const PicturesKept: Story = {
  parameters: { route: "/admin/content?tab=pictures" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("list", { name: "Recent pictures" });
    await userEvent.click(canvas.getByRole("button", { name: "Keep the 6 on this page" }));
    await expect(await canvas.findByText("Nothing awaits review")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Show all recent" }));
    const grid = await canvas.findByRole("list", { name: "Recent pictures" });
    await expect(grid.children).toHaveLength(8);
    await expect(within(grid).getAllByText("Reviewed")).toHaveLength(8);
    await expect(canvas.getByRole("button", { name: "All recent" })).toHaveAttribute("aria-pressed", "true");
  },
};
