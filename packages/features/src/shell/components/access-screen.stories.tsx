import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { AccessScreen } from "./access-screen";
import { GuestHome } from "./guest-home";
import { DeviceSwitch } from "./device-switch";
import { DeviceClassContext } from "@vicinity/features/shared";

const meta = {
  title: "Features/Shell/AccessScreen",
  component: AccessScreen,
  tags: ["mobile", "desktop"],
  parameters: { layout: "fullscreen" },
  args: { reason: "visitor", page: "your messages" },
} satisfies Meta<typeof AccessScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const VisitorMustSignIn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1, name: "Sign in to continue" })).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
  },
};

export const GuestMustSignUp: Story = {
  args: { reason: "guest" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1, name: "Members only" })).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Sign Up for Full Access" })).toHaveAttribute("href", "/join");
  },
};

export const MemberNotAdmin: Story = {
  args: { reason: "not-admin", page: "The admin panel" },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("heading", { level: 1, name: "Not allowed" })).toBeVisible();
  },
};

/** "/" for a guest (GuestHome). */
export const GuestHomeScreen: StoryObj<typeof GuestHome> = {
  render: () => <GuestHome />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link", { name: /Browse nearby/ })).toHaveAttribute("href", "/browse");
  },
};

/** The spec's device switch (DeviceSwitch) forced to each side. */
export const DeviceSwitchMobile: StoryObj<typeof DeviceSwitch> = {
  render: () => (
    <DeviceClassContext.Provider value="mobile">
      <DeviceSwitch mobile={<p>Mobile view</p>} desktop={<p>Desktop view</p>} />
    </DeviceClassContext.Provider>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Mobile view")).toBeVisible();
    await expect(within(canvasElement).queryByText("Desktop view")).toBeNull();
  },
};

export const DeviceSwitchDesktop: StoryObj<typeof DeviceSwitch> = {
  render: () => (
    <DeviceClassContext.Provider value="desktop">
      <DeviceSwitch mobile={<p>Mobile view</p>} desktop={<p>Desktop view</p>} />
    </DeviceClassContext.Provider>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Desktop view")).toBeVisible();
  },
};
