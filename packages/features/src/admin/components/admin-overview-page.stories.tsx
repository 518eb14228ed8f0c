import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { quietOverviewFixture } from "../../../../../mocks/fixtures/admin";
import { adminHandlers, sessionHandlers } from "../../../../../mocks/handlers";
import { inAdminLayout } from "../../../../../mocks/story-layouts";
import { AdminOverviewPage, REPORT_KIND_LABELS } from "./admin-overview-page";

const meta = {
  title: "Features/Admin/AdminOverviewPage",
  component: AdminOverviewPage,
  tags: ["mobile", "tablet", "desktop"],
  decorators: [inAdminLayout],
  parameters: {
    layout: "fullscreen",
    route: "/admin",
    msw: { handlers: { session: sessionHandlers.admin, admin: adminHandlers.overview() } },
  },
} satisfies Meta<typeof AdminOverviewPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** What waits: 20 open reports (by kind below), new pictures, suspensions, sign-ups; each links to its queue. */
export const Busy: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const reports = await canvas.findByRole("link", { name: /Open reports/ });
    await expect(reports).toHaveTextContent("20");
    await expect(reports).toHaveAttribute("href", "/admin/content");
    await expect(canvas.getByRole("link", { name: /Sign-ups today/ })).toHaveAttribute(
      "href",
      "/admin/members?filter=new",
    );
    await expect(canvas.getByRole("link", { name: new RegExp(`^${REPORT_KIND_LABELS.message}`) })).toHaveAttribute(
      "href",
      "/admin/content?kind=message",
    );
    await expect(canvas.getByRole("link", { name: new RegExp(`^${REPORT_KIND_LABELS.message}`) })).toHaveTextContent(
      "12",
    );
  },
};

/** Nothing waiting: zeros, still links. */
export const Quiet: Story = {
  parameters: { msw: { handlers: { admin: adminHandlers.overview(quietOverviewFixture) } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("link", { name: /Open reports/ })).toHaveTextContent("0");
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { admin: adminHandlers.overviewLoading } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status", { name: "Loading the overview" })).toBeVisible();
  },
};

export const Failed: Story = {
  parameters: { msw: { handlers: { admin: adminHandlers.overviewError } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      "The admin area is unavailable right now. Try again in a moment.",
    );
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled();
  },
};
