import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { LINK_PROBLEMS } from "@vicinity/contract";
import { accountHandlers } from "../../../../../mocks/handlers";
import { ResetPasswordPage } from "./link-pages";

const meta = {
  title: "Features/Account/ResetPasswordPage",
  component: ResetPasswordPage,
  tags: ["mobile", "desktop"],
  parameters: {
    layout: "fullscreen",
    route: "/reset-password#token=good",
    msw: { handlers: { account: accountHandlers.links } },
  },
} satisfies Meta<typeof ResetPasswordPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const fill = async (canvasElement: HTMLElement, password: string, again = password) => {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText(/New password/), password);
  await userEvent.type(canvas.getByLabelText(/Type it again/), again);
  await userEvent.click(canvas.getByRole("button", { name: "Save my new password" }));
};

/** A good link: the new password typed twice. */
export const Form: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByLabelText(/New password/)).toBeVisible();
  },
};

/** Saved: signed out everywhere, and asked to sign in. */
export const Changed: Story = {
  play: async ({ canvasElement }) => {
    await fill(canvasElement, "a brand new long passphrase");
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { name: "Your password is changed" })).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
  },
};

/** New-password errors: too short and not the same twice (at the fields), too common (the server). */
export const PasswordErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fill(canvasElement, "short");
    await expect(await canvas.findByText("Passwords must be at least 8 characters")).toBeVisible();
    await userEvent.clear(canvas.getByLabelText(/New password/));
    await userEvent.clear(canvas.getByLabelText(/Type it again/));
    await fill(canvasElement, "a brand new long passphrase", "a different passphrase");
    await expect(await canvas.findByText("The two passwords do not match")).toBeVisible();
    await userEvent.clear(canvas.getByLabelText(/New password/));
    await userEvent.clear(canvas.getByLabelText(/Type it again/));
    await fill(canvasElement, "password123");
    await expect(await canvas.findByRole("alert")).toHaveTextContent("This password is too common");
  },
};

/** A link older than an hour: a new one is one click away. */
export const Expired: Story = {
  parameters: { route: "/reset-password#token=expired" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { name: "This link has expired" })).toBeVisible();
    await expect(canvas.getByText(LINK_PROBLEMS.expired)).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");
  },
};

export const Used: Story = {
  parameters: { route: "/reset-password#token=used" },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole("heading", { name: "This link was already used" }),
    ).toBeVisible();
  },
};

/** Opened without its token (a link cut short by the mail app). */
export const NotALink: Story = {
  parameters: { route: "/reset-password" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { name: "This link does not work" })).toBeVisible();
  },
};

export const Checking: Story = {
  parameters: { msw: { handlers: { account: accountHandlers.linksWaiting } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Checking your link...");
  },
};
