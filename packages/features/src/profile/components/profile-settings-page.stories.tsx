import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { MEDIA_MAX_BYTES } from "@vicinity/contract";
import { sessionHandlers } from "../../../../../mocks/handlers";
import { profileHandlers, profileSettingsHandlers } from "../../../../../mocks/handlers/profile";
import { EXPORT_FILENAME_FIXTURE, RIGHT_NOW_NOTE_FIXTURE } from "../../../../../mocks/fixtures/profile-settings";
import { ProfileSettingsPage } from "./profile-settings-page";

const meta = {
  title: "Features/Profile/ProfileSettingsPage",
  component: ProfileSettingsPage,
  tags: ["mobile", "desktop"],
  parameters: { layout: "fullscreen", route: "/profile", msw: { handlers: profileSettingsHandlers } },
  args: { saveFile: fn(), onAccountDeleted: fn() },
} satisfies Meta<typeof ProfileSettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A small PNG-typed file: the mocks never decode it. */
const picture = (name = "beach.png", size = 2048) => new File([new Uint8Array(size)], name, { type: "image/png" });
const fileInput = (root: HTMLElement) => root.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
const section = (name: string) => screen.getByRole("region", { name });
const photoTiles = () => screen.getAllByTestId("photo-tile");
const photoIds = () => photoTiles().map((tile) => tile.dataset.photoId?.slice(-2));

async function loaded() {
  await screen.findByRole("heading", { level: 1, name: "Profile Settings" });
  await waitFor(() => expect(photoTiles()).toHaveLength(3));
}

/** Desktop: the profile on the left (photos, about you), the switches and the account on the right. */
export const Loaded: Story = {
  tags: ["!mobile"],
  play: async () => {
    await loaded();
    await expect(screen.getByTestId("summary-name")).toHaveTextContent("Marco R., 31");
    await expect(screen.getByRole("img", { name: "Photo 1, your main photo" })).toBeVisible();
    await expect(screen.getByTestId("photo-count")).toHaveTextContent("3 of 6");
    const about = section("About you");
    await expect(within(about).getByRole("textbox", { name: "First name" })).toHaveValue("Marco");
    await expect(within(about).getByRole("textbox", { name: "Age" })).toHaveValue("31");
    await expect(within(about).getByRole("combobox", { name: "Position" })).toHaveValue("versatile");
    await expect(within(about).getByRole("button", { name: "Save changes" })).toBeDisabled();
    await expect(screen.getByRole("switch", { name: "Private mode" })).toHaveAttribute("aria-checked", "false");
    // Two columns: Right Now sits beside the photos, not below them.
    const photos = section("Photos").getBoundingClientRect();
    const rightNow = section("Right Now").getBoundingClientRect();
    await expect(rightNow.left).toBeGreaterThan(photos.right);
    await expect(Math.abs(rightNow.top - photos.top)).toBeLessThan(4);
  },
};

/** Phones: one column, in the order photos, about you, Right Now, privacy, account. */
export const LoadedMobile: Story = {
  tags: ["!desktop"],
  globals: { viewport: { value: "mobile" } },
  play: async () => {
    await loaded();
    const tops = ["Photos", "About you", "Right Now", "Privacy", "Account & security"].map((name) =>
      section(name).getBoundingClientRect(),
    );
    for (let i = 1; i < tops.length; i++) await expect(tops[i]!.top).toBeGreaterThanOrEqual(tops[i - 1]!.bottom);
    await expect(Math.round(tops[0]!.left)).toBe(Math.round(tops[2]!.left));
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { session: sessionHandlers.loading } } },
  play: async () => {
    await expect(await screen.findByRole("status")).toHaveTextContent("Loading your profile...");
  },
};

/** The member could not be loaded (retried twice first, as the session does): the error and Try again. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: { session: sessionHandlers.error } } },
  play: async () => {
    await expect(await screen.findByRole("alert", {}, { timeout: 6000 })).toHaveTextContent(
      "Your profile could not be loaded. Please try again.",
    );
    await expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
  },
};

/** The rest of the page works when only the photos fail to load. */
export const PhotosLoadFailed: Story = {
  parameters: { msw: { handlers: { photos: profileHandlers.photosError } } },
  play: async () => {
    await expect(await screen.findByRole("alert")).toHaveTextContent("Service unavailable");
    const photos = section("Photos");
    await expect(within(photos).getByRole("alert")).toBeVisible();
    await expect(within(photos).getByRole("button", { name: "Try again" })).toBeEnabled();
    await expect(screen.getByRole("textbox", { name: "First name" })).toHaveValue("Marco");
  },
};

/** A new member: no photo, nothing filled in; the empty state invites the first photo. */
export const PhotosEmpty: Story = {
  parameters: {
    msw: { handlers: { session: profileHandlers.settingsNewMember, photos: profileHandlers.photosEmpty } },
  },
  play: async () => {
    await expect(await screen.findByRole("heading", { name: "No photos yet" })).toBeVisible();
    const photos = section("Photos");
    await expect(within(photos).getByTestId("photo-count")).toHaveTextContent("0 of 6");
    await expect(within(photos).getByRole("button", { name: "Add photo" })).toBeEnabled();
    await expect(screen.getByRole("textbox", { name: "First name" })).toHaveValue("");
  },
};

/** The upload is on its way (the server never answers here): its progress bar; Add photo waits. */
export const UploadInProgress: Story = {
  parameters: { msw: { handlers: { upload: profileHandlers.uploadPending } } },
  play: async ({ canvasElement }) => {
    await loaded();
    await userEvent.upload(fileInput(canvasElement), picture());
    const bar = await screen.findByRole("progressbar", { name: "Uploading beach.png" });
    await expect(bar).toBeVisible();
    await expect(screen.getByTestId("upload-tile")).toHaveTextContent(/Uploading\.\.\./);
    await expect(screen.getByRole("button", { name: "Add photo" })).toBeDisabled();
  },
};

/** Uploaded and added: the fourth photo, and a toast. */
export const UploadSucceeds: Story = {
  play: async ({ canvasElement }) => {
    await loaded();
    await userEvent.upload(fileInput(canvasElement), picture());
    await expect(await screen.findByText("beach.png is on your profile now.")).toBeInTheDocument();
    await waitFor(() => expect(photoTiles()).toHaveLength(4));
    await expect(screen.queryByTestId("upload-tile")).toBeNull();
    await expect(screen.getByTestId("photo-count")).toHaveTextContent("4 of 6");
  },
};

/** The server refuses the picture (413): its message, Try again (which fails the same way) and Dismiss. */
export const UploadFailed: Story = {
  parameters: { msw: { handlers: { upload: profileHandlers.uploadTooLarge } } },
  play: async ({ canvasElement }) => {
    await loaded();
    await userEvent.upload(fileInput(canvasElement), picture("holiday.png"));
    const tile = await screen.findByTestId("upload-tile");
    await expect(await within(tile).findByRole("alert")).toHaveTextContent("Pictures can be at most 15 MB");
    await userEvent.click(within(tile).getByRole("button", { name: "Try again" }));
    await expect(await within(await screen.findByTestId("upload-tile")).findByRole("alert")).toHaveTextContent(
      "Pictures can be at most 15 MB",
    );
    await expect(screen.getByRole("button", { name: "Add photo" })).toBeEnabled();
    await userEvent.click(within(screen.getByTestId("upload-tile")).getByRole("button", { name: "Dismiss" }));
    await expect(screen.queryByTestId("upload-tile")).toBeNull();
  },
};

/** Too large for the server: said at once, nothing is sent (no upload handler answers here). */
export const UploadTooLargeForTheClient: Story = {
  parameters: { msw: { handlers: { upload: [] } } },
  play: async ({ canvasElement }) => {
    await loaded();
    await userEvent.upload(fileInput(canvasElement), picture("huge.png", MEDIA_MAX_BYTES + 1024 * 1024));
    const tile = await screen.findByTestId("upload-tile");
    await expect(within(tile).getByRole("alert")).toHaveTextContent(
      "huge.png is 16 MB; pictures can be at most 15 MB.",
    );
    await expect(within(tile).queryByRole("button", { name: "Try again" })).toBeNull();
  },
};

/** Keyboard reordering: move a photo, then make another the main one; the focus stays on the moved photo. */
export const ReorderAndMakeMain: Story = {
  play: async () => {
    await loaded();
    await expect(photoIds()).toEqual(["01", "02", "03"]);
    await expect(screen.getByRole("button", { name: "Move photo 1 left" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Move photo 1 right" }));
    await waitFor(() => expect(photoIds()).toEqual(["02", "01", "03"]));
    await waitFor(() => expect(screen.getByRole("button", { name: "Move photo 2 right" })).toHaveFocus());
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(photoIds()).toEqual(["02", "03", "01"]));
    await userEvent.click(screen.getByRole("button", { name: "Make photo 3 your main photo" }));
    await waitFor(() => expect(photoIds()).toEqual(["01", "02", "03"]));
    await expect(await screen.findByText("It shows on your card and in the grid.")).toBeInTheDocument();
    await expect(screen.getByRole("img", { name: "Photo 1, your main photo" })).toBeVisible();
  },
};

/** Delete asks first (Keep has the focus), then the photo goes. */
export const DeletePhoto: Story = {
  play: async () => {
    await loaded();
    await userEvent.click(screen.getByRole("button", { name: "Delete photo 2" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Keep" })).toHaveFocus());
    await userEvent.click(screen.getByRole("button", { name: "Keep" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Delete photo 2" })).toHaveFocus());
    await userEvent.click(screen.getByRole("button", { name: "Delete photo 2" }));
    await userEvent.click(screen.getByRole("button", { name: "Yes, delete photo 2" }));
    await waitFor(() => expect(photoIds()).toEqual(["01", "03"]));
    await expect(await screen.findByText("Photo deleted")).toBeInTheDocument();
  },
};

/** The photo could not be reordered: the server's message in the section. */
export const ReorderFailed: Story = {
  parameters: { msw: { handlers: { photoEdits: profileHandlers.photoEditsFailure } } },
  play: async () => {
    await loaded();
    await userEvent.click(screen.getByRole("button", { name: "Move photo 2 left" }));
    await expect(await within(section("Photos")).findByRole("alert")).toHaveTextContent("Service unavailable");
    await expect(photoIds()).toEqual(["01", "02", "03"]);
  },
};

/** Only what changed is sent; 'Profile Updated', and the form starts again from the answer. */
export const SaveProfileSuccess: Story = {
  play: async () => {
    await loaded();
    const about = section("About you");
    const age = within(about).getByRole("textbox", { name: "Age" });
    await userEvent.clear(age);
    await userEvent.type(age, "32");
    await userEvent.type(within(about).getByRole("textbox", { name: "Interests" }), "running{Enter}");
    await expect(within(about).getAllByRole("listitem")).toHaveLength(4);
    await userEvent.click(within(about).getByRole("button", { name: "Save changes" }));
    await expect(await screen.findByText("Your profile has been saved successfully!")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("summary-name")).toHaveTextContent("Marco R., 32"));
    await expect(within(section("About you")).getByRole("button", { name: "Save changes" })).toBeDisabled();
  },
};

/** The server refuses: its message under the form; the typed values stay. */
export const SaveProfileFailure: Story = {
  parameters: { msw: { handlers: { profile: profileHandlers.settingsSaveRejected } } },
  play: async () => {
    await loaded();
    const about = section("About you");
    const name = within(about).getByRole("textbox", { name: "Display name" });
    await userEvent.clear(name);
    await userEvent.type(name, "Marco the architect");
    await userEvent.click(within(about).getByRole("button", { name: "Save changes" }));
    await expect(await within(about).findByRole("alert")).toHaveTextContent(
      "Display name can be at most 50 characters",
    );
    await expect(name).toHaveValue("Marco the architect");
    await waitFor(() => expect(within(about).getByRole("button", { name: "Save changes" })).toBeEnabled());
  },
};

/** Saving: the button is busy. */
export const SavingProfile: Story = {
  parameters: { msw: { handlers: { profile: profileHandlers.settingsSaveLoading } } },
  play: async () => {
    await loaded();
    const about = section("About you");
    await userEvent.type(within(about).getByRole("textbox", { name: "Bio" }), " Dog lover.");
    await userEvent.click(within(about).getByRole("button", { name: "Save changes" }));
    await expect(await within(about).findByRole("button", { name: "Saving..." })).toBeDisabled();
  },
};

/** 17 is refused before anything is sent (no profile handler answers here); the age field gets the focus. */
export const InvalidAge: Story = {
  parameters: { msw: { handlers: { profile: [] } } },
  play: async () => {
    await loaded();
    const about = section("About you");
    const age = within(about).getByRole("textbox", { name: "Age" });
    await userEvent.clear(age);
    await userEvent.type(age, "17");
    await userEvent.click(within(about).getByRole("button", { name: "Save changes" }));
    await expect(await within(about).findByRole("alert")).toHaveTextContent("You must be 18 or older");
    await expect(age).toHaveAttribute("aria-invalid", "true");
    await expect(age).toHaveFocus();
    await userEvent.type(age, "{Backspace}9");
    await expect(within(about).queryByRole("alert")).toBeNull();
  },
};

/** Right Now with 43 minutes to go, and ending it. */
export const RightNowActive: Story = {
  parameters: { msw: { handlers: { session: profileHandlers.settingsRightNow } } },
  play: async () => {
    await loaded();
    const card = section("Right Now");
    await expect(within(card).getByTestId("right-now-note")).toHaveTextContent(RIGHT_NOW_NOTE_FIXTURE);
    await expect(within(card).getByTestId("right-now-remaining")).toHaveTextContent("Right Now for 43 more minutes");
    await expect(screen.getByTestId("summary-name").parentElement).toHaveTextContent("Right Now");
    await userEvent.click(within(card).getByRole("button", { name: "End Right Now" }));
    await expect(await screen.findByRole("textbox", { name: "What are you up for?" })).toBeVisible();
    await expect(await screen.findByText("Right Now ended")).toBeInTheDocument();
  },
};

/** Going Right Now: a note is needed; then 60 minutes. */
export const SetRightNow: Story = {
  play: async () => {
    await loaded();
    const card = section("Right Now");
    await userEvent.click(within(card).getByRole("button", { name: "Go Right Now" }));
    await expect(within(card).getByRole("alert")).toHaveTextContent("Say what you are up for");
    await userEvent.type(within(card).getByRole("textbox", { name: "What are you up for?" }), "Drinks downtown");
    await userEvent.click(within(card).getByRole("button", { name: "Go Right Now" }));
    await expect(await screen.findByTestId("right-now-remaining")).toHaveTextContent("Right Now for 60 more minutes");
    await expect(within(section("Right Now")).getByTestId("right-now-note")).toHaveTextContent("Drinks downtown");
    await expect(await screen.findByText("Members nearby can see you're free for the next hour.")).toBeInTheDocument();
  },
};

/** Private mode on: the switch, what it means, and turning it off. */
export const PrivateModeOn: Story = {
  parameters: { msw: { handlers: { session: profileHandlers.settingsPrivate } } },
  play: async () => {
    await loaded();
    const toggle = screen.getByRole("switch", { name: "Private mode" });
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expect(toggle).toHaveAccessibleDescription(
      "Hides your distance ('Distance hidden') and keeps you off the map.",
    );
    await expect(screen.getByTestId("private-mode-status")).toHaveTextContent("On: others see 'Distance hidden'");
    await userEvent.click(toggle);
    await expect(await screen.findByText("Private mode off")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("switch", { name: "Private mode" })).toHaveAttribute("aria-checked", "false"),
    );
  },
};

/** Turning private mode on from the keyboard. */
export const TurnPrivateModeOn: Story = {
  play: async () => {
    await loaded();
    const toggle = screen.getByRole("switch", { name: "Private mode" });
    toggle.focus();
    await userEvent.keyboard(" ");
    await expect(await screen.findByText("Your distance is hidden and you are off the map.")).toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveAttribute("aria-checked", "true"));
  },
};

const fillPassword = async (current: string, next: string, confirm: string) => {
  const account = section("Account & security");
  await userEvent.type(within(account).getByLabelText("Current password"), current);
  await userEvent.type(within(account).getByLabelText("New password"), next);
  await userEvent.type(within(account).getByLabelText("Confirm new password"), confirm);
  await userEvent.click(within(account).getByRole("button", { name: "Change password" }));
};

/** A mismatch is caught here; a wrong current password comes back from the server. */
export const ChangePasswordError: Story = {
  parameters: { msw: { handlers: { password: profileHandlers.passwordWrong } } },
  play: async () => {
    await loaded();
    await fillPassword("not-my-password", "a-new-secret-1", "a-new-secret-2");
    const account = section("Account & security");
    await expect(within(account).getByRole("alert")).toHaveTextContent("Passwords do not match");
    await expect(within(account).getByLabelText("Confirm new password")).toHaveFocus();
    await userEvent.clear(within(account).getByLabelText("Confirm new password"));
    await userEvent.type(within(account).getByLabelText("Confirm new password"), "a-new-secret-1");
    await userEvent.click(within(account).getByRole("button", { name: "Change password" }));
    await expect(await within(account).findByRole("alert")).toHaveTextContent("Your current password is not right");
  },
};

/** Changed: the toast says other devices were signed out, and the form is empty again. */
export const ChangePasswordSuccess: Story = {
  play: async () => {
    await loaded();
    await fillPassword("my-old-secret", "a-new-secret-1", "a-new-secret-1");
    await expect(await screen.findByText("Other devices have been signed out.")).toBeInTheDocument();
    const account = section("Account & security");
    await waitFor(() => expect(within(account).getByLabelText("Current password")).toHaveValue(""));
    await expect(within(account).getByLabelText("New password")).toHaveValue("");
  },
};

/** The export arrives as a file named by the server. */
export const ExportSuccess: Story = {
  play: async ({ args }) => {
    await loaded();
    await userEvent.click(screen.getByRole("button", { name: "Export my data" }));
    await waitFor(() => expect(args.saveFile).toHaveBeenCalledWith(expect.any(Blob), EXPORT_FILENAME_FIXTURE));
    await expect(await screen.findByText("Your data is downloading")).toBeInTheDocument();
  },
};

export const ExportFailure: Story = {
  parameters: { msw: { handlers: { export: profileHandlers.exportFailure } } },
  play: async ({ args }) => {
    await loaded();
    await userEvent.click(screen.getByRole("button", { name: "Export my data" }));
    await expect(await within(section("Account & security")).findByRole("alert")).toHaveTextContent(
      "Service unavailable",
    );
    await expect(screen.getByRole("button", { name: "Export my data" })).toBeEnabled();
    await expect(args.saveFile).not.toHaveBeenCalled();
  },
};

const openDeleteDialog = async () => {
  await loaded();
  await userEvent.click(screen.getByRole("button", { name: "Delete my account" }));
  const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
};

/** The confirmation asks for the password; Keep my account closes it. */
export const DeleteDialogOpen: Story = {
  play: async ({ args }) => {
    const dialog = await openDeleteDialog();
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    await expect(within(dialog).getByRole("alert")).toHaveTextContent("Enter your password to delete your account");
    await expect(within(dialog).getByLabelText("Your password")).toBeVisible();
    await userEvent.click(within(dialog).getByRole("button", { name: "Keep my account" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await expect(args.onAccountDeleted).not.toHaveBeenCalled();
  },
};

/** Wrong password: the server's message, and the dialog stays. */
export const DeleteWithWrongPassword: Story = {
  parameters: { msw: { handlers: { account: profileHandlers.accountWrongPassword } } },
  play: async ({ args }) => {
    const dialog = await openDeleteDialog();
    await userEvent.type(within(dialog).getByLabelText("Your password"), "not-my-password");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    await expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "That is not your password; your account was not deleted",
    );
    await expect(screen.getByRole("dialog", { name: "Delete your account?" })).toBeVisible();
    await expect(args.onAccountDeleted).not.toHaveBeenCalled();
  },
};

/** Deleted: the cache is cleared (the page has no member left) and the app moves on to "/". */
export const DeleteAccountSucceeds: Story = {
  play: async ({ args }) => {
    const dialog = await openDeleteDialog();
    await userEvent.type(within(dialog).getByLabelText("Your password"), "my-secret-1");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    await waitFor(() => expect(args.onAccountDeleted).toHaveBeenCalledOnce());
    await expect(await screen.findByText("Your account and everything in it are gone. Take care.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Profile Settings" })).toBeNull());
  },
};
