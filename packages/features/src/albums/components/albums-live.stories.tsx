import type { Meta, StoryObj } from "@storybook/react-vite";
import { useMemo } from "react";
import { expect, within } from "storybook/test";
import { RealtimeContext, type VicinitySocket } from "@vicinity/features/shared";
import { hisAlbumsFixture } from "../../../../../mocks/fixtures/albums";
import { JAKE } from "../../../../../mocks/fixtures/messages";
import { albumsHandlers, albumsMock, mediaHandlers } from "../../../../../mocks/handlers";
import { FakeSocket } from "../../../../../mocks/realtime";
import { AlbumsLive } from "./albums-live";
import { SharedAlbumsStrip } from "./shared-albums-strip";

let fake: FakeSocket | null = null;

/** What keeps the albums current in a member's session, with the chat's strip it refreshes. */
const meta = {
  title: "Features/Albums/AlbumsLive",
  component: AlbumsLive,
  tags: ["!mobile", "desktop"],
  parameters: { msw: { handlers: { albums: albumsHandlers.some(), media: mediaHandlers.portraits } } },
  render: function Render() {
    const socket = useMemo(() => {
      fake = new FakeSocket();
      fake.connected = true;
      return fake;
    }, []);
    return (
      <RealtimeContext.Provider value={{ socket: socket as unknown as VicinitySocket, state: "connected" }}>
        <AlbumsLive />
        <SharedAlbumsStrip peer={{ id: JAKE, name: "Jake" }} />
      </RealtimeContext.Provider>
    );
  },
} satisfies Meta<typeof AlbumsLive>;

export default meta;
type Story = StoryObj<typeof meta>;

/** He shares nothing, then shares Summer: his `album_shared` notification brings the strip. */
export const SharedLive: Story = {
  beforeEach: () => {
    albumsMock.theirs = [];
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(canvas.queryByRole("region", { name: /Private albums/ })).toBeNull();
    albumsMock.theirs = hisAlbumsFixture().slice(0, 1);
    fake?.serverEmit("notification", {
      id: "n-1",
      kind: "album_shared",
      data: { memberId: JAKE, name: "Jake", album: "Summer" },
      readAt: null,
      createdAt: new Date().toISOString(),
    });
    const strip = await canvas.findByRole("region", { name: "Private albums Jake shared with you" });
    await expect(within(strip).getAllByRole("button")).toHaveLength(1);
  },
};
