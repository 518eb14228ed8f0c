import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { profileHandlers } from "../../../../../mocks/handlers/profile";
import { allProfilePhotosFixture, profilePhotosFixture } from "../../../../../mocks/fixtures/profile-settings";
import { PhotosLoadError, PhotosLoading, PhotosSection, UploadTile } from "./photos-section";

const meta = {
  title: "Features/Profile/PhotosSection",
  component: PhotosSection,
  tags: ["mobile", "desktop"],
  parameters: { msw: { handlers: { media: profileHandlers.mediaImages } } },
  args: {
    photos: profilePhotosFixture,
    upload: null,
    busy: false,
    onChooseFile: fn(),
    onRetryUpload: fn(),
    onDismissUpload: fn(),
    onMove: fn(),
    onMakeMain: fn(),
    onDelete: fn(),
  },
  render: (args) => (
    <div className="max-w-2xl">
      <PhotosSection {...args} />
    </div>
  ),
} satisfies Meta<typeof PhotosSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three photos: the first is marked Main; each can move, become the main one, or go. */
export const ThreePhotos: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByTestId("photo-tile")).toHaveLength(3);
    await expect(canvas.getByText("Main")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Photo 1 is your main photo" })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Move photo 3 right" })).toBeDisabled();
    await userEvent.click(canvas.getByRole("button", { name: "Make photo 2 your main photo" }));
    await expect(args.onMakeMain).toHaveBeenCalledWith(profilePhotosFixture[1]?.id);
    await userEvent.click(canvas.getByRole("button", { name: "Move photo 2 left" }));
    await expect(args.onMove).toHaveBeenCalledWith(profilePhotosFixture[1]?.id, -1);
  },
};

/** Six photos, the most: Add photo waits until one is deleted. */
export const Full: Story = {
  args: { photos: allProfilePhotosFixture },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByTestId("photo-tile")).toHaveLength(6);
    await expect(canvas.getByRole("button", { name: "Add photo" })).toBeDisabled();
    await expect(canvas.getByText(/the most you can have/)).toBeVisible();
  },
};

/** A reorder or deletion under way: every control waits. */
export const Busy: Story = {
  args: { busy: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const button of canvas.getAllByRole("button", { name: /photo \d/ })) await expect(button).toBeDisabled();
  },
};

/** Upload progress at 40% (UploadTile beside the photos). */
export const Uploading40: Story = {
  args: { upload: { phase: "uploading", fileName: "beach-day.jpg", progress: 40 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = canvas.getByRole("progressbar", { name: "Uploading beach-day.jpg" });
    await expect(bar).toHaveAttribute("aria-valuenow", "40");
    await expect(canvas.getByText("Uploading... 40%")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Add photo" })).toBeDisabled();
  },
};

/** Stored, now being added to the profile. */
export const Adding: Story = {
  args: { upload: { phase: "adding", fileName: "beach-day.jpg" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Adding to your profile...")).toBeVisible();
  },
};

/** A failed upload: the server's message, Try again and Dismiss. */
export const UploadFailed: Story = {
  args: {
    upload: { phase: "failed", fileName: "holiday.jpg", message: "Pictures can be at most 15 MB", canRetry: true },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent("Pictures can be at most 15 MB");
    await userEvent.click(canvas.getByRole("button", { name: "Try again" }));
    await expect(args.onRetryUpload).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole("button", { name: "Dismiss" }));
    await expect(args.onDismissUpload).toHaveBeenCalled();
  },
};

/** No photos: the empty state; choosing a file hands it over. */
export const Empty: Story = {
  args: { photos: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "No photos yet" })).toBeVisible();
    const file = new File([new Uint8Array(10)], "me.webp", { type: "image/webp" });
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
    await expect(input).toHaveAttribute("accept", "image/jpeg,image/png,image/webp,image/avif");
    await userEvent.upload(input as HTMLInputElement, file);
    await waitFor(() => expect(args.onChooseFile).toHaveBeenCalledWith(file));
  },
};

/** A reorder failed: the message above the photos. */
export const ChangeFailed: Story = {
  args: { error: "Service unavailable" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Service unavailable");
  },
};

/** The upload tile on its own, with no total known yet. */
export const UploadTileOnly: StoryObj<typeof UploadTile> = {
  render: () => (
    <div className="w-48">
      <UploadTile
        upload={{ phase: "uploading", fileName: "portrait.png", progress: null }}
        onRetry={fn()}
        onDismiss={fn()}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Uploading...")).toBeVisible();
  },
};

export const Loading: StoryObj<typeof PhotosLoading> = {
  render: () => <PhotosLoading />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status", { name: "Loading your photos" })).toBeInTheDocument();
  },
};

export const LoadError: StoryObj<typeof PhotosLoadError> = {
  render: () => <PhotosLoadError message="Service unavailable" onRetry={fn()} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent("Service unavailable");
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled();
  },
};
