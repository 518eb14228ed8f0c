import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { hisAlbumsFixture } from "../../../../../mocks/fixtures/albums";
import { JAKE } from "../../../../../mocks/fixtures/messages";
import { albumsHandlers, mediaHandlers } from "../../../../../mocks/handlers";
import { AlbumChips } from "./album-chips";
import { SharedAlbumsStrip } from "./shared-albums-strip";

/** Above a direct chat's messages: his private albums shared with me (decisions/0046). */
const meta = {
  title: "Features/Albums/SharedAlbumsStrip",
  component: SharedAlbumsStrip,
  tags: ["mobile", "desktop"],
  args: { peer: { id: JAKE, name: "Jake" } },
  parameters: {
    layout: "fullscreen",
    msw: { handlers: { albums: albumsHandlers.some(), media: mediaHandlers.portraits } },
  },
} satisfies Meta<typeof SharedAlbumsStrip>;

export default meta;
type Story = StoryObj<typeof meta>;

const chipsOf = async (canvasElement: HTMLElement) => {
  const strip = await within(canvasElement).findByRole("region", { name: "Private albums Jake shared with you" });
  return within(within(strip).getByRole("list", { name: "Jake's private albums" }));
};

/** Jake shares two albums: a chip each, its name and how many pictures. */
export const Shared: Story = {
  play: async ({ canvasElement }) => {
    const chips = await chipsOf(canvasElement);
    await expect(chips.getAllByRole("button")).toHaveLength(2);
    await expect(chips.getByRole("button", { name: /Summer/ })).toHaveTextContent("3 pictures");
  },
};

/** A tap on a chip opens the viewer on that album. */
export const OpenAnAlbum: Story = {
  tags: ["!mobile"],
  play: async ({ canvasElement }) => {
    const chips = await chipsOf(canvasElement);
    await userEvent.click(chips.getByRole("button", { name: /Night out/ }));
    const viewer = await screen.findByRole("dialog", { name: "Night out" });
    await waitFor(() => expect(viewer).toBeVisible());
  },
};

/** He shares none: the strip takes no room at all. */
export const None: Story = {
  parameters: { msw: { handlers: { albums: albumsHandlers.nothingShared() } } },
  render: (args) => (
    <div data-testid="chat">
      <SharedAlbumsStrip {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const chat = within(canvasElement).getByTestId("chat");
    // The answer comes, and still nothing is drawn.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(chat).toBeEmptyDOMElement();
  },
};

/** The chips alone, wrapping (the profile's layout). */
export const Chips: StoryObj<typeof AlbumChips> = {
  tags: ["!mobile"],
  render: () => <AlbumChips albums={hisAlbumsFixture()} onOpen={fn()} label="Private albums shared with you" />,
  play: async ({ canvasElement }) => {
    const list = within(within(canvasElement).getByRole("list", { name: "Private albums shared with you" }));
    await expect(list.getByRole("button", { name: /Night out/ })).toHaveTextContent("2 pictures");
  },
};
