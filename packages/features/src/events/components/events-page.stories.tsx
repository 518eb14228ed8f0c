import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { useDeviceClass } from "@vicinity/features/shared";
import { manyEvents } from "../../../../../mocks/fixtures/events";
import { eventsApi, eventsHandlers, sessionHandlers, shellHandlers } from "../../../../../mocks/handlers";
import { EventsPage } from "./events-page";
import { eventsMapReady, STORY_LOCATION } from "../../../../../mocks/story-maps";

const meta = {
  title: "Features/Events/EventsPage",
  component: EventsPage,
  tags: ["mobile", "tablet", "desktop"],
  args: { layout: "desktop", location: STORY_LOCATION, timeZone: "UTC" },
  parameters: {
    layout: "fullscreen",
    route: "/events",
    msw: {
      handlers: { session: sessionHandlers.member, shell: shellHandlers.quiet, events: eventsHandlers.success() },
    },
  },
  // The device class picks the layout, as the app's DeviceSwitch does (the modern view keeps its own).
  render: function Render(args) {
    const device = useDeviceClass();
    const layout = args.layout === "modern" ? "modern" : device === "mobile" ? "mobile" : "desktop";
    return <EventsPage {...args} layout={layout} />;
  },
} satisfies Meta<typeof EventsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Upcoming events under day headers (Today, Tomorrow, then the day's name); beside a map on wider screens. */
export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { name: "Today" })).toBeVisible();
    await expect(canvas.getByRole("heading", { name: "Tomorrow" })).toBeVisible();
    await expect(canvas.getByRole("heading", { name: "Wednesday 17 June" })).toBeVisible();
    await expect(canvas.getAllByTestId("event-row")).toHaveLength(5);
    await expect(canvas.getByText("Full")).toBeVisible();
    await expect(await canvas.findByText(/Subscribe in your calendar app/)).toBeVisible();
    if (window.innerWidth > 768) await eventsMapReady(canvasElement);
  },
};

/** Asking the server for the first page. */
export const Loading: Story = {
  parameters: { msw: { handlers: { events: eventsHandlers.loading() } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Loading events…")).toBeVisible();
  },
};

/** The device has not said where he is (a prompt left open, or refused): the fallback area's events, and how to get his own. */
export const FallbackArea: Story = {
  args: { location: { latitude: 30.62, longitude: -81.5, source: "fallback" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText("Showing events near Jacksonville. Allow location for events near you."),
    ).toBeVisible();
    await waitFor(() => expect(canvas.getAllByTestId("event-row").length).toBeGreaterThan(0));
  },
};

/** Nothing near him: say so, and offer to host. */
export const Empty: Story = {
  parameters: { msw: { handlers: { events: eventsHandlers.empty() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("heading", { name: "No events nearby" })).toBeVisible();
    await expect(canvas.getAllByRole("link", { name: "Host an event" }).at(-1)).toHaveAttribute("href", "/events/new");
  },
};

/** The server failed: its message, and Try again. */
export const LoadError: Story = {
  parameters: { msw: { handlers: { events: eventsHandlers.error() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("Events are unavailable right now. Try again in a moment.")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled();
  },
};

/** Filters: going keeps his own answers; on phones they sit in a bottom sheet. */
export const FilteredGoing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole("heading", { name: "Today" });
    const sheetButton = canvas.queryByRole("button", { name: /^Filters/ });
    if (sheetButton) await userEvent.click(sheetButton);
    const scope = sheetButton
      ? within(await within(document.body).findByRole("dialog", { name: "Filter events" }))
      : canvas;
    await userEvent.click(scope.getByRole("button", { name: "Going" }));
    await expect(scope.getByRole("button", { name: "Going" })).toHaveAttribute("aria-pressed", "true");
    if (sheetButton) await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(canvas.getAllByTestId("event-row")).toHaveLength(1));
    await expect(canvas.getByText("Sunday beach volleyball")).toBeVisible();
  },
};

/** Page after page as he scrolls (the next cursor, asked when the end comes into view). */
export const InfiniteScroll: Story = {
  parameters: { msw: { handlers: { events: eventsApi(manyEvents()) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByTestId("event-row")).toHaveLength(20));
    canvas.getAllByTestId("event-row").at(-1)?.scrollIntoView();
    await waitFor(() => expect(canvas.getAllByTestId("event-row").length).toBeGreaterThan(20));
    canvas.getAllByTestId("event-row").at(-1)?.scrollIntoView();
    await waitFor(() => expect(canvas.getAllByTestId("event-row")).toHaveLength(45));
    window.scrollTo(0, 0);
    canvasElement.ownerDocument.scrollingElement?.scrollTo(0, 0);
  },
};

/** /events-modern: cover-art cards with their category chips. */
export const Modern: Story = {
  args: { layout: "modern" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByTestId("event-card")).toHaveLength(5));
    await expect(canvas.getByText("Arts & culture")).toBeVisible();
    await waitFor(() => expect(Array.from(canvasElement.querySelectorAll("img")).every((i) => i.complete)).toBe(true));
  },
};

export const ModernLoading: Story = { ...Loading, args: { layout: "modern" } };
export const ModernEmpty: Story = { ...Empty, args: { layout: "modern" } };
export const ModernError: Story = { ...LoadError, args: { layout: "modern" } };
