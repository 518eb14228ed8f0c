import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { JAKE } from "../../../../../mocks/fixtures/messages";
import { albumsHandlers, mediaHandlers } from "../../../../../mocks/handlers";
import { ShareAlbumsButton, ShareAlbumsSheet } from "./share-albums-sheet";

/** From the chat's composer: my albums, each shared with him or not (decisions/0046). */
const meta = {
  title: "Features/Albums/ShareAlbumsSheet",
  component: ShareAlbumsSheet,
  tags: ["mobile", "desktop"],
  args: { peer: { id: JAKE, name: "Jake" }, onClose: fn() },
  parameters: { msw: { handlers: { albums: albumsHandlers.some(), media: mediaHandlers.portraits } } },
} satisfies Meta<typeof ShareAlbumsSheet>;

export default meta;
type Story = StoryObj<typeof meta>;

const sheet = async () => {
  const dialog = await screen.findByRole("dialog", { name: "Share a private album with Jake" });
  await waitFor(() => expect(dialog).toBeVisible());
  return within(dialog);
};
const albums = async () => within(await (await sheet()).findByRole("list", { name: "Your private albums" }));

/** Three albums, Weekend already shared with him: Unshare for it, Share for the others. */
export const Albums: Story = {
  play: async () => {
    const list = await albums();
    await expect(list.getAllByRole("listitem")).toHaveLength(3);
    await expect(list.getByRole("button", { name: "Unshare Weekend" })).toBeVisible();
    await expect(list.getByRole("button", { name: "Share Beach" })).toBeVisible();
    await expect(list.getByText("4 pictures · Shared with Jake")).toBeVisible();
  },
};

/** Share, then take it back: the button says which it will do. */
export const ShareAndUnshare: Story = {
  tags: ["!mobile"],
  play: async () => {
    const list = await albums();
    await userEvent.click(list.getByRole("button", { name: "Share Beach" }));
    const unshareBeach = await list.findByRole("button", { name: "Unshare Beach" });
    await waitFor(() => expect(unshareBeach).toBeEnabled());
    await expect(list.getByText("2 pictures · Shared with Jake")).toBeVisible();
    await userEvent.click(list.getByRole("button", { name: "Unshare Weekend" }));
    const shareWeekend = await list.findByRole("button", { name: "Share Weekend" });
    await waitFor(() => expect(shareWeekend).toBeEnabled());
  },
};

/** No albums yet: what they are for, and the way to make one. */
export const Empty: Story = {
  parameters: { msw: { handlers: { albums: albumsHandlers.none() } } },
  play: async () => {
    const s = await sheet();
    await expect(await s.findByRole("heading", { name: "No private albums yet" })).toBeVisible();
    await expect(s.getByRole("link", { name: "Create an album" })).toHaveAttribute("href", "/albums");
  },
};

export const Loading: Story = {
  tags: ["!mobile"],
  parameters: { msw: { handlers: { albums: albumsHandlers.loading } } },
  play: async () => {
    await expect(await (await sheet()).findByTestId("share-albums-loading")).toBeVisible();
  },
};

/** The albums do not come: said, with Try again. */
export const Error: Story = {
  parameters: { msw: { handlers: { albums: albumsHandlers.failed } } },
  play: async () => {
    const s = await sheet();
    await expect(await s.findByRole("heading", { name: "Your albums could not be loaded" })).toBeVisible();
    await expect(s.getByRole("button", { name: "Try again" })).toBeVisible();
  },
};

/** The day's limit: the server's words under the album; nothing changes. */
export const ShareLimitReached: Story = {
  tags: ["!mobile"],
  parameters: { msw: { handlers: { albums: albumsHandlers.shareLimited() } } },
  play: async () => {
    const list = await albums();
    await userEvent.click(list.getByRole("button", { name: "Share Beach" }));
    await expect(await list.findByRole("alert")).toHaveTextContent("You can share albums at most 100 times a day.");
    await expect(list.getByRole("button", { name: "Share Beach" })).toBeEnabled();
  },
};

/** He is blocked: the server's words. */
export const ShareBlocked: Story = {
  tags: ["!mobile"],
  parameters: { msw: { handlers: { albums: albumsHandlers.shareBlocked() } } },
  play: async () => {
    const list = await albums();
    await userEvent.click(list.getByRole("button", { name: "Share Beach" }));
    await expect(await list.findByRole("alert")).toHaveTextContent("You blocked Jake. Unblock him first.");
  },
};

/** The composer's button: it opens the sheet; Escape closes it and the focus comes back. */
export const ComposerButton: StoryObj<typeof ShareAlbumsButton> = {
  tags: ["!mobile"],
  render: () => <ShareAlbumsButton peer={{ id: JAKE, name: "Jake" }} />,
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "Private albums" });
    await userEvent.click(button);
    await albums();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(button).toHaveFocus());
  },
};
