import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { AdminSectionNav, ADMIN_SECTIONS } from "./admin-section-nav";

const meta = {
  title: "Features/Shell/AdminSectionNav",
  component: AdminSectionNav,
  tags: ["mobile", "desktop"],
  parameters: { route: "/admin/audit" },
} satisfies Meta<typeof AdminSectionNav>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every section, the current one marked; on a phone the line scrolls sideways, not the page. */
export const OnTheAuditLog: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(within(canvasElement).getByRole("navigation", { name: "Admin" }));
    await expect(nav.getAllByRole("link").map((l) => l.textContent)).toEqual(ADMIN_SECTIONS.map((s) => s.label));
    await expect(nav.getByRole("link", { name: "Audit log" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Overview" })).not.toHaveAttribute("aria-current");
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** Overview is current only on /admin itself; Tab walks the sections. */
export const OnTheOverview: Story = {
  parameters: { route: "/admin" },
  play: async ({ canvasElement }) => {
    const nav = within(within(canvasElement).getByRole("navigation", { name: "Admin" }));
    await expect(nav.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    await userEvent.tab();
    await expect(nav.getByRole("link", { name: "Overview" })).toHaveFocus();
  },
};
