import type { Decorator, Meta, StoryObj } from "@storybook/react-vite";
import { useMemo } from "react";
import { http, HttpResponse } from "msw";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { RealtimeContext, type VicinitySocket } from "@vicinity/features/shared";
import { HIS_ALBUM_NIGHT, HIS_ALBUM_SUMMER } from "../../../../../mocks/fixtures/albums";
import { JAKE } from "../../../../../mocks/fixtures/messages";
import { albumsHandlers, albumsMock, mediaHandlers } from "../../../../../mocks/handlers";
import { FakeSocket } from "../../../../../mocks/realtime";
import { AlbumsLive } from "./albums-live";
import { AlbumViewer } from "./album-viewer";
import { SharedAlbumsStrip } from "./shared-albums-strip";

/** The member's socket, a fake one a story plays server events on. */
const withSocket: Decorator = (Story) => {
  const socket = useMemo(() => {
    const fake = new FakeSocket();
    fake.connected = true;
    (window as unknown as { __albumsSocket?: FakeSocket }).__albumsSocket = fake;
    return fake;
  }, []);
  return (
    <RealtimeContext.Provider value={{ socket: socket as unknown as VicinitySocket, state: "connected" }}>
      <Story />
    </RealtimeContext.Provider>
  );
};
/** What the report handler received. */
const reported: unknown[] = [];
const socket = () => (window as unknown as { __albumsSocket: FakeSocket }).__albumsSocket;

/** His album full screen, one picture at a time (decisions/0046). */
const meta = {
  title: "Features/Albums/AlbumViewer",
  component: AlbumViewer,
  tags: ["mobile", "desktop"],
  args: { memberId: JAKE, albumId: HIS_ALBUM_SUMMER, onClose: fn() },
  decorators: [withSocket],
  parameters: { msw: { handlers: { albums: albumsHandlers.some(), media: mediaHandlers.portraits } } },
} satisfies Meta<typeof AlbumViewer>;

export default meta;
type Story = StoryObj<typeof meta>;

const viewer = async (name: string) => {
  const dialog = await screen.findByRole("dialog", { name });
  await waitFor(() => expect(dialog).toBeVisible());
  return within(dialog);
};

/** The first picture; Next and the arrow keys move on, Previous back; Escape closes. */
export const Open: Story = {
  play: async ({ args }) => {
    const v = await viewer("Summer");
    await expect(v.getByText("1 of 3")).toBeVisible();
    await expect(v.getByRole("button", { name: "Previous picture" })).toBeDisabled();
    const img = v.getByTestId("album-viewer-picture");
    await expect(img).toHaveAttribute("width", "1200");
    await expect(img).toHaveAttribute("height", "1600");
    await waitFor(() => expect((img as HTMLImageElement).complete).toBe(true));
    await userEvent.click(v.getByRole("button", { name: "Next picture" }));
    await expect(v.getByText("2 of 3")).toBeVisible();
    await userEvent.keyboard("{ArrowRight}");
    await expect(v.getByText("3 of 3")).toBeVisible();
    await userEvent.keyboard("{ArrowLeft}");
    await expect(v.getByText("2 of 3")).toBeVisible();
    await userEvent.keyboard("{Escape}");
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** The last picture: Next is off. */
export const LastPicture: Story = {
  args: { albumId: HIS_ALBUM_NIGHT, startAt: 1 },
  play: async () => {
    const v = await viewer("Night out");
    await expect(v.getByText("2 of 2")).toBeVisible();
    await expect(v.getByRole("button", { name: "Next picture" })).toBeDisabled();
    await expect(v.getByRole("button", { name: "Previous picture" })).toBeEnabled();
  },
};

/** He takes the album back while I look: the viewer closes, says why, and its chip goes. */
export const UnsharedWhileOpen: Story = {
  tags: ["!mobile"],
  render: () => (
    <>
      <AlbumsLive />
      <SharedAlbumsStrip peer={{ id: JAKE, name: "Jake" }} />
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: /Summer/ }));
    await viewer("Summer");
    albumsMock.theirs = albumsMock.theirs.filter((a) => a.id !== HIS_ALBUM_SUMMER);
    socket().serverEmit("albumsChanged", { memberId: JAKE });
    const said = await within(document.body).findByText("This album is no longer shared with you.");
    await waitFor(() => expect(said).toBeVisible());
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Summer" })).toBeNull());
    await waitFor(() => expect(canvas.queryByRole("button", { name: /Summer/ })).toBeNull());
    await expect(canvas.getByRole("button", { name: /Night out/ })).toBeVisible();
  },
};

/** A picture he should not have shared: reported from the viewer (the moderators get that very picture). */
export const ReportAPicture: Story = {
  tags: ["!mobile"],
  parameters: {
    msw: {
      handlers: {
        albums: albumsHandlers.some(),
        media: mediaHandlers.portraits,
        members: [
          http.post("/api/users/:id/report", async ({ request }) => {
            reported.push(await request.json());
            return HttpResponse.json({ ok: true }, { status: 201 });
          }),
        ],
      },
    },
  },
  play: async () => {
    reported.length = 0;
    const shown = await viewer("Summer");
    await userEvent.click(shown.getByRole("button", { name: "Report" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Report this picture" }));
    await waitFor(() => expect(dialog.getByRole("radio", { name: "Spam or scam" })).toBeVisible());
    await userEvent.click(dialog.getByRole("radio", { name: "Spam or scam" }));
    await userEvent.click(dialog.getByRole("button", { name: "Send report" }));
    await waitFor(() => expect(screen.getByText("Thanks. Our moderators will look at this picture.")).toBeVisible());
    await expect(reported).toEqual([{ reason: "spam", details: "", mediaId: expect.any(String) }]);
  },
};
