import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { eventsMapReady, STORY_LOCATION } from "../../../../../mocks/story-maps";
import EventsMap from "./events-map";
import { LazyEventsMap } from "./lazy-map";

/** The pin map of the events pages and of the event, group and ad forms, its code loaded when first shown. */
const meta = {
  title: "Features/Shared/PinMap",
  component: LazyEventsMap,
  // What it loads and draws once shown.
  subcomponents: { EventsMap },
  args: {
    center: STORY_LOCATION,
    zoom: 12,
    pins: [{ id: "a", latitude: STORY_LOCATION.latitude, longitude: STORY_LOCATION.longitude, label: "The venue" }],
    label: "Map of the venue",
    className: "h-full",
  },
  decorators: [
    (Story) => (
      <div className="h-80 max-w-2xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof LazyEventsMap>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One pin, and a circle around it (an ad's target area), kept in view. */
export const PinAndArea: Story = {
  args: { circleKm: 2 },
  play: async ({ canvasElement }) => {
    await eventsMapReady(canvasElement, 1);
    await expect(within(canvasElement).getByRole("region", { name: "Map of the venue" })).toBeVisible();
  },
};
