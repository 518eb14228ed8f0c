import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor, within } from "storybook/test";
import { sessionHandlers, shellHandlers } from "../../../../../mocks/handlers";
import { AppHeader } from "./app-header";

/** The header container: the variant follows the server's answer and the path. */
const meta = {
  title: "Features/Shell/AppHeader",
  component: AppHeader,
  tags: ["desktop"],
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof AppHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ForVisitors: Story = {
  parameters: { msw: { handlers: { session: sessionHandlers.visitor } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("link", { name: "Login" })).toBeVisible();
  },
};

export const ForVisitorsOnMap: Story = {
  parameters: { route: "/map", msw: { handlers: { session: sessionHandlers.visitor } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Anonymous Browsing")).toBeVisible();
  },
};

export const ForMembersWithUnread: Story = {
  parameters: {
    msw: { handlers: { unread: shellHandlers.unread12, session: sessionHandlers.member, shell: shellHandlers.quiet } },
  },
  play: async ({ canvasElement }) => {
    const link = await within(canvasElement).findByRole("link", { name: /Messages/ });
    await waitFor(() => expect(link).toHaveTextContent("9+"));
  },
};

export const ForAdmins: Story = {
  parameters: { msw: { handlers: { session: sessionHandlers.admin, shell: shellHandlers.quiet } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Admin")).toBeVisible();
  },
};
