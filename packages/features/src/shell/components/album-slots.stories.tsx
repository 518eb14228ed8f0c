import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, screen, userEvent, waitFor, within } from "storybook/test";
import { JAKE } from "../../../../../mocks/fixtures/messages";
import { albumsHandlers, mediaHandlers } from "../../../../../mocks/handlers";
import { MemberAlbumSlots } from "./album-slots";

const jake = { id: JAKE, name: "Jake" };

/** The private albums' real parts as the shell gives them to the chat and the profile, their code loaded on demand. */
const meta = {
  title: "Features/Shell/AlbumSlots",
  tags: ["desktop"],
  parameters: { msw: { handlers: { albums: albumsHandlers.some(), media: mediaHandlers.portraits } } },
  render: () => (
    <div className="grid max-w-xl gap-4">
      {MemberAlbumSlots.chatStrip(jake)}
      <div className="flex items-center gap-2" data-testid="composer-actions">
        {MemberAlbumSlots.composerAction(jake)}
      </div>
      {MemberAlbumSlots.profile(JAKE)}
    </div>
  ),
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** The strip, the composer's button (its sheet shows what I share with him) and the profile's section arrive. */
export const Composed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("region", { name: "Private albums Jake shared with you" })).toBeVisible();
    await expect(await canvas.findByRole("region", { name: "Private albums shared with you" })).toBeVisible();
    await userEvent.click(await canvas.findByRole("button", { name: "Private albums" }));
    const sheet = await screen.findByRole("dialog", { name: "Share a private album with Jake" });
    await waitFor(() => expect(sheet).toBeVisible());
    await expect(await within(sheet).findByRole("button", { name: "Unshare Weekend" })).toBeVisible();
  },
};
