import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, screen, userEvent, waitFor, within } from "storybook/test";
import { JAKE } from "../../../../../mocks/fixtures/messages";
import { albumsHandlers, mediaHandlers } from "../../../../../mocks/handlers";
import { ProfileSharedAlbums } from "./profile-shared-albums";

/** On his profile: his private albums shared with me (decisions/0046). */
const meta = {
  title: "Features/Albums/ProfileSharedAlbums",
  component: ProfileSharedAlbums,
  tags: ["mobile", "desktop"],
  args: { memberId: JAKE },
  parameters: { msw: { handlers: { albums: albumsHandlers.some(), media: mediaHandlers.portraits } } },
} satisfies Meta<typeof ProfileSharedAlbums>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Shared: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const section = within(await canvas.findByRole("region", { name: "Private albums shared with you" }));
    await userEvent.click(section.getByRole("button", { name: /Summer/ }));
    const viewer = await screen.findByRole("dialog", { name: "Summer" });
    await waitFor(() => expect(viewer).toBeVisible());
  },
};

/** He shares none: nothing on his profile. */
export const None: Story = {
  tags: ["!mobile"],
  parameters: { msw: { handlers: { albums: albumsHandlers.nothingShared() } } },
  play: async ({ canvasElement }) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(within(canvasElement).queryByRole("region", { name: /Private albums/ })).toBeNull();
    await expect(within(canvasElement).queryByRole("heading")).toBeNull();
  },
};
