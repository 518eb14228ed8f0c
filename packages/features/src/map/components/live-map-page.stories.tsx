import type { Decorator, Meta, StoryObj } from "@storybook/react-vite";
import { useMemo } from "react";
import { expect, screen, userEvent, waitFor, within } from "storybook/test";
import { http } from "msw";
import {
  displayKm,
  haversineMeters,
  MAP_PATHS,
  parseTileKey,
  tileKey,
  tileOf,
  type MapSubscribe,
} from "@vicinity/contract";
import { RealtimeContext, useDeviceClass, type ConnectionState, type VicinitySocket } from "@vicinity/features/shared";
import {
  areaFor,
  MAP_MEMBERS,
  mapCrowdsFixture,
  mapMemberTraits,
  ownLocationFixture,
} from "../../../../../mocks/fixtures/map";
import { fakeGeolocation } from "../../../../../mocks/geolocation";
import {
  mapHandlers,
  mediaHandlers,
  ownLocationHandlers,
  profileHandlers,
  sessionHandlers,
  shellHandlers,
} from "../../../../../mocks/handlers";
import { FakeSocket } from "../../../../../mocks/realtime";
import { LiveMapPage } from "./live-map-page";
import { MapMemberCard } from "./map-member-card";
import { MapMemberList } from "./map-member-list";
import { MapNotices } from "./map-notices";
import { MemberMap } from "./member-map";
import { drawnMarkers, markerPicturesReady, type DrawnMarker } from "../model/marker-layer";

/** The visit's socket around the page: a fake one (no network) in the state a story asks for. */
const withSocket: Decorator = (Story, context) => {
  const connection = (context.parameters.connection as ConnectionState | undefined) ?? "connected";
  const socket = useMemo(() => {
    const fake = new FakeSocket();
    fake.connected = connection === "connected";
    // A server slow to take the map's subscription: its acknowledgement waits for the story's play.
    if (context.parameters.mapSubscription === "held") {
      areaAskedAt.length = 0;
      const answer = fake.respond;
      const held = new Promise<void>((resolve) => {
        (window as unknown as { __answerMapSubscribe?: () => void }).__answerMapSubscribe = resolve;
      });
      fake.respond = (event, payload) =>
        event === "mapSubscribe" ? held.then(() => answer(event, payload)) : answer(event, payload);
    }
    (window as unknown as { __mapSocket?: FakeSocket }).__mapSocket = fake;
    return fake;
  }, [connection, context.parameters.mapSubscription]);
  return (
    <RealtimeContext.Provider value={{ socket: socket as unknown as VicinitySocket, state: connection }}>
      <div className="flex h-dvh flex-col">
        <Story />
      </div>
    </RealtimeContext.Provider>
  );
};

const mapSocket = () => (window as unknown as { __mapSocket: FakeSocket }).__mapSocket;

const granted = fakeGeolocation("granted", { latitude: 30.3322, longitude: -81.6557 });

const meta = {
  title: "Features/Map/LiveMapPage",
  component: LiveMapPage,
  // The parts it draws (each alone: Features/Map/MapParts).
  subcomponents: { MemberMap, MapMemberList, MapMemberCard, MapNotices },
  tags: ["mobile", "desktop"],
  decorators: [withSocket],
  args: { layout: "desktop", animate: false, geolocation: granted },
  parameters: {
    layout: "fullscreen",
    route: "/map",
    msw: {
      handlers: {
        session: sessionHandlers.member,
        shell: shellHandlers.quiet,
        media: mediaHandlers.portraits,
        map: [...mapHandlers.base, ...mapHandlers.success],
        location: ownLocationHandlers(ownLocationFixture()),
        // A member's filters are saved as he applies them (the grid's).
        profile: profileHandlers.savedFilters,
      },
    },
  },
  // The device class picks the layout, as the app's DeviceSwitch does.
  render: function Render(args) {
    const device = useDeviceClass();
    return <LiveMapPage {...args} layout={device === "mobile" ? "mobile" : "desktop"} />;
  },
} satisfies Meta<typeof LiveMapPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The markers drawn on the map's canvas (decision 0040), as a member sees them. */
const markers = (root: HTMLElement, kind: DrawnMarker["kind"]) => drawnMarkers(root).filter((m) => m.kind === kind);
const memberMarker = (root: HTMLElement, id: string) => markers(root, "member").find((m) => m.id === id);

/** The markers are drawn, and every picture on them has arrived (a screenshot never catches one half-way). */
async function markersShown(root: HTMLElement, kind: DrawnMarker["kind"] = "member") {
  await waitFor(() => expect(markers(root, kind).length).toBeGreaterThan(0));
  await waitFor(() => expect(markerPicturesReady(root)).toBe(true));
}

/** A tap where a marker is drawn (the map finds the marker by position, as it does for a finger). */
async function tap(marker: DrawnMarker) {
  const target = document.elementFromPoint(marker.x, marker.y) as HTMLElement;
  await userEvent.pointer({ keys: "[MouseLeft]", target, coords: { clientX: marker.x, clientY: marker.y } });
}

/** On phones the filters live in a bottom sheet: open it first. */
/** The Filters sheet (the grid's), opened from the map's Filters button. */
async function openFilters(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole("button", { name: /^Filters/ }));
  return within(await screen.findByRole("dialog", { name: "Filters" }));
}

/** Members near him as markers with pictures, online rings and Right Now badges; two crowds as counts; his own position. */
export const Members: Story = {
  tags: ["tablet"],
  play: async ({ canvasElement }) => {
    await markersShown(canvasElement);
    await expect(markers(canvasElement, "member")[0]!.label).toMatch(/, (online|offline)/);
    await expect(canvasElement.querySelector("[aria-label='You are here']")).not.toBeNull();
    await expect(canvasElement.querySelector(".leaflet-control-attribution")).toHaveTextContent("OpenStreetMap");
  },
};

/** Asking the server for the members of the view. */
export const Loading: Story = {
  parameters: { msw: { handlers: { map: [...mapHandlers.base, ...mapHandlers.loading] } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Loading members…")).toBeVisible();
  },
};

/** No stored position and no answer from the device: the spec's Jacksonville area. */
export const NoLocation: Story = {
  args: { geolocation: fakeGeolocation("pending") },
  parameters: {
    msw: { handlers: { location: ownLocationHandlers(ownLocationFixture({ position: null, sharing: false })) } },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/Showing the Jacksonville area/)).toBeVisible();
    await markersShown(canvasElement);
  },
};

/** The device refused: the map opens where he last shared, and says how to allow location. */
export const LocationDenied: Story = {
  args: { geolocation: fakeGeolocation("denied") },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/Location Access Denied/)).toBeVisible();
    await markersShown(canvasElement);
  },
};

/** Nobody in view. */
export const EmptyArea: Story = {
  parameters: { msw: { handlers: { map: [...mapHandlers.base, ...mapHandlers.empty] } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("No members in this area right now")).toBeVisible();
  },
};

/** Thousands of members: clusters with counts (crowds add into them); a tap zooms to where a cluster comes apart. */
export const ManyMembersClustered: Story = {
  tags: ["tablet"],
  parameters: { msw: { handlers: { map: [...mapHandlers.base, ...mapHandlers.many] } } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(markers(canvasElement, "cluster").length).toBeGreaterThan(3));
    const cluster = markers(canvasElement, "cluster")[0]!;
    await expect(cluster.label).toMatch(/^Cluster of \d+ members$/);
    const total = markers(canvasElement, "cluster").reduce((sum, m) => sum + m.count!, 0);
    await expect(total).toBeGreaterThan(100);
  },
};

/** A cluster tapped: the map zooms in until it comes apart. */
export const ClusterOpened: Story = {
  tags: ["!mobile"],
  parameters: { msw: { handlers: { map: [...mapHandlers.base, ...mapHandlers.many] } } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(markers(canvasElement, "cluster").length).toBeGreaterThan(3));
    const before = markers(canvasElement, "cluster").length + markers(canvasElement, "member").length;
    const zoomIn = canvasElement.querySelector<HTMLElement>(".leaflet-control-zoom-in")!;
    const cluster = markers(canvasElement, "cluster").sort((a, b) => b.count! - a.count!)[0]!;
    await tap(cluster);
    await waitFor(() => expect(zoomIn.getAttribute("aria-disabled")).not.toBe("true"));
    await waitFor(() =>
      expect(markers(canvasElement, "cluster").length + markers(canvasElement, "member").length).not.toBe(before),
    );
    await markersShown(canvasElement, "cluster");
  },
};

/** A marker chosen: his card (name, age, distance, match, Message, Profile); on phones a bottom sheet. */
export const SelectedMember: Story = {
  tags: ["tablet"],
  play: async ({ canvasElement }) => {
    await markersShown(canvasElement);
    const marker = markers(canvasElement, "member")[0]!;
    const name = marker.label.split(",")[0]!;
    await tap(marker);
    const card = await within(canvasElement).findByTestId("map-member-card");
    await expect(within(card).getByRole("heading", { name })).toBeVisible();
    await expect(within(card).getByRole("button", { name: `Message ${name}` })).toBeVisible();
    await expect(within(card).getByRole("button", { name: `View ${name}'s profile` })).toBeVisible();
    await waitFor(() => expect(memberMarker(canvasElement, marker.id!)?.selected).toBe(true));
  },
};

/**
 * The grid's filters on the map, applied by the server: Online now keeps only who is online; no crowds meanwhile (a
 * crowd's count by a filter would tell about members not shown alone).
 */
export const FilterOnlineNow: Story = {
  play: async ({ canvasElement }) => {
    await markersShown(canvasElement);
    const before = drawnMarkers(canvasElement).length;
    const sheet = await openFilters(canvasElement);
    await userEvent.click(sheet.getByRole("button", { name: "Online now" }));
    await expect(sheet.getByRole("button", { name: "Online now" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(sheet.getByRole("button", { name: "Show members" }));
    await waitFor(() => expect(markers(canvasElement, "crowd")).toHaveLength(0));
    await waitFor(() => expect(drawnMarkers(canvasElement).length).toBeLessThan(before));
    for (const marker of markers(canvasElement, "member")) await expect(marker.label).toContain(", online");
    await expect(within(canvasElement).getByText("Crowds are hidden while a filter is on")).toBeVisible();
    await expect(within(canvasElement).getByRole("button", { name: "Filters, 1 on" })).toBeVisible();
  },
};

/** Filters from the address (a link, a reload): the map opens filtered; ages 30 to 40 only. */
export const FiltersFromAddress: Story = {
  tags: ["!mobile"],
  parameters: { route: "/map?ageMin=30&ageMax=40" },
  play: async ({ canvasElement }) => {
    await markersShown(canvasElement);
    await expect(within(canvasElement).getByRole("button", { name: "Filters, 1 on" })).toBeVisible();
    await waitFor(() => expect(markers(canvasElement, "crowd")).toHaveLength(0));
    for (const marker of markers(canvasElement, "member")) {
      const age = Number(/, (\d+),/.exec(marker.label)?.[1]);
      await expect(age >= 30 && age <= 40, marker.label).toBe(true);
    }
  },
};

/** His Favorites only (issue 38), from the address: the members he starred, no crowds. */
export const FiltersFavorites: Story = {
  parameters: { route: "/map?favorites=true" },
  play: async ({ canvasElement }) => {
    await markersShown(canvasElement);
    await expect(within(canvasElement).getByRole("button", { name: "Filters, 1 on" })).toBeVisible();
    await waitFor(() => expect(markers(canvasElement, "crowd")).toHaveLength(0));
    const starred = new Set(MAP_MEMBERS.filter((m) => mapMemberTraits(m).isFavorite).map((m) => m.id));
    const shown = markers(canvasElement, "member");
    await expect(shown.length).toBeGreaterThan(0);
    for (const marker of shown) await expect(starred.has(marker.id ?? ""), marker.label).toBe(true);
  },
};

/** Nobody here passes the filters: the map says so, with "Clear filters" at hand; no markers, no crowds. */
export const FiltersNoMatch: Story = {
  parameters: { route: "/map?ageMin=98&ageMax=99&position=side" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("No members match your filters here")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Clear filters" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Filters, 2 on" })).toBeVisible();
    await expect(drawnMarkers(canvasElement)).toHaveLength(0);
  },
};

/** "Clear filters" from there: everyone again, crowds too. */
export const FiltersCleared: Story = {
  tags: ["!mobile"],
  parameters: { route: "/map?ageMin=98&ageMax=99&position=side" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Clear filters" }));
    await markersShown(canvasElement);
    await expect(canvas.getByRole("button", { name: "Filters" })).toBeVisible();
    await expect(canvas.queryByText("No members match your filters here")).toBeNull();
    await markersShown(canvasElement, "crowd");
  },
};

/** A member a live push brings: north of everyone else, so no cluster takes him in. */
const NEWCOMER = {
  ...MAP_MEMBERS[0]!,
  id: "map_new",
  username: "newcomer",
  displayName: "Newcomer",
  latitude: 30.43,
  longitude: -81.6557,
  isOnline: true,
  rightNow: null,
};

/** The tiles the page subscribed to last. */
const subscribedTiles = () =>
  waitFor(() => {
    const emitted = mapSocket()
      .emitted.filter((e) => e.event === "mapSubscribe")
      .at(-1);
    expect(emitted).toBeDefined();
    return (emitted!.args[0] as MapSubscribe).tiles;
  });

/**
 * A mapChanges push (what changed, decision 0038): a newcomer appears, a member he has moves north
 * (his new distance worked out by the page), another leaves; without a reload.
 */
export const LiveChangesArriving: Story = {
  play: async ({ canvasElement }) => {
    await markersShown(canvasElement);
    const tiles = await subscribedTiles();
    const level = parseTileKey(tiles[0]!).z;
    const tileAt = (latitude: number, longitude: number) => tileKey(tileOf(latitude, longitude, level));
    const newcomer = NEWCOMER;
    const mover = MAP_MEMBERS[1]!;
    // A member drawn alone now (not in a cluster), who leaves.
    const gone = markers(canvasElement, "member")
      .map((m) => m.id!)
      .find((id) => id !== mover.id)!;
    await expect(gone).toBeDefined();
    mapSocket().serverEmit("mapChanges", {
      members: [{ tile: tileAt(newcomer.latitude, newcomer.longitude), member: newcomer }],
      moved: [[mover.id, tileAt(30.44, -81.58), 30.44, -81.58]],
      removed: [gone],
      crowds: [],
      crowdsRemoved: [],
    });
    await waitFor(() => expect(memberMarker(canvasElement, "map_new")).toBeDefined());
    // His distance, worked out by the page from its own position (the story's device: the city centre).
    const km = displayKm(
      haversineMeters({ latitude: 30.3322, longitude: -81.6557 }, { latitude: 30.44, longitude: -81.58 }),
    );
    await waitFor(() => expect(memberMarker(canvasElement, mover.id)?.label).toContain(`${km.toFixed(1)} km`));
    await waitFor(() => expect(memberMarker(canvasElement, gone)).toBeUndefined());
    await markersShown(canvasElement);
  },
};

/** A mapTiles push (whole tiles, to a viewer whose tiles hold more than his cap): a newcomer appears where the tile says. */
export const LiveUpdateArriving: Story = {
  play: async ({ canvasElement }) => {
    await markersShown(canvasElement);
    const tiles = await subscribedTiles();
    mapSocket().serverEmit("mapTiles", areaFor(tiles, [...MAP_MEMBERS, NEWCOMER], mapCrowdsFixture));
    await waitFor(() => expect(memberMarker(canvasElement, "map_new")).toBeDefined());
    await markersShown(canvasElement);
  },
};

const areaAskedAt: number[] = [];

/**
 * The server takes the view's subscription late: the members wait for it (an area fetched sooner
 * could miss a move made before the live updates begin), then load.
 */
export const LiveUpdatesBeforeMembers: Story = {
  tags: ["!mobile"],
  parameters: {
    mapSubscription: "held",
    msw: {
      handlers: {
        map: [
          // Notes when the page asks for an area, then lets the next handler answer.
          http.get(MAP_PATHS.area, () => {
            areaAskedAt.push(performance.now());
          }),
          ...mapHandlers.base,
          ...mapHandlers.success,
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Loading members…")).toBeVisible();
    await waitFor(() => expect(mapSocket().emitted.some((e) => e.event === "mapSubscribe")).toBe(true));
    await expect(markers(canvasElement, "member")).toHaveLength(0);
    const answeredAt = performance.now();
    (window as unknown as { __answerMapSubscribe: () => void }).__answerMapSubscribe();
    await markersShown(canvasElement);
    // Every area the page asked for, it asked for once the subscription was taken.
    await expect(areaAskedAt.length).toBeGreaterThan(0);
    for (const at of areaAskedAt) await expect(at).toBeGreaterThanOrEqual(answeredAt);
  },
};

/** The socket is down: the map keeps what it has and says live updates wait for the connection. */
export const Reconnecting: Story = {
  parameters: { connection: "reconnecting" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/Reconnecting… live updates are paused/)).toBeVisible();
    await markersShown(canvasElement);
  },
};

/** A visitor (decisions.md 1): markers without pictures, and the card invites him to sign up instead of messaging. */
export const VisitorLimited: Story = {
  tags: ["tablet"],
  parameters: {
    msw: { handlers: { session: sessionHandlers.visitor, map: [...mapHandlers.base, ...mapHandlers.limited] } },
  },
  play: async ({ canvasElement }) => {
    await markersShown(canvasElement);
    await expect(markers(canvasElement, "member").every((m) => m.picture === "none")).toBe(true);
    await expect(canvasElement.querySelector("[aria-label='You are here']")).toBeNull();
    await tap(markers(canvasElement, "member")[0]!);
    const card = await within(canvasElement).findByTestId("map-member-card");
    await expect(within(card).getByRole("link", { name: "Sign Up for Full Access" })).toHaveAttribute("href", "/join");
    await expect(within(card).queryByRole("button", { name: /^Message/ })).toBeNull();
  },
};

/** The base layer fails: a small banner, and the markers still work. */
export const TileFailure: Story = {
  parameters: { msw: { handlers: { map: [...mapHandlers.tilesFailing, ...mapHandlers.success] } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Map tiles could not be loaded")).toBeVisible();
    await markersShown(canvasElement);
  },
};

/** Zoomed out below the data levels: no members, and the map says to zoom in. */
export const ZoomedOutTooFar: Story = {
  play: async ({ canvasElement }) => {
    await markersShown(canvasElement);
    const zoomOut = canvasElement.querySelector<HTMLElement>(".leaflet-control-zoom-out")!;
    // Nothing over the map (the phone's Filters and List strip, the notices) takes a tap meant for it.
    const box = zoomOut.getBoundingClientRect();
    await expect(zoomOut.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2))).toBe(true);
    for (let i = 0; i < 4; i++) await userEvent.click(zoomOut);
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-notice="zoom-in"]')).toHaveTextContent("Zoom in to see members"),
    );
    await waitFor(() => expect(drawnMarkers(canvasElement)).toHaveLength(0));
  },
};

/** /map-basic: the same members without live updates or animations, a list under the map. */
export const Basic: Story = {
  args: { variant: "basic" },
  parameters: { route: "/map-basic" },
  play: async ({ canvasElement }) => {
    await markersShown(canvasElement);
    const list = await within(canvasElement).findByRole("list", { name: "Members in view" });
    await waitFor(() => expect(within(list).getAllByRole("button").length).toBeGreaterThan(5));
    await expect(mapSocket().emitted.filter((e) => e.event === "mapSubscribe")).toHaveLength(0);
  },
};

/** Desktop: the side list and the map in step; hovering a row marks its marker. */
export const ListInStep: Story = {
  tags: ["!mobile"],
  play: async ({ canvasElement }) => {
    await markersShown(canvasElement);
    const list = within(canvasElement).getByRole("list", { name: "Members in view" });
    // A member drawn alone (not in a cluster).
    const row = within(list)
      .getAllByRole("button")
      .find((r) => memberMarker(canvasElement, r.dataset.memberId!))!;
    await userEvent.hover(row);
    const id = row.dataset.memberId!;
    await waitFor(() => expect(memberMarker(canvasElement, id)?.highlighted).toBe(true));
    await userEvent.click(row);
    await expect(row).toHaveAttribute("aria-pressed", "true");
    await expect(await within(canvasElement).findByTestId("map-member-card")).toBeVisible();
    await userEvent.unhover(row);
  },
};
