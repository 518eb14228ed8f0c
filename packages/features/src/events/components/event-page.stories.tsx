import type { Decorator, Meta, StoryObj } from "@storybook/react-vite";
import { useMemo } from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import type { VicinityEvent } from "@vicinity/contract";
import { RealtimeContext, type VicinitySocket } from "@vicinity/features/shared";
import {
  cancelledEvent,
  eventFixture,
  EVENTS_NEARBY,
  fullEvent,
  hostedEvent,
  pastEvent,
  waitlistedEvent,
} from "../../../../../mocks/fixtures/events";
import { eventsApi, eventsHandlers, sessionHandlers, shellHandlers } from "../../../../../mocks/handlers";
import { FakeSocket } from "../../../../../mocks/realtime";
import { EventPage } from "./event-page";
import { eventsMapReady } from "../../../../../mocks/story-maps";

/** The visit's socket around the page: a fake one, kept on window for the play functions. */
const withSocket: Decorator = (Story) => {
  const socket = useMemo(() => {
    const fake = new FakeSocket();
    fake.connected = true;
    (window as unknown as { __eventSocket?: FakeSocket }).__eventSocket = fake;
    return fake;
  }, []);
  return (
    <RealtimeContext.Provider value={{ socket: socket as unknown as VicinitySocket, state: "connected" }}>
      <Story />
    </RealtimeContext.Provider>
  );
};
const eventSocket = () => (window as unknown as { __eventSocket: FakeSocket }).__eventSocket;

/** The page is drawn: its pin's map tiles and every picture have arrived. */
async function pageReady(root: HTMLElement, title: string) {
  const canvas = within(root);
  await expect(await canvas.findByRole("heading", { level: 1, name: title })).toBeVisible();
  await waitFor(() => expect(root.querySelectorAll(".vc-event-marker").length).toBe(1));
  await waitFor(() => {
    const images = Array.from(root.querySelectorAll<HTMLImageElement>("img"));
    expect(images.length).toBeGreaterThan(0);
    expect(images.every((i) => i.complete)).toBe(true);
  });
  await waitFor(() => expect(canvas.queryByText("Loading…")).toBeNull());
}

const only = (event: VicinityEvent) => ({ events: eventsApi([event]) });

const meta = {
  title: "Features/Events/EventPage",
  component: EventPage,
  tags: ["mobile", "tablet", "desktop"],
  decorators: [withSocket],
  args: { id: EVENTS_NEARBY[0]!.id, timeZone: "UTC" },
  parameters: {
    layout: "fullscreen",
    msw: {
      handlers: { session: sessionHandlers.member, shell: shellHandlers.quiet, events: eventsHandlers.success() },
    },
  },
} satisfies Meta<typeof EventPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An upcoming event he has not answered: the time in his zone (the venue's in brackets), the pin, who is going. */
export const Upcoming: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pageReady(canvasElement, "Rooftop drinks at The Volstead");
    await expect(canvas.getByTestId("event-time")).toHaveTextContent("Saturday 13 June, 23:00 – Sunday 14 June, 02:00");
    await expect(canvas.getByText(/19:00 – 22:00 EDT at the venue \(America\/New_York\)/)).toBeVisible();
    await expect(canvas.getByText("Leo")).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Add to calendar" })).toHaveAttribute("download");
    await expect(canvas.getByTestId("event-places")).toHaveTextContent("28 of 40 places left");
    // The page watches its event over the socket.
    await waitFor(() => expect(eventSocket().emitted.some((e) => e.event === "watchEvents")).toBe(true));
  },
};

/** Going: he answers, the counts change, and he is listed. */
export const AnswerGoing: Story = {
  // Its own answers: other stories keep the event as it was.
  parameters: { msw: { handlers: { events: eventsApi() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pageReady(canvasElement, "Rooftop drinks at The Volstead");
    await userEvent.click(canvas.getByRole("button", { name: "Going" }));
    await expect(await canvas.findByText(/You're going/)).toBeVisible();
    await expect(canvas.getByTestId("event-places")).toHaveTextContent("27 of 40 places left");
    await expect(await canvas.findByText("Marco")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Leave" })).toBeVisible();
    // The page grew or shrank: the pin's map is framed again; wait for its tiles.
    await eventsMapReady(canvasElement, 1);
  },
};

/** Full: "Join waitlist" puts him on the waitlist. */
export const FullJoinsWaitlist: Story = {
  args: { id: fullEvent.id },
  parameters: { msw: { handlers: only(fullEvent) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pageReady(canvasElement, fullEvent.title);
    await expect(canvas.getByTestId("event-address")).toHaveTextContent("The address is shared with those going");
    await expect(canvas.getByTestId("event-places")).toHaveTextContent("Full: 3 on the waitlist");
    await userEvent.click(canvas.getByRole("button", { name: "Join waitlist" }));
    await expect(await canvas.findByText(/You're on the waitlist/)).toBeVisible();
    await expect(canvas.getByTestId("event-places")).toHaveTextContent("Full: 4 on the waitlist");
    // The page grew or shrank: the pin's map is framed again; wait for its tiles.
    await eventsMapReady(canvasElement, 1);
  },
};

/** Waiting for a place. */
export const Waitlisted: Story = {
  args: { id: waitlistedEvent.id },
  parameters: { msw: { handlers: only(waitlistedEvent) } },
  play: async ({ canvasElement }) => {
    await pageReady(canvasElement, waitlistedEvent.title);
    await expect(within(canvasElement).getByText(/You're on the waitlist/)).toBeVisible();
  },
};

/** Cancelled by the host: the reason, and no answers. */
export const Cancelled: Story = {
  args: { id: cancelledEvent.id },
  parameters: { msw: { handlers: only(cancelledEvent) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pageReady(canvasElement, cancelledEvent.title);
    await expect(canvas.getByTestId("event-cancelled")).toHaveTextContent(
      "The roof is closed for a private party tonight.",
    );
    await expect(canvas.queryByRole("button", { name: "Going" })).toBeNull();
  },
};

/** Over: kept in his history, no answers. */
export const Past: Story = {
  args: { id: pastEvent.id },
  parameters: { msw: { handlers: only(pastEvent) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pageReady(canvasElement, pastEvent.title);
    await expect(canvas.getByTestId("event-past")).toHaveTextContent("This event has ended.");
    await expect(canvas.queryByRole("button", { name: "Going" })).toBeNull();
  },
};

/** His own event: Edit and Cancel with a reason. */
export const Hosting: Story = {
  args: { id: hostedEvent.id },
  parameters: { msw: { handlers: only(hostedEvent) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pageReady(canvasElement, hostedEvent.title);
    await expect(canvas.getByRole("link", { name: "Edit" })).toHaveAttribute("href", `/events/${hostedEvent.id}/edit`);
    await expect(canvas.getByText("You're hosting this event.")).toBeVisible();
  },
};

/** The host cancels: a reason is required, then the page shows it cancelled. */
export const HostCancels: Story = {
  args: { id: hostedEvent.id },
  parameters: { msw: { handlers: only(hostedEvent) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pageReady(canvasElement, hostedEvent.title);
    await userEvent.click(canvas.getByRole("button", { name: "Cancel event" }));
    const dialog = within(await within(document.body).findByRole("dialog"));
    await userEvent.click(dialog.getByRole("button", { name: "Cancel event" }));
    await expect(await dialog.findByText("Say why the event is cancelled")).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText("Reason"), "The brewery double-booked the room.");
    await userEvent.click(dialog.getByRole("button", { name: "Cancel event" }));
    await expect(await canvas.findByTestId("event-cancelled")).toHaveTextContent("The brewery double-booked the room.");
    // The page grew or shrank: the pin's map is framed again; wait for its tiles.
    await eventsMapReady(canvasElement, 1);
  },
};

/** Report: the member report's reasons. */
export const Report: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pageReady(canvasElement, "Rooftop drinks at The Volstead");
    await userEvent.click(canvas.getByRole("button", { name: "Report" }));
    const dialog = within(await within(document.body).findByRole("dialog", { name: "Report this event" }));
    await userEvent.click(dialog.getByRole("button", { name: "Send report" }));
    await expect(await dialog.findByText("Choose what is wrong.")).toBeInTheDocument();
    await userEvent.click(dialog.getAllByRole("radio")[0]!);
  },
};

/** Another member took a place: `eventChanged` on the socket refetches the page. */
export const LiveUpdate: Story = {
  args: { id: EVENTS_NEARBY[0]!.id },
  parameters: { msw: { handlers: { events: eventsApi() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pageReady(canvasElement, "Rooftop drinks at The Volstead");
    await fetch(`/api/events/${EVENTS_NEARBY[0]!.id}/rsvp`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ status: "going", listed: false }),
    });
    eventSocket().serverEmit("eventChanged", { eventId: EVENTS_NEARBY[0]!.id });
    await waitFor(() => expect(canvas.getByTestId("event-places")).toHaveTextContent("27 of 40 places left"));
    // The page grew or shrank: the pin's map is framed again; wait for its tiles.
    await eventsMapReady(canvasElement, 1);
  },
};

/** Visitors and guests look but never answer. */
export const Visitor: Story = {
  parameters: { msw: { handlers: { session: sessionHandlers.visitor } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await pageReady(canvasElement, "Rooftop drinks at The Volstead");
    await expect(canvas.getByRole("link", { name: "Sign Up for Full Access" })).toHaveAttribute("href", "/join");
    await expect(canvas.queryByRole("button", { name: "Going" })).toBeNull();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { events: eventsHandlers.eventLoading() } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Loading the event…")).toBeVisible();
  },
};

export const NotFound: Story = {
  args: { id: eventFixture({ id: "e0000000-0000-4000-8000-000000000999" }).id },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { name: "Event not found" })).toBeVisible();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { events: eventsHandlers.eventError() } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("Events are unavailable right now. Try again in a moment.")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeEnabled();
  },
};
