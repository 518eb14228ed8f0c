import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { profileHandlers, sessionHandlers } from "../../../../../mocks/handlers";
import { fakeGeolocation } from "../../../../../mocks/geolocation";
import { OnboardingModal } from "./onboarding-modal";
import { FeaturesStep, LocationStep, ProfileStep, WelcomeStep } from "./onboarding-steps";
import { ONBOARDING_COMPLETED_KEY } from "../model/onboarding";

const meta = {
  title: "Features/Onboarding/OnboardingModal",
  component: OnboardingModal,
  tags: ["mobile", "desktop"],
  parameters: {
    msw: {
      handlers: {
        session: sessionHandlers.member,
        profile: profileHandlers.saveSuccess,
        location: profileHandlers.locationSuccess,
      },
    },
  },
  args: { open: true, onClose: fn(), geolocation: fakeGeolocation("granted") },
} satisfies Meta<typeof OnboardingModal>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => screen.findByRole("dialog");
const progress = async () => Number((await screen.findByRole("progressbar")).getAttribute("aria-valuenow"));

/** Step 0 of 4: the progress bar at 1/4. */
export const Welcome: Story = {
  play: async () => {
    const modal = await dialog();
    // The dialog fades in: wait until it is shown.
    await waitFor(() => expect(within(modal).getByText("Step 1 of 4")).toBeVisible());
    await expect(await progress()).toBe(25);
    await userEvent.click(screen.getByRole("button", { name: "Get Started" }));
    await waitFor(() => expect(screen.getByRole("textbox", { name: "First name" })).toBeVisible(), { timeout: 3000 });
    await expect(await progress()).toBe(50);
    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Get Started" })).toBeVisible(), { timeout: 3000 });
  },
};

/** Save & Continue waits for a first name and an age; interests by Add or Enter, trimmed, no duplicates, click to remove. */
export const ProfileStepRules: Story = {
  args: { initialStep: 1 },
  play: async () => {
    const save = await screen.findByRole("button", { name: "Save & Continue" });
    await expect(save).toBeDisabled();
    await userEvent.type(screen.getByRole("textbox", { name: "First name" }), "Sam");
    await expect(save).toBeDisabled();
    await userEvent.type(screen.getByRole("textbox", { name: "Age" }), "abc");
    await expect(screen.getByRole("textbox", { name: "Age" })).toHaveValue("");
    await userEvent.type(screen.getByRole("textbox", { name: "Age" }), "29");
    await expect(save).toBeEnabled();
    const interest = screen.getByRole("textbox", { name: "Interests" });
    await userEvent.type(interest, "  hiking {Enter}");
    await userEvent.type(interest, "   {Enter}");
    await userEvent.type(interest, "Hiking");
    await userEvent.click(screen.getByRole("button", { name: "Add" }));
    await userEvent.type(interest, "music{Enter}");
    const list = screen.getByRole("list", { name: "Your interests" });
    await expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["hiking", "music"]);
    await userEvent.click(within(list).getByRole("button", { name: "Remove hiking" }));
    await expect(within(list).getAllByRole("listitem")).toHaveLength(1);
  },
};

/** Saved: 'Profile Updated' and on to the location step. */
export const ProfileSaved: Story = {
  args: { initialStep: 1 },
  play: async () => {
    await userEvent.type(await screen.findByRole("textbox", { name: "First name" }), "Sam");
    await userEvent.type(screen.getByRole("textbox", { name: "Age" }), "29");
    await userEvent.click(screen.getByRole("button", { name: "Save & Continue" }));
    await expect(await screen.findByText("Your profile has been saved successfully!")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Enable Location" })).toBeVisible(), {
      timeout: 3000,
    });
  },
};

export const ProfileSaving: Story = {
  args: { initialStep: 1 },
  parameters: { msw: { handlers: { profile: profileHandlers.saveLoading } } },
  play: async () => {
    await userEvent.type(await screen.findByRole("textbox", { name: "First name" }), "Sam");
    await userEvent.type(screen.getByRole("textbox", { name: "Age" }), "29");
    await userEvent.click(screen.getByRole("button", { name: "Save & Continue" }));
    await expect(await screen.findByRole("button", { name: "Saving..." })).toBeDisabled();
  },
};

/** Spec section 8: 'Error' / 'Failed to save profile. Please try again.'; the step stays. */
export const ProfileSaveFailed: Story = {
  args: { initialStep: 1 },
  parameters: { msw: { handlers: { profile: profileHandlers.saveFailure } } },
  play: async () => {
    await userEvent.type(await screen.findByRole("textbox", { name: "First name" }), "Sam");
    await userEvent.type(screen.getByRole("textbox", { name: "Age" }), "29");
    await userEvent.click(screen.getByRole("button", { name: "Save & Continue" }));
    await expect(await screen.findByText("Failed to save profile. Please try again.")).toBeInTheDocument();
    // The step stays, its fields at hand (once the dialog's busy state has settled: wait for it, not a time).
    await waitFor(() => expect(screen.getByRole("textbox", { name: "First name" })).toBeVisible());
    // The toast can come before the button leaves its busy state: wait for it to be usable again.
    await waitFor(() => expect(screen.getByRole("button", { name: "Save & Continue" })).toBeEnabled());
    // Where focus lands after a disabled (busy) button is not deterministic: settle it for the screenshot.
    screen.getByRole("textbox", { name: "First name" }).focus();
    await expect(screen.getByRole("textbox", { name: "First name" })).toHaveFocus();
  },
};

export const LocationGranted: Story = {
  args: { initialStep: 2 },
  play: async () => {
    await userEvent.click(await screen.findByRole("button", { name: "Enable Location" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Start Using Vicinity" })).toBeVisible(), {
      timeout: 3000,
    });
  },
};

export const LocationDenied: Story = {
  args: { initialStep: 2, geolocation: fakeGeolocation("denied") },
  play: async () => {
    await userEvent.click(await screen.findByRole("button", { name: "Enable Location" }));
    await expect(await screen.findByText("Location Access Denied")).toBeInTheDocument();
    await expect(screen.getByText("You can enable location later in settings.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Start Using Vicinity" })).toBeVisible(), {
      timeout: 3000,
    });
  },
};

export const LocationNotSupported: Story = {
  args: { initialStep: 2, geolocation: null },
  play: async () => {
    await userEvent.click(await screen.findByRole("button", { name: "Enable Location" }));
    await expect(await screen.findByText("Location Not Supported")).toBeInTheDocument();
    await expect(screen.getByText("Your browser doesn't support location services.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Start Using Vicinity" })).toBeVisible(), {
      timeout: 3000,
    });
  },
};

/** The position was found but not saved: the error, and the step stays (retry or skip). */
export const LocationSaveFailed: Story = {
  args: { initialStep: 2 },
  parameters: { msw: { handlers: { location: profileHandlers.locationFailure } } },
  play: async () => {
    await userEvent.click(await screen.findByRole("button", { name: "Enable Location" }));
    await expect(await screen.findByRole("alert")).toHaveTextContent("Failed to save location. Please try again.");
    await userEvent.click(screen.getByRole("button", { name: "Skip for Now" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Start Using Vicinity" })).toBeVisible(), {
      timeout: 3000,
    });
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

export const Locating: Story = {
  args: { initialStep: 2, geolocation: fakeGeolocation("pending") },
  play: async () => {
    await userEvent.click(await screen.findByRole("button", { name: "Enable Location" }));
    await expect(await screen.findByRole("button", { name: "Locating..." })).toBeDisabled();
  },
};

/** Start Using Vicinity: the local flag, a fresh user, the closing toast. */
export const Finish: Story = {
  args: { initialStep: 3 },
  play: async ({ args }) => {
    await userEvent.click(await screen.findByRole("button", { name: "Start Using Vicinity" }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    await expect(window.localStorage.getItem(ONBOARDING_COMPLETED_KEY)).toBe("true");
    await expect(
      await screen.findByText("Your profile is ready. Start discovering amazing people!"),
    ).toBeInTheDocument();
  },
};

/** The session cannot be fetched again when he finishes: the spec's failure toast. */
export const FinishFailed: Story = {
  args: { initialStep: 3 },
  parameters: { msw: { handlers: { session: sessionHandlers.error } } },
  play: async ({ args }) => {
    await userEvent.click(await screen.findByRole("button", { name: "Start Using Vicinity" }));
    // After the current user's own retries (2, a second apart).
    await expect(
      await screen.findByText("Failed to complete setup. Please try again.", {}, { timeout: 6000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    await expect(screen.queryByText("Your profile is ready. Start discovering amazing people!")).toBeNull();
  },
};

/** Escape (like an outside click) counts as skipping and completes onboarding, without saying his profile is ready. */
export const EscapeSkips: Story = {
  play: async ({ args }) => {
    await dialog();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    await expect(window.localStorage.getItem(ONBOARDING_COMPLETED_KEY)).toBe("true");
    await expect(screen.queryByText("Your profile is ready. Start discovering amazing people!")).toBeNull();
  },
};

/** Skip Setup: onboarding is done with, and no toast claims a profile he did not fill in. */
export const SkipSetup: Story = {
  play: async ({ args }) => {
    await userEvent.click(await screen.findByRole("button", { name: "Skip Setup" }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    await expect(screen.queryByText("Your profile is ready. Start discovering amazing people!")).toBeNull();
  },
};

/** The steps on their own (WelcomeStep, ProfileStep, LocationStep, FeaturesStep). */
export const StepsOnTheirOwn: StoryObj<typeof WelcomeStep> = {
  render: () => (
    <div className="grid max-w-md gap-8">
      <WelcomeStep onStart={fn()} onSkip={fn()} />
      <ProfileStep saving={false} onBack={fn()} onSave={fn()} />
      <LocationStep busy={false} error={null} onEnable={fn()} onSkip={fn()} />
      <FeaturesStep busy={false} onFinish={fn()} />
    </div>
  ),
};
