import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { inAdminLayout } from "../../../../../mocks/story-layouts";
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

/**
 * A phone on the last section: the line starts scrolled so that Analytics is in sight, whole, and fades at
 * its start where sections are hidden; the page itself does not scroll sideways; Tab walks the sections
 * from Overview, each focused one scrolled into sight.
 */
export const OnTheAnalyticsOnAPhone: Story = {
  tags: ["!desktop"],
  globals: { viewport: { value: "mobile" } },
  decorators: [inAdminLayout],
  parameters: { route: "/admin/analytics", layout: "fullscreen" },
  play: async ({ canvasElement }) => {
    const line = within(canvasElement).getByRole("navigation", { name: "Admin" });
    const nav = within(line);
    const current = nav.getByRole("link", { name: "Analytics" });
    const inSight = () => {
      const box = line.getBoundingClientRect();
      const shown = current.getBoundingClientRect();
      return shown.left >= box.left && shown.right <= box.right;
    };
    await expect(current).toHaveAttribute("aria-current", "page");
    // The line scrolls to the current section once laid out (and again as fonts and widths settle): wait for that state.
    await waitFor(() => expect(line.scrollLeft).toBeGreaterThan(0));
    await waitFor(() => expect(inSight()).toBe(true));
    await waitFor(() => expect(line.style.maskImage).toMatch(/^linear-gradient\(to right, transparent/));
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    await userEvent.tab();
    await expect(nav.getByRole("link", { name: "Overview" })).toHaveFocus();
    await waitFor(() => expect(line.scrollLeft).toBe(0));
    for (let i = 1; i < ADMIN_SECTIONS.length; i++) await userEvent.tab();
    await expect(current).toHaveFocus();
    await waitFor(() => expect(inSight()).toBe(true));
  },
};
