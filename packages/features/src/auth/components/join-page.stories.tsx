import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test";
import { ANONYMOUS_FLAG_KEY, ANONYMOUS_PROFILE_KEY } from "@vicinity/features/shared";
import { authHandlers } from "../../../../../mocks/handlers";
import { anonymousProfileFixture } from "../../../../../mocks/fixtures/auth";
import { FullReloadContext, RELOAD_AFTER_TOAST_MS, type FullReload } from "../model/full-reload";
import { JoinPage } from "./join-page";

/** Stands in for the full page load at "/", which would reload Storybook's frame. */
const fullReload = fn<FullReload>().mockName("fullReload");

const meta = {
  title: "Features/Auth/JoinPage",
  component: JoinPage,
  tags: ["mobile", "desktop"],
  parameters: { layout: "fullscreen", route: "/join" },
  beforeEach() {
    fullReload.mockClear();
    // Anonymous browsing writes the two stored items: no story leaves them behind.
    return () => window.localStorage.clear();
  },
  decorators: [
    (Story) => (
      <FullReloadContext.Provider value={fullReload}>
        <Story />
      </FullReloadContext.Provider>
    ),
  ],
} satisfies Meta<typeof JoinPage>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

const signInRoute = { route: "/join?tab=login" };
const reloadWait = { timeout: RELOAD_AFTER_TOAST_MS + 3000 };

async function fillSignIn(canvas: Canvas) {
  await userEvent.type(canvas.getByLabelText(/^Email/), "marco@example.com");
  await userEvent.type(canvas.getByLabelText(/^Password/), "night-owl-42");
}

async function fillSignUp(canvas: Canvas, confirmation = "midnight-run-7") {
  await userEvent.type(canvas.getByLabelText(/^Username/), "jordan_nights");
  await userEvent.type(canvas.getByLabelText(/^Email/), "jordan@example.com");
  await userEvent.type(canvas.getByLabelText(/^Password/), "midnight-run-7");
  await userEvent.type(canvas.getByLabelText(/^Confirm password/), confirmation);
}

/** The toast with this title (toasts render in document.body), its text and its variant. */
async function findToast(title: string) {
  const heading = await screen.findByText(title);
  const toast = heading.closest<HTMLElement>("[data-slot=toast]");
  if (!toast) throw new Error(`"${title}" is not in a toast`);
  return toast;
}

// Sign Up tab (the default) -----------------------------------------------------------------------

export const SignUpIdle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1, name: "Join the Action" })).toBeVisible();
    await expect(canvas.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
    await expect(canvas.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "false");
    const username = canvas.getByLabelText(/^Username/);
    const email = canvas.getByLabelText(/^Email/);
    await expect(username).toHaveAttribute("autocomplete", "username");
    await expect(email).toHaveAttribute("type", "email");
    await expect(email).toHaveAttribute("autocomplete", "email");
    await expect(canvas.getByLabelText(/^Password/)).toHaveAttribute("autocomplete", "new-password");
    await expect(canvas.getByLabelText(/^Confirm password/)).toHaveAttribute("autocomplete", "new-password");
    for (const field of [
      username,
      email,
      canvas.getByLabelText(/^Password/),
      canvas.getByLabelText(/^Confirm password/),
    ]) {
      await expect(field).toBeRequired();
    }
    await expect(canvas.getByRole("button", { name: "Create Account" })).toBeEnabled();
    await expect(canvas.getByRole("button", { name: "Browse Anonymously" })).toBeEnabled();
  },
};

/** The browser's own checks: nothing is sent while a required field is empty. */
export const SignUpRequiredFields: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Create Account" }));
    await expect((canvas.getByLabelText(/^Username/) as HTMLInputElement).validity.valueMissing).toBe(true);
    await expect(canvas.getByRole("button", { name: "Create Account" })).toBeEnabled();
    await expect(fullReload).not.toHaveBeenCalled();
    // The browser's own validation bubble renders unpredictably in screenshots: dismiss it.
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

export const ShowAndHidePassword: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const passwordField = canvas.getByLabelText(/^Password/);
    await userEvent.type(passwordField, "midnight-run-7");
    await expect(passwordField).toHaveAttribute("type", "password");
    await userEvent.click(canvas.getByRole("button", { name: "Show password" }));
    await expect(passwordField).toHaveAttribute("type", "text");
    await expect(passwordField).toHaveValue("midnight-run-7");
    await userEvent.click(canvas.getByRole("button", { name: "Hide password" }));
    await expect(passwordField).toHaveAttribute("type", "password");
  },
};

export const PasswordsDontMatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillSignUp(canvas, "midnight-run-8");
    await userEvent.keyboard("{Enter}");
    await expect(canvas.getByRole("alert")).toHaveTextContent("Passwords don't match");
    await expect(canvas.getByLabelText(/^Confirm password/)).toHaveAttribute("aria-invalid", "true");
    await expect(canvas.getByLabelText(/^Confirm password/)).toHaveFocus();
  },
};

export const CreatingAccount: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.registerLoading } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillSignUp(canvas);
    await userEvent.keyboard("{Enter}");
    await expect(await canvas.findByRole("button", { name: "Creating Account..." })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Browse Anonymously" })).toBeDisabled();
  },
};

/** 'Account Created!', then a sign-in with the same credentials, then the app reloads at "/". */
export const AccountCreatedThenSignedIn: Story = {
  parameters: { msw: { handlers: { auth: [...authHandlers.registerSuccess, ...authHandlers.loginSuccess] } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillSignUp(canvas);
    await userEvent.click(canvas.getByRole("button", { name: "Create Account" }));
    const toast = await findToast("Account Created!");
    await expect(toast).toHaveAttribute("data-variant", "success");
    await expect(await canvas.findByRole("button", { name: "Signing In..." })).toBeDisabled();
    await waitFor(() => expect(fullReload).toHaveBeenCalledWith("/"), reloadWait);
    await expect(fullReload).toHaveBeenCalledTimes(1);
  },
};

/** The account exists, but the automatic sign-in failed: the member can sign in by hand. */
export const AccountCreatedSignInFailed: Story = {
  parameters: { msw: { handlers: { auth: [...authHandlers.registerSuccess, ...authHandlers.loginInvalid] } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillSignUp(canvas);
    await userEvent.click(canvas.getByRole("button", { name: "Create Account" }));
    const toast = await findToast("Login Failed");
    await expect(toast).toHaveTextContent("Invalid email or password");
    await expect(canvas.getByRole("button", { name: "Create Account" })).toBeEnabled();
    await expect(fullReload).not.toHaveBeenCalled();
  },
};

export const RegistrationFailed: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.registerDuplicate } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillSignUp(canvas);
    await userEvent.click(canvas.getByRole("button", { name: "Create Account" }));
    const toast = await findToast("Registration Failed");
    await expect(toast).toHaveAttribute("data-variant", "destructive");
    await expect(toast).toHaveTextContent("An account with this email already exists");
    await expect(canvas.getByRole("button", { name: "Create Account" })).toBeEnabled();
    await expect(fullReload).not.toHaveBeenCalled();
  },
};

export const RegistrationFailedWithoutMessage: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.registerServerError } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillSignUp(canvas);
    await userEvent.click(canvas.getByRole("button", { name: "Create Account" }));
    const toast = await findToast("Registration Failed");
    await expect(toast).toHaveTextContent("Please try again");
  },
};

// Sign In tab ------------------------------------------------------------------------------------

export const SignInIdle: Story = {
  parameters: signInRoute,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1, name: "Join the Action" })).toBeVisible();
    await expect(canvas.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
    await expect(canvas.getByLabelText(/^Email/)).toBeRequired();
    await expect(canvas.getByLabelText(/^Password/)).toHaveAttribute("autocomplete", "current-password");
    await expect(canvas.getByRole("button", { name: "Show password" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Sign In" })).toBeEnabled();
  },
};

/** Arrow keys move between the tabs. */
export const TabsByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole("tab", { name: "Sign Up" }).focus();
    await userEvent.keyboard("{ArrowLeft}");
    const signIn = canvas.getByRole("tab", { name: "Sign In" });
    await waitFor(() => expect(signIn).toHaveAttribute("aria-selected", "true"));
    await expect(signIn).toHaveFocus();
    await expect(canvas.queryByLabelText(/^Username/)).toBeNull();
    await expect(canvas.getByRole("button", { name: "Sign In" })).toBeVisible();
  },
};

export const SigningIn: Story = {
  parameters: { ...signInRoute, msw: { handlers: { auth: authHandlers.loginLoading } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillSignIn(canvas);
    await userEvent.keyboard("{Enter}");
    await expect(await canvas.findByRole("button", { name: "Signing In..." })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Browse Anonymously" })).toBeDisabled();
  },
};

/** Sign-in on /join reloads the app at "/" (and a guest stops being one). */
export const SignInReloads: Story = {
  parameters: { ...signInRoute, msw: { handlers: { auth: authHandlers.loginSuccess } } },
  beforeEach() {
    window.localStorage.setItem(ANONYMOUS_FLAG_KEY, "true");
    window.localStorage.setItem(ANONYMOUS_PROFILE_KEY, JSON.stringify(anonymousProfileFixture));
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillSignIn(canvas);
    await userEvent.click(canvas.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(fullReload).toHaveBeenCalledWith("/"));
    await expect(window.localStorage.getItem(ANONYMOUS_FLAG_KEY)).toBeNull();
    await expect(window.localStorage.getItem(ANONYMOUS_PROFILE_KEY)).toBeNull();
  },
};

export const LoginFailed: Story = {
  parameters: { ...signInRoute, msw: { handlers: { auth: authHandlers.loginInvalid } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillSignIn(canvas);
    await userEvent.click(canvas.getByRole("button", { name: "Sign In" }));
    const toast = await findToast("Login Failed");
    await expect(toast).toHaveAttribute("data-variant", "destructive");
    await expect(toast).toHaveTextContent("Invalid email or password");
    await expect(canvas.getByRole("button", { name: "Sign In" })).toBeEnabled();
    await expect(fullReload).not.toHaveBeenCalled();
  },
};

export const LoginFailedWithoutMessage: Story = {
  parameters: { ...signInRoute, msw: { handlers: { auth: authHandlers.loginServerError } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillSignIn(canvas);
    await userEvent.click(canvas.getByRole("button", { name: "Sign In" }));
    const toast = await findToast("Login Failed");
    await expect(toast).toHaveTextContent("Check your credentials and try again");
  },
};

// Browse Anonymously -----------------------------------------------------------------------------

export const BrowsingAnonymously: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.anonymousLoading } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Browse Anonymously" }));
    await expect(await canvas.findByRole("button", { name: "Creating anonymous session..." })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Create Account" })).toBeDisabled();
  },
};

/** The guest session starts (both stored items), the toast says so, then the app reloads at "/". */
export const BrowseAnonymouslySucceeds: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.anonymousSuccess } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Browse Anonymously" }));
    await findToast("Browsing anonymously - limited features available");
    await expect(window.localStorage.getItem(ANONYMOUS_FLAG_KEY)).toBe("true");
    await expect(JSON.parse(window.localStorage.getItem(ANONYMOUS_PROFILE_KEY) ?? "null")).toEqual(
      anonymousProfileFixture,
    );
    await waitFor(() => expect(fullReload).toHaveBeenCalledWith("/"), reloadWait);
  },
};

export const BrowseAnonymouslyFails: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.anonymousFailure } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Browse Anonymously" }));
    const toast = await findToast("Anonymous Login Failed");
    await expect(toast).toHaveAttribute("data-variant", "destructive");
    await expect(toast).toHaveTextContent("Anonymous browsing is unavailable right now");
    const button = canvas.getByRole("button", { name: "Browse Anonymously" });
    await expect(button).toBeEnabled();
    await waitFor(() => expect(button).toHaveFocus());
    await expect(window.localStorage.getItem(ANONYMOUS_FLAG_KEY)).toBeNull();
    await expect(fullReload).not.toHaveBeenCalled();
  },
};

export const BrowseAnonymouslyFailsWithoutMessage: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.anonymousFailureWithoutMessage } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Browse Anonymously" }));
    const toast = await findToast("Anonymous Login Failed");
    await expect(toast).toHaveTextContent("Please try again");
  },
};
