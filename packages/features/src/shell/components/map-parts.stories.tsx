import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { MAP_DEFAULT_CENTER } from "@vicinity/contract";
import { MAP_MEMBERS, mapCrowdsFixture } from "../../../../../mocks/fixtures/map";
import { adsHandlers, mapConfigFixture, mapHandlers } from "../../../../../mocks/handlers";
import { LazyAdSlot } from "@vicinity/features/ads";
import {
  drawnMarkers,
  MAP_LIST_AD_AFTER,
  markerPicturesReady,
  MapMemberCard,
  MapMemberList,
  MapNotices,
  MemberMap,
} from "@vicinity/features/map";

/**
 * The map's parts, one at a time. Here, in the composition place, because one of them shows an ad
 * in the side list, as a member's map does (the ads feature's slot, passed in).
 */
const meta = {
  title: "Features/Map/MapParts",
  component: MapMemberCard,
  tags: ["mobile", "desktop"],
  args: { member: MAP_MEMBERS[0]!, onMessage: fn(), onViewProfile: fn(), onClose: fn() },
  parameters: { msw: { handlers: { map: mapHandlers.base } } },
} satisfies Meta<typeof MapMemberCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const jake = MAP_MEMBERS.find((m) => m.displayName === "Jake")!;

/** The card of a chosen member; Message opens the conversation as the discovery card does. */
export const MemberCard: Story = {
  args: { member: { ...jake, rightNow: { note: "Free for a drink", until: "2026-06-13T22:30:00.000Z" } } },
  render: (args) => <MapMemberCard {...args} className="max-w-sm" />,
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Message Jake" }));
    await expect(args.onMessage).toHaveBeenCalledWith(expect.objectContaining({ id: jake.id }));
  },
};

/** Visitors and guests: Sign Up for Full Access instead of Message. */
export const MemberCardLimited: Story = {
  args: { member: { ...jake, thumbnailUrl: null, distance: null, compatibility: null }, limited: true },
  render: (args) => <MapMemberCard {...args} className="max-w-sm" />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("link", { name: "Sign Up for Full Access" })).toHaveAttribute(
      "href",
      "/join",
    );
  },
};

/** The list beside the map: each row names the member as his marker does. */
export const MemberList: Story = {
  render: () => (
    <MapMemberList
      members={MAP_MEMBERS.slice(0, 8)}
      selectedId={MAP_MEMBERS[1]!.id}
      highlightedId={MAP_MEMBERS[3]!.id}
      className="max-w-sm"
    />
  ),
  play: async ({ canvasElement }) => {
    const rows = within(canvasElement).getAllByRole("button");
    await expect(rows).toHaveLength(8);
    await expect(rows[1]).toHaveAttribute("aria-pressed", "true");
  },
};

/** A member's list: one ad after the first rows, labelled Sponsored, never among the members' buttons. */
export const MemberListWithAd: Story = {
  parameters: { msw: { handlers: { ads: adsHandlers.served() } } },
  render: () => (
    <MapMemberList
      members={MAP_MEMBERS.slice(0, 8)}
      adSlot={<LazyAdSlot placement="map" index={0} />}
      className="max-w-sm"
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const ad = await canvas.findByRole("complementary", { name: /^Sponsored: / });
    const items = [...canvas.getByTestId("map-member-list").children];
    await expect(items.findIndex((li) => li.contains(ad))).toBe(MAP_LIST_AD_AFTER);
  },
};

/** Every notice the map can show. */
export const Notices: Story = {
  render: () => (
    <MapNotices
      notices={[
        { kind: "loading", text: "Loading members…" },
        { kind: "zoom-in", text: "Zoom in to see members" },
        { kind: "reconnecting", text: "Reconnecting… live updates are paused" },
        {
          kind: "error",
          text: "Members could not be loaded.",
          action: { label: "Try again", onClick: () => undefined },
        },
        { kind: "crowds-hidden", text: "Crowds are hidden while a filter is on" },
        { kind: "tiles-failed", text: "Map tiles could not be loaded" },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Zoom in to see members");
  },
};

/** The map alone, from props: members, crowds and clusters, his own position. */
export const MapAlone: Story = {
  render: () => (
    <div className="h-[32rem]">
      <MemberMap
        initialCenter={MAP_DEFAULT_CENTER}
        initialZoom={12}
        config={mapConfigFixture}
        members={MAP_MEMBERS}
        crowds={mapCrowdsFixture}
        own={MAP_DEFAULT_CENTER}
        animate={false}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(drawnMarkers(canvasElement).length).toBeGreaterThan(3));
    await waitFor(() => expect(markerPicturesReady(canvasElement)).toBe(true));
  },
};
