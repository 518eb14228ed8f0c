import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { accountHandlers } from "../../../../../mocks/handlers";
import { EmailLinkPage, LinkOutcome, LinkProblemView } from "./link-pages";

const meta = {
  title: "Features/Account/EmailLinkPage",
  component: EmailLinkPage,
  tags: ["mobile", "desktop"],
  args: { kind: "verify" },
  parameters: {
    layout: "fullscreen",
    route: "/verify-email#token=good",
    msw: { handlers: { account: accountHandlers.links } },
  },
} satisfies Meta<typeof EmailLinkPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The sign-up link opened: the address is confirmed. */
export const Verified: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole("heading", { name: "Your address is confirmed" }),
    ).toBeVisible();
  },
};

export const Verifying: Story = {
  parameters: { msw: { handlers: { account: accountHandlers.linksWaiting } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Confirming your address...");
  },
};

/** An old sign-up link: how to get a new one. */
export const VerifyExpired: Story = {
  parameters: { route: "/verify-email#token=expired" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { name: "This link has expired" })).toBeVisible();
    await expect(canvas.getByText("Sign in: the banner at the top of the app sends a new link.")).toBeVisible();
  },
};

/** A new address confirmed from its own mail. */
export const AddressChanged: Story = {
  args: { kind: "confirm" },
  parameters: { route: "/confirm-email#token=good" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { name: "Your address is changed" })).toBeVisible();
    await expect(canvas.getByText("marco.new@example.com")).toBeVisible();
  },
};

/** The old address's undo link: the address back, everyone signed out, a new password offered. */
export const ChangeUndone: Story = {
  args: { kind: "undo" },
  parameters: { route: "/undo-email-change#token=good" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { name: "Your address is back" })).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Choose a new password" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
  },
};

export const UndoUsed: Story = {
  args: { kind: "undo" },
  parameters: { route: "/undo-email-change#token=used" },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole("heading", { name: "This link was already used" }),
    ).toBeVisible();
  },
};

/** The two building blocks on their own. */
export const Parts: Story = {
  render: () => (
    <div className="grid max-w-md gap-8 p-6">
      <LinkOutcome icon={null} title="Done">
        <p>What happened.</p>
      </LinkOutcome>
      <LinkProblemView problem="invalid" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { name: "This link does not work" })).toBeVisible();
  },
};
