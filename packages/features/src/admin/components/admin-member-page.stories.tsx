import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { adminMemberDetailFixture, adminMembersFixture } from "../../../../../mocks/fixtures/admin";
import { adminHandlers, sessionHandlers } from "../../../../../mocks/handlers";
import { inAdminLayout } from "../../../../../mocks/story-layouts";
import { AdminMemberPage } from "./admin-member-page";

const JAKE = adminMemberDetailFixture.member.id;
const suspendedDetail = {
  ...adminMemberDetailFixture,
  member: adminMembersFixture[1]!,
  reportsAgainst: [],
  reportsBy: [],
  sessions: [],
};
const adminDetail = { ...adminMemberDetailFixture, member: adminMembersFixture[3]!, reportsAgainst: [], reportsBy: [] };

const meta = {
  title: "Features/Admin/AdminMemberPage",
  component: AdminMemberPage,
  tags: ["mobile", "tablet", "desktop"],
  args: { id: JAKE },
  decorators: [inAdminLayout],
  parameters: {
    layout: "fullscreen",
    route: `/admin/members/${JAKE}`,
    msw: { handlers: { session: sessionHandlers.admin, admin: adminHandlers.member() } },
  },
} satisfies Meta<typeof AdminMemberPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);
const dialogNamed = async (name: string) => {
  const dialog = await body().findByRole("dialog", { name });
  await waitFor(() => expect(dialog).toBeVisible());
  return within(dialog);
};

/** His profile, photos, reports both ways and sessions, and what can be done. */
export const Member: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { level: 1, name: "jake28" })).toBeVisible();
    await expect(canvas.getByRole("heading", { name: "Reports against him (2)" })).toBeVisible();
    await expect(canvas.getByText("“Keeps messaging after I said no.”")).toBeVisible();
    await expect(canvas.getByRole("list", { name: "His photos" }).children).toHaveLength(2);
    await expect(canvas.getByText(/2 open, last active 13 Jun 2026, 19:45 UTC/)).toBeVisible();
    for (const name of ["Warn", "Suspend", "Make admin"])
      await expect(canvas.getByRole("button", { name })).toBeEnabled();
  },
};

/** Suspending asks how long and why; once done he shows as suspended, and Restore replaces Suspend. */
export const Suspend: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Suspend" }));
    const dialog = await dialogNamed("Suspend jake28");
    await expect(dialog.getByRole("combobox", { name: "For" })).toHaveTextContent("7 days");
    await userEvent.type(dialog.getByRole("textbox", { name: /Reason/ }), "Harassment after a clear no");
    await userEvent.click(dialog.getByRole("button", { name: "Suspend" }));
    await expect(await canvas.findByText("until 20 Jun 2026")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Restore" })).toBeVisible();
    await waitFor(() => expect(body().getByText("jake28 is suspended")).toBeVisible());
  },
};

/** No reason, no action: the field says so and nothing is sent. */
export const ReasonMissing: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Warn" }));
    const dialog = await dialogNamed("Warn jake28");
    await userEvent.click(dialog.getByRole("button", { name: "Send the warning" }));
    await expect(await dialog.findByText("Give a reason")).toBeVisible();
    await expect(dialog.getByRole("textbox", { name: /Reason/ })).toHaveAttribute("aria-invalid", "true");
  },
};

/** The server refuses (the last admin): its message in the dialog, which stays open. */
export const LastAdminRefused: Story = {
  args: { id: adminDetail.member.id },
  parameters: {
    msw: {
      handlers: {
        admin: adminHandlers.member(adminDetail, { actionError: { status: 409, message: "He is the last admin" } }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Revoke admin" }));
    const dialog = await dialogNamed("Revoke ops's admin");
    await userEvent.type(dialog.getByRole("textbox", { name: /Reason/ }), "Leaving the team");
    await userEvent.click(dialog.getByRole("button", { name: "Revoke admin" }));
    await expect(await dialog.findByRole("alert")).toHaveTextContent("He is the last admin");
  },
};

/** A suspended member: why, until when, and Restore. */
export const Suspended: Story = {
  args: { id: suspendedDetail.member.id },
  parameters: { msw: { handlers: { admin: adminHandlers.member(suspendedDetail) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("Reason: Spam links")).toBeVisible();
    await expect(canvas.getByText("Signed out everywhere")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Restore" })).toBeVisible();
    await expect(canvas.queryByRole("button", { name: "Suspend" })).toBeNull();
  },
};

export const NotFound: Story = {
  args: { id: "0b6f7a1e-9999-4a5a-9c1a-000000000000" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Member not found")).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { admin: adminHandlers.memberLoading } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status", { name: "Loading the member" })).toBeVisible();
  },
};
