import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { memberFixture } from "../../../../../mocks/fixtures/users";
import { shellHandlers } from "../../../../../mocks/handlers";
import { fakeSocketFactory } from "../../../../../mocks/realtime";
import { MemberSession } from "./member-session";

/** What the layout keeps for a member's whole visit, under the header: socket, messenger, idle logout. */
const meta = {
  title: "Features/Shell/MemberSession",
  component: MemberSession,
  tags: ["desktop"],
  args: { user: memberFixture, children: <p className="p-6">Page content</p> },
  parameters: { layout: "fullscreen", msw: { handlers: { shell: shellHandlers.quiet } } },
} satisfies Meta<typeof MemberSession>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Connected: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Page content")).toBeVisible();
    await expect(canvas.queryByRole("status")).toBeNull();
  },
};

/** The socket dropped: the banner above the page says it is reconnecting. */
export const Reconnecting: Story = {
  parameters: { socketFactory: fakeSocketFactory("reconnecting") },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("status")).toHaveTextContent(
      "Connection lost. Reconnecting...",
    );
  },
};
