import type { Meta, StoryObj } from "@storybook/react-vite";
import { Route, Routes } from "react-router";
import { expect, screen, userEvent, waitFor, within } from "storybook/test";
import { albumsHandlers, mediaHandlers } from "../../../../../mocks/handlers";
import { AlbumsPage } from "./albums-page";

/** /albums: his private albums (decisions/0046). The album editor is Features/Albums/AlbumEditor. */
const meta = {
  title: "Features/Albums/AlbumsPage",
  component: AlbumsPage,
  tags: ["mobile", "desktop"],
  parameters: {
    route: "/albums",
    msw: { handlers: { albums: albumsHandlers.some(), media: mediaHandlers.portraits } },
  },
  render: () => (
    <Routes>
      <Route path="/albums/:albumId?" element={<AlbumsPage />} />
    </Routes>
  ),
} satisfies Meta<typeof AlbumsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const albumsList = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole("list", { name: "Your albums" }));

/** His three albums: cover, name, how many pictures, with how many he shares it. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const list = await albumsList(canvasElement);
    await expect(list.getAllByRole("link")).toHaveLength(3);
    const weekend = list.getByRole("link", { name: /Weekend/ });
    await expect(weekend).toHaveTextContent("4 pictures");
    await expect(weekend).toHaveTextContent("Shared with 1");
    await expect(list.getByRole("link", { name: /Gym/ })).toHaveTextContent("0 pictures");
    await expect(within(canvasElement).getByTestId("albums-count")).toHaveTextContent("3 of 10 albums.");
  },
};

/** None yet: what they are for, and the button to make the first. */
export const Empty: Story = {
  parameters: { msw: { handlers: { albums: albumsHandlers.none() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { name: "No private albums yet" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "New album" })).toBeEnabled();
  },
};

export const Loading: Story = {
  tags: ["!mobile"],
  parameters: { msw: { handlers: { albums: albumsHandlers.loading } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByTestId("albums-loading")).toBeVisible();
  },
};

/** The list does not come: the server's words, and Try again. */
export const Error: Story = {
  parameters: { msw: { handlers: { albums: albumsHandlers.failed } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { name: "Your albums could not be loaded" })).toBeVisible();
    await expect(canvas.getByRole("alert")).toHaveTextContent("Something went wrong on our side");
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeVisible();
  },
};

/** Ten albums, the most there can be: no New album, and why. */
export const Full: Story = {
  parameters: { msw: { handlers: { albums: albumsHandlers.full() } } },
  play: async ({ canvasElement }) => {
    const list = await albumsList(canvasElement);
    await expect(list.getAllByRole("link")).toHaveLength(10);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: "New album" })).toBeDisabled();
    await expect(canvas.getByTestId("albums-count")).toHaveTextContent("You have 10 albums, the most you can have.");
  },
};

/** A new album: named in a dialog (a name is needed), then he is in it, ready to add pictures. */
export const CreateAlbum: Story = {
  tags: ["!mobile"],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "New album" }));
    const dialog = await screen.findByRole("dialog", { name: "New album" });
    await waitFor(() => expect(dialog).toBeVisible());
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    await expect(await within(dialog).findByText("Give the album a name")).toBeVisible();
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Album name" }), "  Travel  ");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    await expect(await canvas.findByRole("heading", { level: 1, name: "Travel" })).toBeVisible();
    await expect(canvas.getByRole("heading", { name: "No pictures yet" })).toBeVisible();
  },
};

/** The server refuses: its words under the field, the dialog stays open. */
export const CreateRefused: Story = {
  tags: ["!mobile"],
  parameters: { msw: { handlers: { albums: albumsHandlers.createRefused() } } },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "New album" }));
    const dialog = await screen.findByRole("dialog", { name: "New album" });
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Album name" }), "Travel");
    await userEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    await expect(await within(dialog).findByText("You can keep at most 10 albums. Delete one first.")).toBeVisible();
  },
};
