import type { Meta, StoryObj } from "@storybook/react-vite";
import { delay, http, HttpResponse } from "msw";
import { expect, userEvent, within } from "storybook/test";
import { EVENT_PATHS } from "@vicinity/contract";
import { hostedEvent } from "../../../../../mocks/fixtures/events";
import { eventsApi, sessionHandlers, shellHandlers } from "../../../../../mocks/handlers";
import { EventFormPage } from "./event-form-page";
import { eventsMapReady, STORY_LOCATION } from "../../../../../mocks/story-maps";

/** A week after the visual suite's clock (2026-06-13T21:30Z), in New York. */
const FILLED = {
  title: "Board games and beers",
  description: "Bring your favourite game.",
  startsLocal: "2026-06-20T19:00",
  endsLocal: "2026-06-20T22:00",
  timeZone: "America/New_York",
  venueName: "Bold City Brewery",
  address: "2670 Rosselle St, Jacksonville, FL",
  capacity: "12",
};

const meta = {
  title: "Features/Events/EventFormPage",
  component: EventFormPage,
  tags: ["mobile", "tablet", "desktop"],
  args: { location: STORY_LOCATION, timeZone: "America/New_York" },
  parameters: {
    layout: "fullscreen",
    route: "/events/new",
    msw: { handlers: { session: sessionHandlers.member, shell: shellHandlers.quiet, events: eventsApi() } },
  },
} satisfies Meta<typeof EventFormPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Hosting a new event: the pin at his position, his zone by default. */
export const NewEvent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await eventsMapReady(canvasElement, 1);
    await expect(canvas.getByLabelText("Time zone")).toHaveValue("America/New_York");
    await expect(canvas.getByRole("button", { name: "Create event" })).toBeEnabled();
  },
};

/** Submitting an empty form: every required field says what it needs, in the contract's words. */
export const EmptyErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await eventsMapReady(canvasElement, 1);
    await userEvent.click(canvas.getByRole("button", { name: "Create event" }));
    await expect(await canvas.findByText("Title must be at least 3 characters")).toBeVisible();
    await expect(canvas.getByText("Venue is required")).toBeVisible();
    await expect(canvas.getByText("startsAt must be a date and time (ISO 8601)")).toBeVisible();
  },
};

const withError = (values: Record<string, string>, message: string): Story => ({
  args: { initialValues: { ...FILLED, ...values }, showErrorsAtOnce: true },
  play: async ({ canvasElement }) => {
    await eventsMapReady(canvasElement, 1);
    await expect(within(canvasElement).getByText(message)).toBeVisible();
  },
});

export const EndBeforeStart = withError({ endsLocal: "2026-06-20T18:00" }, "The end must be after the start");
export const StartInPast = withError(
  { startsLocal: "2026-06-01T19:00", endsLocal: "2026-06-01T22:00" },
  "The start must be in the future",
);
export const TooLong = withError({ endsLocal: "2026-06-29T22:00" }, "An event can last at most 7 days");
export const TitleTooLong = withError({ title: "A".repeat(101) }, "Title can be at most 100 characters");
export const DescriptionTooLong = withError(
  { description: "Word ".repeat(820) },
  "Description can be at most 4000 characters",
);
export const CapacityOutOfRange = withError({ capacity: "0" }, "capacity must be from 1 to 10,000");
export const CapacityNotWhole = withError({ capacity: "2.5" }, "capacity must be a whole number");

/** The server refused (its 400's message is shown). */
export const ServerRefused: Story = {
  args: { initialValues: FILLED },
  parameters: {
    msw: { handlers: { events: eventsApi(undefined, { saveError: "Cover picture not found: upload it first" }) } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await eventsMapReady(canvasElement, 1);
    await userEvent.click(canvas.getByRole("button", { name: "Create event" }));
    await expect(await canvas.findByTestId("server-error")).toHaveTextContent(
      "Cover picture not found: upload it first",
    );
  },
};

/** While the server stores it, the button says so. */
export const Submitting: Story = {
  args: { initialValues: FILLED },
  parameters: {
    msw: {
      handlers: {
        events: [
          http.post(EVENT_PATHS.events, async () => {
            await delay("infinite");
            return HttpResponse.json(null);
          }),
          ...eventsApi(),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await eventsMapReady(canvasElement, 1);
    await userEvent.click(canvas.getByRole("button", { name: "Create event" }));
    await expect(await canvas.findByRole("button", { name: /Creating/ })).toBeDisabled();
  },
};

/** Editing his event: its values, its own zone. */
export const Edit: Story = {
  args: { id: hostedEvent.id },
  parameters: { route: `/events/${hostedEvent.id}/edit`, msw: { handlers: { events: eventsApi([hostedEvent]) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByDisplayValue("Speed dating, 30s and up")).toBeVisible();
    await eventsMapReady(canvasElement, 1);
    await expect(canvas.getByRole("button", { name: "Save changes" })).toBeEnabled();
  },
};
