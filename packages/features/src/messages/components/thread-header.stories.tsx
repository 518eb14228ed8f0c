import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { mediaHandlers } from "../../../../../mocks/handlers";
import { jake, marco } from "./messages.fixtures";
import { ThreadHeader } from "./thread-header";

const meta = {
  title: "Features/Messages/ThreadHeader",
  component: ThreadHeader,
  tags: ["mobile", "desktop"],
  args: { peer: jake, onBack: fn(), onViewProfile: fn(), onBlock: fn(), onReport: fn() },
  parameters: { layout: "fullscreen", msw: { handlers: { media: mediaHandlers.portraits } } },
} satisfies Meta<typeof ThreadHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

const photoShown = (canvasElement: HTMLElement) =>
  waitFor(() => expect(canvasElement.querySelector("[data-slot=avatar-image]")).not.toBeNull());

/** Online, with Back (phones) and his name opening his profile. */
export const Online: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Jake Online" })).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Back to conversations" }));
    await expect(args.onBack).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole("button", { name: "Jake Online" }));
    await expect(args.onViewProfile).toHaveBeenCalledTimes(1);
    await expect(canvas.queryByRole("status")).toBeNull();
    await photoShown(canvasElement);
  },
};

/** Offline, and no Back button beside the list on desktop. */
export const OfflineBesideTheList: Story = {
  args: { peer: marco, onBack: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Offline")).toBeVisible();
    await expect(canvas.queryByRole("button", { name: "Back to conversations" })).toBeNull();
    await photoShown(canvasElement);
  },
};

/** The socket dropped: the header says it is reconnecting. */
export const Reconnecting: Story = {
  args: { connection: "reconnecting" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Reconnecting...");
    await photoShown(canvasElement);
  },
};

/** He deleted his account: no profile, nothing to block or report. */
export const DeletedMember: Story = {
  args: { peer: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Deleted member" })).toBeVisible();
    await expect(canvas.queryByText("Online")).toBeNull();
    await expect(canvas.queryByRole("button", { name: "Conversation options" })).toBeNull();
  },
};

/** A group: its title and size; no profile, block or report of one member from here. */
export const Group: Story = {
  args: { peer: null, group: { title: "Beach volleyball crew", participantCount: 7 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Beach volleyball crew 7 members" })).toBeVisible();
    await expect(canvas.queryByText("Deleted member")).toBeNull();
    await expect(canvas.queryByRole("button", { name: "Conversation options" })).toBeNull();
  },
};

/** The menu: View profile, Report and Block. */
export const MenuOpen: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Conversation options" }));
    const menu = await screen.findByRole("menu");
    await expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent?.trim()),
    ).toEqual(["View profile", "Report", "Block"]);
    await expect(within(menu).getByRole("menuitem", { name: "Block" })).toHaveAttribute("data-variant", "destructive");
    await photoShown(canvasElement);
  },
};

/** Block and Report from the menu reach the container. */
export const BlockAndReport: Story = {
  tags: ["!mobile"],
  play: async ({ canvasElement, args }) => {
    const options = within(canvasElement).getByRole("button", { name: "Conversation options" });
    await userEvent.click(options);
    await userEvent.click(await screen.findByRole("menuitem", { name: "Block" }));
    await expect(args.onBlock).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    await userEvent.click(options);
    await userEvent.click(await screen.findByRole("menuitem", { name: "Report" }));
    await expect(args.onReport).toHaveBeenCalledTimes(1);
    await userEvent.click(options);
    await userEvent.click(await screen.findByRole("menuitem", { name: "View profile" }));
    await expect(args.onViewProfile).toHaveBeenCalledTimes(1);
  },
};

/** Blocked: said so, and the menu no longer offers Block. */
export const Blocked: Story = {
  args: { blocked: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Blocked")).toBeVisible();
    await expect(canvas.queryByText("Online")).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: "Conversation options" }));
    const menu = await screen.findByRole("menu");
    await expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent?.trim()),
    ).toEqual(["View profile", "Report"]);
    await photoShown(canvasElement);
  },
};
