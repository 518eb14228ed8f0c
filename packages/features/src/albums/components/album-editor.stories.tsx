import type { Meta, StoryObj } from "@storybook/react-vite";
import { Route, Routes } from "react-router";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { ALBUM_BEACH, ALBUM_GYM, ALBUM_WEEKEND } from "../../../../../mocks/fixtures/albums";
import { albumsHandlers, mediaHandlers } from "../../../../../mocks/handlers";
import { AlbumEditor, UploadTile } from "./album-editor";

/** /albums/:albumId: one album, its pictures and who sees it (decisions/0046). */
const meta = {
  title: "Features/Albums/AlbumEditor",
  component: AlbumEditor,
  tags: ["mobile", "desktop"],
  args: { albumId: ALBUM_WEEKEND },
  parameters: {
    route: `/albums/${ALBUM_WEEKEND}`,
    msw: { handlers: { albums: albumsHandlers.some(), media: mediaHandlers.portraits } },
  },
  render: (args) => (
    <Routes>
      <Route path="/albums/:albumId" element={<AlbumEditor {...args} />} />
      <Route path="/albums" element={<p>The albums list (stand-in)</p>} />
    </Routes>
  ),
} satisfies Meta<typeof AlbumEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

const pictures = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole("list", { name: "Pictures in this album" }));

const picture = (name: string) => new File([new Uint8Array(64)], name, { type: "image/jpeg" });

/** Weekend: four pictures, shared with Jake. */
export const WithPictures: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { level: 1, name: "Weekend" })).toBeVisible();
    await expect((await pictures(canvasElement)).getAllByRole("img")).toHaveLength(4);
    await expect(canvas.getByTestId("picture-count")).toHaveTextContent("4 of 30");
  },
};

/** Gym: no pictures yet, and not shared. */
export const Empty: Story = {
  args: { albumId: ALBUM_GYM },
  parameters: { route: `/albums/${ALBUM_GYM}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { name: "No pictures yet" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Add pictures" })).toBeEnabled();
  },
};

/** Who sees it: Jake, since when, with Unshare; unsharing takes him off the list. */
export const SharedWith: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = within(await canvas.findByRole("list", { name: "Members who see this album" }));
    await expect(list.getByRole("link", { name: "Jake" })).toBeVisible();
    await expect(list.getByText("Shared 3 h ago")).toBeVisible();
    await userEvent.click(list.getByRole("button", { name: "Unshare with Jake" }));
    await expect(await canvas.findByRole("heading", { name: "Not shared with anyone" })).toBeVisible();
    await waitFor(() => expect(canvas.getByText(/· Not shared/)).toBeVisible());
  },
};

/** Beach: nobody sees it. */
export const NotShared: Story = {
  args: { albumId: ALBUM_BEACH },
  parameters: { route: `/albums/${ALBUM_BEACH}` },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { name: "Not shared with anyone" })).toBeVisible();
  },
};

/** Two pictures chosen, one the server cannot read: the good one joins the album, the other says why. */
export const UploadOneFails: Story = {
  tags: ["!mobile"],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pictures(canvasElement);
    await userEvent.upload(canvas.getByTestId("album-file-input") as HTMLInputElement, [
      picture("pier.jpg"),
      picture("broken.jpg"),
    ]);
    await waitFor(async () => expect((await pictures(canvasElement)).getAllByTestId("album-picture")).toHaveLength(5));
    await expect(await canvas.findByRole("alert")).toHaveTextContent("That file is not a picture we can read");
    await expect(canvas.getByText("broken.jpg")).toBeVisible();
    await expect(canvas.getByTestId("picture-count")).toHaveTextContent("5 of 30");
    await userEvent.click(canvas.getByRole("button", { name: "Dismiss" }));
    await waitFor(() => expect(canvas.queryByText("broken.jpg")).toBeNull());
  },
};

/** A picture on its way: its name and its progress. */
export const Uploading: Story = {
  parameters: { msw: { handlers: { albums: albumsHandlers.uploadPending() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pictures(canvasElement);
    await userEvent.upload(canvas.getByTestId("album-file-input") as HTMLInputElement, picture("sunset.jpg"));
    const tile = await canvas.findByTestId("album-upload");
    await expect(tile).toHaveAttribute("data-phase", "uploading");
    await expect(within(tile).getByRole("progressbar", { name: "Uploading sunset.jpg" })).toBeVisible();
  },
};

/** Taking a picture out asks first; confirmed, it is gone. */
export const RemovePicture: Story = {
  tags: ["!mobile"],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click((await pictures(canvasElement)).getByRole("button", { name: "Remove picture 2" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove picture 2?" });
    await waitFor(() => expect(dialog).toBeVisible());
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(async () => expect((await pictures(canvasElement)).getAllByTestId("album-picture")).toHaveLength(3));
    await expect(canvas.getByTestId("picture-count")).toHaveTextContent("3 of 30");
  },
};

/** Renamed in a dialog: the heading follows. */
export const Rename: Story = {
  tags: ["!mobile"],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Rename" }));
    const dialog = await screen.findByRole("dialog", { name: "Rename album" });
    const field = within(dialog).getByRole("textbox", { name: "Album name" });
    await expect(field).toHaveValue("Weekend");
    await userEvent.clear(field);
    await userEvent.type(field, "Long weekend{Enter}");
    await expect(await canvas.findByRole("heading", { level: 1, name: "Long weekend" })).toBeVisible();
  },
};

/** Deleting asks first, says who loses it, then goes back to all albums. */
export const DeleteAlbum: Story = {
  tags: ["!mobile"],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Delete album" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Weekend?" });
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(dialog).toHaveTextContent("the member you share it with no longer see it");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete album" }));
    // Deleted: back to his albums, told so.
    await expect(await canvas.findByText("The albums list (stand-in)")).toBeVisible();
    await expect(canvas.queryByRole("heading", { name: "Weekend" })).toBeNull();
    await waitFor(() => expect(screen.getByText("Weekend deleted")).toBeVisible());
  },
};

/** Thirty pictures, the most an album holds: no Add pictures, and why. */
export const Full: Story = {
  parameters: { msw: { handlers: { albums: albumsHandlers.fullAlbum() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId("picture-count")).toHaveTextContent("30 of 30");
    await expect(canvas.getByRole("button", { name: "Add pictures" })).toBeDisabled();
    await expect(canvas.getByTestId("pictures-hint")).toHaveTextContent("the most it can hold");
  },
};

/** An album that is not his (or was deleted): said, with the way back. */
export const NotFound: Story = {
  tags: ["!mobile"],
  args: { albumId: "a1b00000-0000-4000-8000-999999999999" },
  parameters: { route: "/albums/a1b00000-0000-4000-8000-999999999999" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { name: "Album not found" })).toBeVisible();
  },
};

/** The upload tile on its own: refused for good (no Try again). */
export const UploadRefusedTile: StoryObj<typeof UploadTile> = {
  tags: ["!mobile"],
  render: () => (
    <div className="w-40">
      <UploadTile
        upload={{
          key: 1,
          file: picture("huge.jpg"),
          phase: "failed",
          progress: null,
          message: "Pictures can be at most 15 MB",
        }}
        onRetry={fn()}
        onDismiss={fn()}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent("Pictures can be at most 15 MB");
    await expect(canvas.queryByRole("button", { name: "Try again" })).toBeNull();
  },
};
