import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, userEvent, within } from "storybook/test";
import { CALENDAR_URL, EVENTS_NEARBY } from "../../../../../mocks/fixtures/events";
import { eventsApi, sessionHandlers, shellHandlers } from "../../../../../mocks/handlers";
import { CalendarFeedCard } from "./calendar-feed-card";
import { EventCoverCard } from "./event-cover-card";
import { ReportEventDialog } from "./event-dialogs";
import { EventListItem } from "./event-list-item";
import { EventStatusBadge } from "./event-status";
import { EventsFilterControls } from "./events-filters";
import { EventsEmpty } from "./events-states";
import { RsvpPanel } from "./rsvp-panel";
import { NextEvents } from "./next-events";
import NextEventsList from "./next-events-list";
import { EventForm } from "./event-form";
import {
  ApiError,
  CoverPageFailed,
  CoverUpload,
  FieldError,
  FormPageFrame,
  FormServerError,
  LazyEventsMap,
  SubmitRow,
  TimeRangeFields,
} from "@vicinity/features/shared";
import { emptyEventForm } from "../model/form";
import { eventsMapReady, STORY_LOCATION } from "../../../../../mocks/story-maps";

/** The events feature's parts, one at a time. */
const meta = {
  title: "Features/Events/EventsParts",
  component: CalendarFeedCard,
  tags: ["mobile", "desktop"],
  parameters: {
    msw: { handlers: { session: sessionHandlers.member, shell: shellHandlers.quiet, events: eventsApi() } },
  },
} satisfies Meta<typeof CalendarFeedCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The private calendar feed: copy, or reset after a confirmation. */
export const CalendarFeed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const url = await canvas.findByRole("textbox", { name: "Calendar feed URL" });
    await expect(url).toHaveValue(CALENDAR_URL);
    await userEvent.click(canvas.getByRole("button", { name: "Reset link" }));
    const dialog = within(await within(document.body).findByRole("dialog", { name: "Reset your calendar link?" }));
    await userEvent.click(dialog.getByRole("button", { name: "Reset link" }));
    await expect(await canvas.findByDisplayValue(/Pq8s/)).toBeVisible();
  },
};

/** Rows, cards and badges of the lists, the filters, the empty state, the cover upload. */
export const ListParts: Story = {
  render: () => (
    <div className="grid max-w-3xl gap-4">
      <EventsFilterControls value={{ filter: "weekend", radius: 25, sort: "nearest" }} onChange={() => undefined} />
      <ul className="grid gap-2">
        {EVENTS_NEARBY.slice(0, 3).map((e) => (
          <EventListItem key={e.id} event={e} timeZone="UTC" />
        ))}
      </ul>
      <ul className="grid gap-4 sm:grid-cols-2">
        <EventCoverCard event={EVENTS_NEARBY[2]!} timeZone="UTC" />
        <EventCoverCard event={EVENTS_NEARBY[3]!} timeZone="UTC" />
      </ul>
      <p className="flex gap-2">
        <EventStatusBadge event={EVENTS_NEARBY[1]!} />
      </p>
      <EventsEmpty />
      <CoverUpload coverUrl="/media/event-cover-1" onChange={() => undefined} />
      <div className="h-48">
        <LazyEventsMap
          center={EVENTS_NEARBY[0]!}
          zoom={13}
          pins={[
            {
              id: "a",
              latitude: EVENTS_NEARBY[0]!.latitude,
              longitude: EVENTS_NEARBY[0]!.longitude,
              label: "The Volstead",
            },
          ]}
          label="Map of The Volstead"
          className="h-full"
        />
      </div>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: "This weekend" })).toHaveAttribute("aria-pressed", "true");
    await expect(await canvas.findByRole("region", { name: "Map of The Volstead" })).toBeVisible();
  },
};

/** The RSVP area for a guest or visitor: an invitation to sign up. */
export const RsvpForVisitors: Story = {
  render: () => <RsvpPanel event={EVENTS_NEARBY[0]!} viewer="guest" listed={false} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link", { name: "Sign Up for Full Access" })).toHaveAttribute(
      "href",
      "/join",
    );
  },
};

/** The report dialog, open. */
export const ReportDialog: Story = {
  render: () => <ReportEventDialog event={EVENTS_NEARBY[0]!} open onOpenChange={() => undefined} />,
  play: async () => {
    await expect(await within(document.body).findByRole("dialog", { name: "Report this event" })).toBeInTheDocument();
  },
};

/** The home's Events tab: his next events (going or waiting), with a link to all events. */
export const HomeNextEvents: Story = {
  render: () => <NextEvents timeZone="UTC" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("Sunday beach volleyball")).toBeVisible();
    await expect(canvas.getByRole("link", { name: "See events near you" })).toHaveAttribute("href", "/events");
  },
};

/** The home's Events tab with nothing answered yet. */
export const HomeNoEvents: Story = {
  render: () => <NextEvents timeZone="UTC" />,
  parameters: { msw: { handlers: { events: eventsApi([]) } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { name: "No events yet" })).toBeVisible();
  },
};

/** The list of his next events itself (the tab loads it on demand). */
export const NextEventsListed: Story = {
  render: () => <NextEventsList timeZone="UTC" />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Sunday beach volleyball")).toBeVisible();
  },
};

/** The events map itself: a pin per event, framed to show them all. */
export const MapOfEvents: Story = {
  render: () => (
    <div className="h-96">
      <LazyEventsMap
        center={STORY_LOCATION}
        zoom={11}
        fit
        pins={EVENTS_NEARBY.map((e) => ({ id: e.id, latitude: e.latitude, longitude: e.longitude, label: e.title }))}
        onSelect={() => undefined}
        label="Map of events near you"
        className="h-full"
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await eventsMapReady(canvasElement, EVENTS_NEARBY.length);
    await expect(within(canvasElement).getByRole("button", { name: "Gallery night in Riverside" })).toBeInTheDocument();
  },
};

/** The host's form on its own, submitting what it holds. */
export const HostForm: Story = {
  render: () => (
    <EventForm
      initial={{ ...emptyEventForm(STORY_LOCATION, "America/New_York"), title: "Board games" }}
      creating={false}
      submitting={false}
      onSubmit={() => undefined}
    />
  ),
  play: async ({ canvasElement }) => {
    await eventsMapReady(canvasElement, 1);
    await expect(within(canvasElement).getByRole("button", { name: "Save changes" })).toBeEnabled();
  },
};

function TimeRangeDemo() {
  const [values, setValues] = useState({
    startsLocal: "2026-06-20T19:00",
    endsLocal: "2026-06-20T22:00",
    timeZone: "America/New_York",
  });
  return (
    <div className="grid max-w-lg gap-4">
      <TimeRangeFields
        values={values}
        errors={{ endsAt: "The end must be after the start" }}
        onChange={(change) => setValues((v) => ({ ...v, ...change }))}
        zoneHint="The venue's: the times above are read in it."
      />
      <output data-testid="time-range">{`${values.startsLocal} ${values.endsLocal} ${values.timeZone}`}</output>
    </div>
  );
}

/** A start, an end and their zone (the host's form, the ad creator's schedule), with an error. */
export const TimeRange: Story = {
  render: () => <TimeRangeDemo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("The end must be after the start")).toBeVisible();
    await userEvent.selectOptions(canvas.getByLabelText(/^Time zone/), "Europe/Paris");
    await expect(canvas.getByTestId("time-range")).toHaveTextContent("2026-06-20T19:00 2026-06-20T22:00 Europe/Paris");
  },
};

/** The form parts the event, group and ad forms share: a field's error, the server's refusal, the submit row. */
export const FormParts: Story = {
  render: () => (
    <FormPageFrame title="A form page">
      <form className="grid gap-5" aria-label="Parts" onSubmit={(e) => e.preventDefault()}>
        <FieldError message="Place the pin on the map" />
        <FieldError message={null} />
        <FormServerError message="A group with this name already exists" />
        <FormServerError message={null} />
        <SubmitRow label="Saving..." busyLabel="Saving..." submitting />
      </form>
    </FormPageFrame>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1, name: "A form page" })).toBeVisible();
    await expect(canvas.getAllByRole("alert").map((a) => a.textContent)).toEqual([
      "Place the pin on the map",
      "A group with this name already exists",
    ]);
    await expect(canvas.getByTestId("server-error")).toHaveTextContent("A group with this name already exists");
    await expect(canvas.getByRole("button", { name: /Saving/ })).toBeDisabled();
  },
};

/** A page with a cover that is not there (404): what is said and the way back; the event's and group's pages use it. */
export const CoverPageNotFound: Story = {
  render: () => (
    <CoverPageFailed
      error={new ApiError(404, JSON.stringify({ message: "Event not found" }), "404")}
      width="max-w-4xl"
      notFound={{
        title: "Event not found",
        description: "It may have been removed, or it is not shown to you.",
        to: "/events",
        label: "Back to events",
      }}
      failedTitle="The event could not be loaded"
      onRetry={() => undefined}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1, name: "Event not found" })).toBeVisible();
    await expect(canvas.getByRole("link", { name: "Back to events" })).toHaveAttribute("href", "/events");
    await expect(canvas.queryByRole("button", { name: "Try again" })).toBeNull();
  },
};
