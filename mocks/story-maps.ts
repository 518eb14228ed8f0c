import { expect, waitFor } from "storybook/test";

/** An events map (events-map.tsx: the events pages, the event, group and ad forms) has its pins drawn and their tiles have arrived (a screenshot never catches one half-way). */
export async function eventsMapReady(root: HTMLElement, pins?: number) {
  await waitFor(() => {
    const count = root.querySelectorAll(".vc-event-marker").length;
    if (pins === undefined) expect(count).toBeGreaterThan(0);
    else expect(count).toBe(pins);
  });
  await waitFor(() => {
    const tiles = Array.from(root.querySelectorAll<HTMLImageElement>(".leaflet-tile"));
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.every((t) => t.complete)).toBe(true);
  });
}

/** Where the stories put the member: Jacksonville. */
export const STORY_LOCATION = { latitude: 30.3322, longitude: -81.6557, source: "device" as const };
