import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { accountHandlers } from "../../../../../mocks/handlers";
import { DevicesSection } from "./devices-section";
import { EmailSection } from "./email-section";
import { VerifyEmailBanner } from "./verify-email-banner";

/** The member's side of his account by e-mail: the banner, his address and his signed-in devices. */
function Sections() {
  return null;
}

const meta = {
  title: "Features/Account/AccountSections",
  component: Sections,
  tags: ["mobile", "desktop"],
  parameters: { layout: "padded", msw: { handlers: { account: accountHandlers.member } } },
} satisfies Meta<typeof Sections>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Until he opens the link: the banner at the top of every page, with the link sent again. */
export const Banner: Story = {
  render: () => <VerifyEmailBanner email="marco@example.com" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("note", { name: "Confirm your email address" })).toHaveTextContent(
      "we sent a link to marco@example.com",
    );
    await userEvent.click(canvas.getByRole("button", { name: "Send it again" }));
    await expect(await canvas.findByRole("status")).toHaveTextContent("Sent again. Check your inbox and spam folder.");
  },
};

/** A long address on a phone: the banner stays one row, two lines of text beside the button. */
export const BannerLongAddress: Story = {
  render: () => <VerifyEmailBanner email="marco.delaney.from.jacksonville.beach@example-mail.com" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const banner = canvas.getByRole("note", { name: "Confirm your email address" });
    const button = canvas.getByRole("button", { name: "Send it again" });
    await expect(button).toBeVisible();
    // Never the 180 px it took of a phone's chat: at most two lines and its padding.
    await expect(banner.getBoundingClientRect().height).toBeLessThanOrEqual(64);
  },
};

export const BannerTooMany: Story = {
  parameters: { msw: { handlers: { account: accountHandlers.resendLimited } } },
  render: () => <VerifyEmailBanner email="marco@example.com" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Send it again" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent("We sent it 3 times in the last hour.");
  },
};

/** A confirmed address, changed: the password asked, then a link to the new address. */
export const EmailChange: Story = {
  render: () => <EmailSection email="marco@example.com" verified />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Confirmed")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Change your address" }));
    await userEvent.type(canvas.getByLabelText(/New address/), "Marco.New@example.com");
    await userEvent.type(canvas.getByLabelText(/Your password/), "not it");
    await userEvent.click(canvas.getByRole("button", { name: "Send a link to the new address" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent("That is not your password");
    await userEvent.clear(canvas.getByLabelText(/Your password/));
    await userEvent.type(canvas.getByLabelText(/Your password/), "a long and unusual passphrase");
    await userEvent.click(canvas.getByRole("button", { name: "Send a link to the new address" }));
    await expect(await canvas.findByRole("status")).toHaveTextContent(
      "We sent a link to marco.new@example.com. Your address changes when you open it.",
    );
  },
};

/** Not confirmed yet: no change until he is, and the link sent again from here too. */
export const EmailUnconfirmed: Story = {
  render: () => <EmailSection email="marco@example.com" verified={false} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Not confirmed")).toBeVisible();
    await expect(canvas.queryByRole("button", { name: "Change your address" })).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: "Send the link again" }));
    await expect(await canvas.findByRole("status")).toHaveTextContent("Sent again.");
  },
};

/** His devices, this one first; one signed out, then all the others. */
export const Devices: Story = {
  render: () => <DevicesSection />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole("list", { name: "Signed-in devices" });
    const rows = within(list).getAllByRole("listitem");
    await expect(rows).toHaveLength(3);
    await expect(rows[0]).toHaveTextContent(/^Chrome on Mac\s*This device\s*Near Jacksonville\s*Active/);
    await expect(within(rows[0]!).queryByRole("button")).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: "Sign out Firefox on Android" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(2));
    await userEvent.click(canvas.getByRole("button", { name: "Sign out all other devices (1)" }));
    await expect(await canvas.findByText("You are signed in on this device only.")).toBeVisible();
  },
};

export const DevicesLoading: Story = {
  parameters: { msw: { handlers: { account: accountHandlers.sessionsLoading } } },
  render: () => <DevicesSection />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status", { name: "Loading your devices" })).toBeVisible();
  },
};

export const DevicesFailed: Story = {
  parameters: { msw: { handlers: { account: accountHandlers.sessionsError } } },
  render: () => <DevicesSection />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      "Your devices are unavailable right now. Try again in a moment.",
    );
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled();
  },
};
