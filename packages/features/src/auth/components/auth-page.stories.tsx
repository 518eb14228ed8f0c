import { useState } from "react";
import type { Decorator, Meta, StoryObj } from "@storybook/react-vite";
import { useQueryClient } from "@tanstack/react-query";
import { Route, Routes } from "react-router";
import { expect, userEvent, waitFor, within } from "storybook/test";
import {
  ANONYMOUS_FLAG_KEY,
  ANONYMOUS_PROFILE_KEY,
  currentUserQueryKey,
  useCurrentUser,
} from "@vicinity/features/shared";
import { authHandlers, sessionHandlers } from "../../../../../mocks/handlers";
import { anonymousProfileFixture } from "../../../../../mocks/fixtures/auth";
import { AuthPage } from "./auth-page";

/** "/" in these stories: who the app thinks is signed in, from the cached current user. */
function HomeProbe() {
  const { data: user } = useCurrentUser();
  return (
    <main className="p-6">
      <h1 className="font-display text-2xl font-bold">Home</h1>
      <p>{user ? `Signed in as ${user.username}` : "Not signed in"}</p>
    </main>
  );
}

/**
 * The visitor came from the landing page, which cached "no user"; "/" shows what the app then
 * knows. Without the refresh after signing in, "/" would still say "Not signed in".
 */
const withHomeRoute: Decorator = (Story) => {
  const queryClient = useQueryClient();
  useState(() => queryClient.setQueryData(currentUserQueryKey, null));
  return (
    <Routes>
      <Route path="/" element={<HomeProbe />} />
      <Route path="*" element={<Story />} />
    </Routes>
  );
};

const meta = {
  title: "Features/Auth/AuthPage",
  component: AuthPage,
  tags: ["mobile", "desktop"],
  parameters: { layout: "fullscreen", route: "/auth" },
  decorators: [withHomeRoute],
} satisfies Meta<typeof AuthPage>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

const email = (canvas: Canvas) => canvas.getByLabelText(/^Email/);
const password = (canvas: Canvas) => canvas.getByLabelText(/^Password/);
const confirmPassword = (canvas: Canvas) => canvas.getByLabelText(/^Confirm password/);

async function fillSignIn(canvas: Canvas) {
  await userEvent.type(email(canvas), "marco@example.com");
  await userEvent.type(password(canvas), "night-owl-42");
}

async function fillSignUp(canvas: Canvas, confirmation = "midnight-run-7") {
  await userEvent.type(email(canvas), "jordan@example.com");
  await userEvent.type(password(canvas), "midnight-run-7");
  await userEvent.type(confirmPassword(canvas), confirmation);
}

const signUpRoute = { route: "/auth?tab=signup" };

// Sign In tab ------------------------------------------------------------------------------------

export const SignInIdle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
    await expect(canvas.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
    await expect(canvas.getByRole("tab", { name: "Join" })).toHaveAttribute("aria-selected", "false");
    await expect(email(canvas)).toHaveAttribute("autocomplete", "email");
    await expect(email(canvas)).toHaveAttribute("type", "email");
    await expect(password(canvas)).toHaveAttribute("autocomplete", "current-password");
    await expect(canvas.getByRole("button", { name: "Sign In" })).toBeEnabled();
    await expect(canvas.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    await expect(canvas.getByRole("link", { name: "Create an account" })).toBeVisible();
  },
};

/** "?tab=" with anything but login or signup means login. */
export const UnknownTabMeansSignIn: Story = {
  parameters: { route: "/auth?tab=register" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
    await expect(canvas.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
  },
};

export const SignInRequiresEmailAndPassword: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Sign In" }));
    await expect(canvas.getByRole("alert")).toHaveTextContent("Email and password are required");
    await expect(email(canvas)).toHaveAttribute("aria-invalid", "true");
    await expect(password(canvas)).toHaveAttribute("aria-invalid", "true");
    await expect(email(canvas)).toHaveFocus();
  },
};

/** Enter submits; while the call runs the button says 'Signing in...' and is disabled. */
export const SigningIn: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.loginLoading } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillSignIn(canvas);
    await userEvent.keyboard("{Enter}");
    const button = await canvas.findByRole("button", { name: "Signing in..." });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute("aria-busy", "true");
  },
};

/** The current user is refreshed, then "/" shows the member (a guest's stored items are gone). */
export const SignInSucceeds: Story = {
  parameters: {
    msw: { handlers: { auth: authHandlers.loginSuccess, session: sessionHandlers.member } },
  },
  beforeEach() {
    window.localStorage.setItem(ANONYMOUS_FLAG_KEY, "true");
    window.localStorage.setItem(ANONYMOUS_PROFILE_KEY, JSON.stringify(anonymousProfileFixture));
    return () => window.localStorage.clear();
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillSignIn(canvas);
    await userEvent.click(canvas.getByRole("button", { name: "Sign In" }));
    await expect(await canvas.findByRole("heading", { level: 1, name: "Home" })).toBeVisible();
    await expect(canvas.getByText("Signed in as marco")).toBeVisible();
    await expect(window.localStorage.getItem(ANONYMOUS_FLAG_KEY)).toBeNull();
    await expect(window.localStorage.getItem(ANONYMOUS_PROFILE_KEY)).toBeNull();
  },
};

export const SignInRejected: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.loginInvalid } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillSignIn(canvas);
    await userEvent.click(canvas.getByRole("button", { name: "Sign In" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent("Invalid email or password");
    const button = canvas.getByRole("button", { name: "Sign In" });
    await expect(button).toBeEnabled();
    // The keyboard focus is where it was, though the button was disabled meanwhile.
    await waitFor(() => expect(button).toHaveFocus());
  },
};

export const SignInRateLimited: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.loginRateLimited } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillSignIn(canvas);
    await userEvent.click(canvas.getByRole("button", { name: "Sign In" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      "Too many failed sign-in attempts. Try again in 15 minutes.",
    );
  },
};

/** The server answered without a message. */
export const SignInFailedWithoutMessage: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.loginServerError } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillSignIn(canvas);
    await userEvent.click(canvas.getByRole("button", { name: "Sign In" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent(/^Login failed$/);
  },
};

export const SignInNetworkError: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.loginNetworkError } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillSignIn(canvas);
    await userEvent.click(canvas.getByRole("button", { name: "Sign In" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent("Login error occurred");
  },
};

export const BackToHome: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("link", { name: "Back to Home" }));
    await expect(await canvas.findByRole("heading", { level: 1, name: "Home" })).toBeVisible();
  },
};

// Join tab ---------------------------------------------------------------------------------------

export const SignUpIdle: Story = {
  parameters: signUpRoute,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1, name: "Join Vicinity" })).toBeVisible();
    await expect(canvas.getByRole("tab", { name: "Join" })).toHaveAttribute("aria-selected", "true");
    await expect(canvas.queryByLabelText(/^Username/)).toBeNull();
    await expect(email(canvas)).toHaveAttribute("autocomplete", "email");
    await expect(password(canvas)).toHaveAttribute("autocomplete", "new-password");
    await expect(confirmPassword(canvas)).toHaveAttribute("autocomplete", "new-password");
    await expect(canvas.getByRole("button", { name: "Create Account" })).toBeEnabled();
  },
};

/** The links under the forms switch tabs, and so do the tabs, by mouse or arrow keys. */
export const SwitchingTabs: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("link", { name: "Create an account" }));
    await expect(await canvas.findByRole("heading", { level: 1, name: "Join Vicinity" })).toBeVisible();
    await userEvent.click(canvas.getByRole("link", { name: "Sign in" }));
    await expect(await canvas.findByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();

    const signInTab = canvas.getByRole("tab", { name: "Sign In" });
    signInTab.focus();
    await userEvent.keyboard("{ArrowRight}");
    await waitFor(() => expect(canvas.getByRole("tab", { name: "Join" })).toHaveAttribute("aria-selected", "true"));
    await expect(canvas.getByRole("tab", { name: "Join" })).toHaveFocus();
    await expect(canvas.getByRole("heading", { level: 1, name: "Join Vicinity" })).toBeVisible();
    await userEvent.keyboard("{ArrowLeft}");
    await waitFor(() => expect(signInTab).toHaveAttribute("aria-selected", "true"));
    await expect(canvas.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
  },
};

export const SignUpRequiresEmailAndPassword: Story = {
  parameters: signUpRoute,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(email(canvas), "jordan@example.com");
    await userEvent.click(canvas.getByRole("button", { name: "Create Account" }));
    await expect(canvas.getByRole("alert")).toHaveTextContent("Email and password are required");
    await expect(password(canvas)).toHaveAttribute("aria-invalid", "true");
    await expect(password(canvas)).toHaveFocus();
  },
};

export const SignUpPasswordsDoNotMatch: Story = {
  parameters: signUpRoute,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillSignUp(canvas, "midnight-run-8");
    await userEvent.keyboard("{Enter}");
    await expect(canvas.getByRole("alert")).toHaveTextContent("Passwords do not match");
    await expect(confirmPassword(canvas)).toHaveAttribute("aria-invalid", "true");
    await expect(confirmPassword(canvas)).toHaveFocus();
  },
};

export const CreatingAccount: Story = {
  parameters: { ...signUpRoute, msw: { handlers: { auth: authHandlers.registerLoading } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillSignUp(canvas);
    await userEvent.keyboard("{Enter}");
    const button = await canvas.findByRole("button", { name: "Creating account..." });
    await expect(button).toBeDisabled();
  },
};

export const SignUpSucceeds: Story = {
  parameters: {
    ...signUpRoute,
    msw: { handlers: { auth: authHandlers.registerSuccess, session: sessionHandlers.member } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillSignUp(canvas);
    await userEvent.click(canvas.getByRole("button", { name: "Create Account" }));
    await expect(await canvas.findByRole("heading", { level: 1, name: "Home" })).toBeVisible();
    await expect(canvas.getByText("Signed in as marco")).toBeVisible();
  },
};

export const SignUpEmailTaken: Story = {
  parameters: { ...signUpRoute, msw: { handlers: { auth: authHandlers.registerDuplicate } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillSignUp(canvas);
    await userEvent.click(canvas.getByRole("button", { name: "Create Account" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent("An account with this email already exists");
    await expect(canvas.getByRole("button", { name: "Create Account" })).toBeEnabled();
  },
};

export const SignUpPasswordTooCommon: Story = {
  parameters: { ...signUpRoute, msw: { handlers: { auth: authHandlers.registerTooCommon } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillSignUp(canvas);
    await userEvent.click(canvas.getByRole("button", { name: "Create Account" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent("This password is too common");
  },
};

export const SignUpFailedWithoutMessage: Story = {
  parameters: { ...signUpRoute, msw: { handlers: { auth: authHandlers.registerServerError } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillSignUp(canvas);
    await userEvent.click(canvas.getByRole("button", { name: "Create Account" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent(/^Registration failed$/);
  },
};

export const SignUpNetworkError: Story = {
  parameters: { ...signUpRoute, msw: { handlers: { auth: authHandlers.registerNetworkError } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillSignUp(canvas);
    await userEvent.click(canvas.getByRole("button", { name: "Create Account" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent("Registration error occurred");
  },
};
