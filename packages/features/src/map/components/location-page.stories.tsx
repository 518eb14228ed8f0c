import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { ownLocationFixture } from "../../../../../mocks/fixtures/map";
import { fakeGeolocation } from "../../../../../mocks/geolocation";
import { mapHandlers, ownLocationHandlers, sessionHandlers, shellHandlers } from "../../../../../mocks/handlers";
import { LocationPage } from "./location-page";

const meta = {
  title: "Features/Map/LocationPage",
  component: LocationPage,
  tags: ["mobile", "desktop"],
  args: { animate: false, geolocation: fakeGeolocation("granted", { latitude: 30.3401, longitude: -81.6612 }) },
  parameters: {
    route: "/location",
    msw: {
      handlers: {
        session: sessionHandlers.member,
        shell: shellHandlers.quiet,
        map: mapHandlers.base,
        location: ownLocationHandlers(ownLocationFixture()),
      },
    },
  },
} satisfies Meta<typeof LocationPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The small map has drawn its tiles and his position. */
async function mapShown(canvasElement: HTMLElement) {
  await waitFor(() => expect(canvasElement.querySelector("[aria-label='You are here']")).not.toBeNull());
  await waitFor(() => {
    const tiles = Array.from(canvasElement.querySelectorAll<HTMLImageElement>(".leaflet-tile"));
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.every((t) => t.complete)).toBe(true);
  });
}

/** Shown: his exact position (to him only), the 500 m square others see him in, when it was updated. */
export const Shown: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("switch", { name: "Share my location" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await expect(canvas.getByText("30.33218, -81.65571")).toBeVisible();
    await expect(canvas.getByText(/ ago$/)).toBeVisible();
    await expect(canvas.getByRole("radio", { name: /^Shown/ })).toBeChecked();
    await mapShown(canvasElement);
  },
};

export const CrowdOnly: Story = {
  parameters: { msw: { handlers: { location: ownLocationHandlers(ownLocationFixture({ visibility: "crowd" })) } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("radio", { name: /^In a crowd only/ })).toBeChecked();
    await mapShown(canvasElement);
  },
};

export const Hidden: Story = {
  parameters: { msw: { handlers: { location: ownLocationHandlers(ownLocationFixture({ visibility: "hidden" })) } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("radio", { name: /^Hidden/ })).toBeChecked();
    await mapShown(canvasElement);
  },
};

/** Choosing how he appears saves it at once. */
export const ChangeVisibility: Story = {
  tags: ["!mobile"],
  parameters: { msw: { handlers: { location: ownLocationHandlers(ownLocationFixture()) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("radio", { name: /^In a crowd only/ }));
    await waitFor(() => expect(canvas.getByRole("radio", { name: /^In a crowd only/ })).toBeChecked());
    await mapShown(canvasElement);
  },
};

/** Sharing off: no position stored, nothing on the map. */
export const SharingOff: Story = {
  parameters: {
    msw: { handlers: { location: ownLocationHandlers(ownLocationFixture({ sharing: false, position: null })) } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("switch", { name: "Share my location" })).toHaveAttribute(
      "aria-checked",
      "false",
    );
    await expect(canvas.getByText(/Your position is not stored/)).toBeVisible();
  },
};

/** Sharing on again: the device's position is saved and shown. */
export const TurnSharingOn: Story = {
  tags: ["!mobile"],
  parameters: {
    msw: { handlers: { location: ownLocationHandlers(ownLocationFixture({ sharing: false, position: null })) } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("switch", { name: "Share my location" }));
    await expect(await canvas.findByText("30.34010, -81.66120")).toBeVisible();
    await expect(canvas.getByRole("switch", { name: "Share my location" })).toHaveAttribute("aria-checked", "true");
    await mapShown(canvasElement);
  },
};

/** The server refused the position: the spec's message, and he can try again. */
export const SavingError: Story = {
  parameters: {
    msw: {
      handlers: {
        location: ownLocationHandlers(ownLocationFixture({ sharing: false, position: null }), { saveFails: true }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Share my location" }));
    await expect(await canvas.findByRole("alert")).toHaveTextContent("Failed to save location. Please try again.");
  },
};

/** The device refused: the spec's toast. */
export const LocationDenied: Story = {
  args: { geolocation: fakeGeolocation("denied") },
  parameters: {
    msw: { handlers: { location: ownLocationHandlers(ownLocationFixture({ sharing: false, position: null })) } },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole("button", { name: "Share my location" }));
    await expect(await within(document.body).findByText("Location Access Denied")).toBeInTheDocument();
    await expect(within(document.body).getByText("You can enable location later in settings.")).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { location: ownLocationHandlers(null, { pending: true }) } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("status")).toHaveTextContent("Loading your location…");
  },
};
