import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { MESSAGE_MAX_LENGTH, type UploadedMedia } from "@vicinity/contract";
import { ApiError } from "@vicinity/features/shared";
import { Composer } from "./composer";
import { pictureFile, uploadedPicture } from "./messages.fixtures";
import { phrasesHandlers } from "../../../../../mocks/handlers";

type Upload = (file: File, onProgress: (percent: number | null) => void, signal: AbortSignal) => Promise<UploadedMedia>;

const uploads = {
  done: (async () => uploadedPicture) satisfies Upload,
  /** Reports 40% and never finishes. */
  stuckAt40: ((_file, onProgress) => {
    onProgress(40);
    return new Promise<UploadedMedia>(() => undefined);
  }) satisfies Upload,
  tooLarge: (async () => {
    const body = JSON.stringify({ message: "Pictures can be at most 15 MB" });
    throw new ApiError(413, body, `413: ${body}`);
  }) satisfies Upload,
  /** No answer at all (offline, or the connection dropped). */
  unreachable: (async () => {
    throw new TypeError("Failed to fetch");
  }) satisfies Upload,
};

const meta = {
  title: "Features/Messages/Composer",
  component: Composer,
  tags: ["mobile", "desktop"],
  decorators: [
    (Story) => (
      <div className="flex h-dvh flex-col justify-end bg-background">
        <Story />
      </div>
    ),
  ],
  args: { onSend: fn(), onTyping: fn(), uploadPicture: fn(uploads.done) },
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof Composer>;

export default meta;
type Story = StoryObj<typeof meta>;

const textbox = (canvasElement: HTMLElement) => within(canvasElement).getByRole("textbox", { name: "Message" });

async function attach(canvasElement: HTMLElement) {
  const input = canvasElement.querySelector<HTMLInputElement>("[data-testid=composer-file-input]");
  if (!input) throw new Error("no file input");
  await userEvent.upload(input, await pictureFile());
}

const previewShown = (canvasElement: HTMLElement) =>
  waitFor(async () => {
    const img = within(canvasElement).getByTestId("composer-preview") as HTMLImageElement;
    await expect(img.complete && img.naturalWidth > 0).toBe(true);
  });

/** Nothing written: Send waits. */
export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = textbox(canvasElement);
    await expect(input).toHaveAttribute("placeholder", "Write a message...");
    await expect(input).toHaveAttribute("maxlength", String(MESSAGE_MAX_LENGTH));
    await expect(canvas.getByRole("button", { name: "Send" })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Attach a picture" })).toBeEnabled();
    await expect(canvasElement.querySelector("[data-testid=composer-file-input]")).toHaveAttribute(
      "accept",
      "image/jpeg,image/png,image/webp,image/avif",
    );
    await expect(canvas.queryByTestId("composer-counter")).toBeNull();
  },
};

/** Enter sends, Shift+Enter starts a new line; he is typing, then no longer once it is sent. */
export const EnterSends: Story = {
  tags: ["!mobile"],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = textbox(canvasElement);
    const oneLine = input.getBoundingClientRect().height;
    await userEvent.type(input, "Hey there{Shift>}{Enter}{/Shift}How are you?");
    await expect(args.onSend).not.toHaveBeenCalled();
    await expect(input).toHaveValue("Hey there\nHow are you?");
    // Said once, not at every keystroke.
    await expect(args.onTyping).toHaveBeenCalledTimes(1);
    await expect(args.onTyping).toHaveBeenLastCalledWith(true);
    // Two lines: the field grew.
    await expect(input.getBoundingClientRect().height).toBeGreaterThan(oneLine);
    await expect(canvas.getByRole("button", { name: "Send" })).toBeEnabled();

    await userEvent.keyboard("{Enter}");
    await expect(args.onSend).toHaveBeenCalledWith("Hey there\nHow are you?", null);
    await expect(args.onTyping).toHaveBeenLastCalledWith(false);
    await expect(input).toHaveValue("");
    await expect(input).toHaveFocus();
    await expect(input.getBoundingClientRect().height).toBe(oneLine);

    // Spaces alone are nothing to send.
    await userEvent.type(input, "   {Enter}");
    await expect(args.onSend).toHaveBeenCalledTimes(1);
  },
};

/** The typing signal stops by itself 3 s after the last keystroke. */
export const TypingStops: Story = {
  tags: ["!mobile"],
  play: async ({ canvasElement, args }) => {
    await userEvent.type(textbox(canvasElement), "Hi");
    await expect(args.onTyping).toHaveBeenCalledWith(true);
    await waitFor(() => expect(args.onTyping).toHaveBeenLastCalledWith(false), { timeout: 4500 });
    await expect(args.onTyping).toHaveBeenCalledTimes(2);
  },
};

/** Near the limit the counter shows; the limit holds. */
export const NearTheLimit: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = textbox(canvasElement);
    await userEvent.click(input);
    await userEvent.paste("a".repeat(MESSAGE_MAX_LENGTH - 150));
    await expect(canvas.getByTestId("composer-counter")).toHaveTextContent("150 characters left");
    await expect(input).toHaveAccessibleDescription("150 characters left");
    await userEvent.paste("b".repeat(400));
    await expect(input).toHaveValue("a".repeat(MESSAGE_MAX_LENGTH - 150) + "b".repeat(150));
    await expect(canvas.getByTestId("composer-counter")).toHaveTextContent(
      "2,000 characters, the most a message can have",
    );
    // Grown to its cap (about six lines), then it scrolls.
    await expect(input.getBoundingClientRect().height).toBeLessThanOrEqual(160);
    await expect(input.scrollHeight).toBeGreaterThan(input.clientHeight);
  },
};

/** A picture on its way: its preview, the progress, and Cancel; Send waits for it. */
export const UploadingPicture: Story = {
  args: { uploadPicture: fn(uploads.stuckAt40) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await attach(canvasElement);
    await expect(await canvas.findByText("Uploading picture... 40%")).toBeVisible();
    await expect(canvas.getByRole("progressbar", { name: "Uploading picture" })).toHaveAttribute("aria-valuenow", "40");
    await expect(args.uploadPicture).toHaveBeenCalledWith(
      expect.any(File),
      expect.any(Function),
      expect.any(AbortSignal),
    );
    await expect(canvas.getByRole("button", { name: "Send" })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Cancel upload" })).toBeVisible();
    await previewShown(canvasElement);
  },
};

/** Cancel stops the upload (its signal aborts) and frees the preview. */
export const CancelUpload: Story = {
  tags: ["!mobile"],
  args: { uploadPicture: fn(uploads.stuckAt40) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await attach(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Cancel upload" }));
    const signal = (args.uploadPicture as ReturnType<typeof fn<Upload>>).mock.calls[0]?.[2];
    await expect(signal?.aborted).toBe(true);
    await expect(canvas.queryByTestId("composer-attachment")).toBeNull();
    await expect(textbox(canvasElement)).toHaveFocus();
  },
};

/** The server refused the picture: its own words, and Remove. */
export const UploadFailed: Story = {
  args: { uploadPicture: fn(uploads.tooLarge) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await attach(canvasElement);
    await expect(await canvas.findByRole("alert")).toHaveTextContent("Pictures can be at most 15 MB");
    await expect(canvas.getByRole("button", { name: "Send" })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Remove" })).toBeVisible();
    // Too large stays too large: nothing to try again.
    await expect(canvas.queryByRole("button", { name: "Try again" })).toBeNull();
    await previewShown(canvasElement);
  },
};

/** The upload never reached the server: it can be tried again with the same picture. */
export const UploadFailedOffline: Story = {
  args: { uploadPicture: fn(uploads.unreachable) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await attach(canvasElement);
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      "The picture couldn't be uploaded. Check your connection and try again.",
    );
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Remove" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Send" })).toBeDisabled();
    await previewShown(canvasElement);
  },
};

/** Try again sends the same file once more; this time it goes through. */
export const TryAgainAfterFailure: Story = {
  tags: ["!mobile"],
  play: async ({ canvasElement, args }) => {
    const upload = args.uploadPicture as ReturnType<typeof fn<Upload>>;
    upload.mockImplementationOnce(uploads.unreachable);
    const canvas = within(canvasElement);
    await attach(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Try again" }));
    await expect(await canvas.findByText("Picture ready to send")).toBeVisible();
    await expect(canvas.queryByRole("alert")).toBeNull();
    await expect(upload).toHaveBeenCalledTimes(2);
    await expect(upload.mock.calls[1]?.[0]).toBe(upload.mock.calls[0]?.[0]);
    await userEvent.click(canvas.getByRole("button", { name: "Send" }));
    await expect(args.onSend).toHaveBeenCalledWith("", uploadedPicture);
  },
};

/** Remove after a failure: back to writing. */
export const RemoveFailedPicture: Story = {
  tags: ["!mobile"],
  args: { uploadPicture: fn(uploads.tooLarge) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await attach(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Remove" }));
    await expect(canvas.queryByRole("alert")).toBeNull();
    await expect(canvas.queryByTestId("composer-attachment")).toBeNull();
  },
};

/** Uploaded: the preview stays until sent; a picture alone can be sent. */
export const PictureReadyThenSent: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await attach(canvasElement);
    await expect(await canvas.findByText("Picture ready to send")).toBeVisible();
    await previewShown(canvasElement);
    const send = canvas.getByRole("button", { name: "Send" });
    await expect(send).toBeEnabled();
    await userEvent.click(send);
    await expect(args.onSend).toHaveBeenCalledWith("", uploadedPicture);
    await expect(canvas.queryByTestId("composer-attachment")).toBeNull();
    await expect(send).toBeDisabled();
  },
};

/** Issue 38: in a direct chat a picture can go "view once": the chip says what it means, and the send carries it. */
export const PictureViewOnce: Story = {
  args: { offerViewOnce: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await attach(canvasElement);
    const chip = await canvas.findByRole("button", { name: "View once" });
    await expect(chip).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(chip);
    await expect(chip).toHaveAttribute("aria-pressed", "true");
    await expect(canvas.getByText("Seen once, for 10 seconds. A screenshot can't be prevented.")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Send" }));
    await expect(args.onSend).toHaveBeenCalledWith("", uploadedPicture, { viewOnce: true });
    // The next picture starts as an ordinary one again.
    await attach(canvasElement);
    await expect(await canvas.findByRole("button", { name: "View once" })).toHaveAttribute("aria-pressed", "false");
  },
};

/** A group chat's composer (and any that does not offer it) has no such chip. */
export const PictureNoViewOnce: Story = {
  tags: ["!mobile"],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await attach(canvasElement);
    await canvas.findByText("Picture ready to send");
    await expect(canvas.queryByRole("button", { name: "View once" })).toBeNull();
  },
};

/** A picture and words go together. */
export const PictureWithText: Story = {
  tags: ["!mobile"],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await attach(canvasElement);
    await canvas.findByText("Picture ready to send");
    await userEvent.type(textbox(canvasElement), "The view from here{Enter}");
    await expect(args.onSend).toHaveBeenCalledWith("The view from here", uploadedPicture);
  },
};

/** Blocked: the reason instead of the input. */
export const DisabledBecauseBlocked: Story = {
  args: { disabled: true, disabledReason: "You can't message this member" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("You can't message this member")).toBeVisible();
    await expect(canvas.queryByRole("textbox")).toBeNull();
    await expect(canvas.queryByRole("button", { name: "Send" })).toBeNull();
  },
};

/**
 * A member's composer offers his saved phrases (issue 38): one tap puts a phrase into the message (after what he had
 * written), and the field has the focus again.
 */
export const SavedPhrases: Story = {
  args: { savedPhrases: true },
  parameters: { msw: { handlers: { phrases: phrasesHandlers.some() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole("textbox", { name: "Message" });
    await userEvent.type(field, "Hi!");
    await userEvent.click(canvas.getByRole("button", { name: "Saved phrases" }));
    const sheet = within(await screen.findByRole("dialog", { name: "Saved phrases" }));
    await userEvent.click(await sheet.findByRole("button", { name: "On my way, 10 minutes." }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await expect(field).toHaveValue("Hi! On my way, 10 minutes.");
    await waitFor(() => expect(field).toHaveFocus());
  },
};

/** Saving what he is writing as a phrase sends nothing (the sheet's form lives outside the composer's). */
export const SavePhraseSendsNothing: Story = {
  tags: ["!mobile"],
  args: { savedPhrases: true },
  parameters: { msw: { handlers: { phrases: phrasesHandlers.none() } } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole("textbox", { name: "Message" });
    await userEvent.type(field, "Running late");
    await userEvent.click(canvas.getByRole("button", { name: "Saved phrases" }));
    const sheet = within(await screen.findByRole("dialog", { name: "Saved phrases" }));
    await userEvent.click(await sheet.findByRole("button", { name: "Save" }));
    await expect(await sheet.findByRole("button", { name: "Running late" })).toBeVisible();
    await expect(args.onSend).not.toHaveBeenCalled();
    await userEvent.keyboard("{Escape}");
    await expect(field).toHaveValue("Running late");
  },
};
