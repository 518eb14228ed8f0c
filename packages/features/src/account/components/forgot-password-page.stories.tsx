import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { RESET_SENT_MESSAGE } from "@vicinity/contract";
import { accountHandlers } from "../../../../../mocks/handlers";
import { ForgotPasswordPage } from "./link-pages";

const meta = {
  title: "Features/Account/ForgotPasswordPage",
  component: ForgotPasswordPage,
  tags: ["mobile", "desktop"],
  parameters: {
    layout: "fullscreen",
    route: "/forgot-password",
    msw: { handlers: { account: accountHandlers.links } },
  },
} satisfies Meta<typeof ForgotPasswordPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The form, reached from "Forgot password?" on either auth screen. */
export const Form: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
  },
};

/** Sent: the same answer whether or not an account uses the address. */
export const Sent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/Email/), "marco@example.com{Enter}");
    await expect(await canvas.findByText(RESET_SENT_MESSAGE)).toBeVisible();
    await expect(canvas.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Back to sign in" })).toHaveAttribute("href", "/login");
  },
};

/** An address that is not one: said at the field, nothing sent. */
export const InvalidAddress: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/Email/), "marco@{Enter}");
    await expect(await canvas.findByText("Enter a valid email address")).toBeVisible();
    await expect(canvas.getByLabelText(/Email/)).toHaveAttribute("aria-invalid", "true");
  },
};

/** Asked too often: the server's refusal, as it says it. */
export const TooMany: Story = {
  parameters: { msw: { handlers: { account: accountHandlers.forgotLimited } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/Email/), "marco@example.com{Enter}");
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      "Too many reset requests for this address. Try again later.",
    );
  },
};
