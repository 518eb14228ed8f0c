import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { List } from "lucide-react";
import {
  MAP_BASIC_REFRESH_MS,
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  mapMemberCap,
  NO_MEMBER_FILTERS,
  type MapCrowd,
  type MapMember,
} from "@vicinity/contract";
import { Button, cn, Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, Spinner } from "@vicinity/ui";
import {
  MemberFiltersButton,
  useAdSlots,
  useAuth,
  useMapConfig,
  useMemberFilters,
  useRealtime,
} from "@vicinity/features/shared";
import { useMapArea } from "../api/map-area";
import { useOwnLocation } from "../api/own-location";
import { CLUSTER_MAX_ZOOM } from "../model/marker-index";
import { useOwnPosition } from "../model/own-position";
import { useLiveMapTiles, useSendOwnPosition } from "../model/use-live-map";
import { contains, dataTilesFor, type LatLon, type MapView } from "../model/view";
import { MapMemberCard } from "./map-member-card";
import { MapMemberList } from "./map-member-list";
import { MapNotices, type MapNotice } from "./map-notices";
import { MemberMap, type MapFocus } from "./member-map";

/** Visitors have no socket: their map is fetched again this often (decisions.md 1). */
export const VISITOR_MAP_REFRESH_MS = 30_000;

export interface LiveMapPageProps {
  /** Phones: the map fills the screen, a bottom sheet for the member, the filters and the list. Otherwise a side list. */
  layout: "mobile" | "desktop";
  /** "live": /map, kept current over the socket. "basic": /map-basic, refetched, no animations, a list under the map. */
  variant?: "live" | "basic";
  /** The device's geolocation (stories put a stand-in here; null: the browser has none). */
  geolocation?: Geolocation | null;
  /** Zoom and fade animations; off in stories and on /map-basic, and when the reader prefers less motion. */
  animate?: boolean;
}

const EMPTY_MEMBERS: readonly MapMember[] = [];
const EMPTY_CROWDS: readonly MapCrowd[] = [];

function prefersReducedMotion(): boolean {
  return (
    typeof window !== "undefined" &&
    typeof window.matchMedia === "function" &&
    window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/**
 * /map and /map-basic: members on a map by the contract's tiles. A member's live map subscribes
 * to the tiles in view over the visit's socket and follows his device; visitors and guests see
 * the limited map (no pictures, no messaging), fetched again every 30 s.
 */
export function LiveMapPage({ layout, variant = "live", geolocation, animate }: LiveMapPageProps) {
  const auth = useAuth();
  const isMember = auth.status === "member";
  const realtime = useRealtime();
  const own = useOwnLocation(isMember);
  const config = useMapConfig();
  // The list's ad comes from the composition place (a member's pages); a visitor's map has none.
  const adSlots = useAdSlots();
  const navigate = useNavigate();

  // Where the map opens: his stored position, else the spec's Jacksonville area.
  const stored = own.data?.position ?? null;
  const ready = auth.status !== "loading" && (!isMember || own.status !== "pending");
  const device = useOwnPosition(isMember, geolocation);
  const live = variant === "live" && isMember;
  useSendOwnPosition(live ? realtime.socket : null, realtime.state, device.position);

  const [view, setView] = useState<MapView | null>(null);
  const tiles = useMemo(() => (view ? dataTilesFor(view) : null), [view]);
  const refetchEvery = variant === "basic" ? MAP_BASIC_REFRESH_MS : isMember ? false : VISITOR_MAP_REFRESH_MS;
  // The grid's filters (the address's, else his saved ones), applied by the server to the area and to its live changes.
  const { filters, count: filterCount, apply: applyFilters } = useMemberFilters({ save: isMember });
  const { areaMayLoad } = useLiveMapTiles(
    live ? realtime.socket : null,
    realtime.state,
    live ? tiles : null,
    device.position ?? stored,
    filters,
  );
  const area = useMapArea(tiles, refetchEvery, areaMayLoad, filters);

  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [listOpen, setListOpen] = useState(false);

  // The device's first fix moves the map there (he is where his device is, not where he last shared).
  const movedToDevice = useRef(false);
  useEffect(() => {
    if (!device.position || movedToDevice.current) return;
    movedToDevice.current = true;
    setFocus((f) => ({ ...device.position!, seq: (f?.seq ?? 0) + 1 }));
  }, [device.position]);

  const limited = !isMember || area.data?.limited === true;
  const showsData = tiles !== null && area.data !== undefined;
  const { members, crowds } = useMemo(() => {
    if (!showsData || !area.data) return { members: EMPTY_MEMBERS, crowds: EMPTY_CROWDS };
    const members: MapMember[] = [];
    const crowds: MapCrowd[] = [];
    const seen = new Set<string>();
    for (const tile of area.data.tiles) {
      for (const m of tile.members) {
        if (seen.has(m.id)) continue;
        seen.add(m.id);
        members.push(m);
      }
      crowds.push(...tile.crowds);
    }
    return { members, crowds };
  }, [area.data, showsData]);
  const inView = useMemo(() => (view ? members.filter((m) => contains(view.box, m)) : EMPTY_MEMBERS), [members, view]);
  const selected = selectedId ? (members.find((m) => m.id === selectedId) ?? null) : null;

  const select = useCallback((id: string | null) => setSelectedId(id), []);
  // A row chosen: the map goes to him, close enough that no cluster hides him.
  const chooseFromList = useCallback((member: MapMember) => {
    setSelectedId(member.id);
    setListOpen(false);
    setFocus((f) => ({
      latitude: member.latitude,
      longitude: member.longitude,
      zoom: CLUSTER_MAX_ZOOM + 1,
      seq: (f?.seq ?? 0) + 1,
    }));
  }, []);
  const message = (member: MapMember) => void navigate(`/messages?to=${encodeURIComponent(member.id)}`);
  const viewProfile = (member: MapMember) => void navigate(`/members/${member.id}`);

  const notices: MapNotice[] = [];
  if (live && (realtime.state === "reconnecting" || realtime.state === "disconnected")) {
    notices.push({ kind: "reconnecting", text: "Reconnecting… live updates are paused" });
  }
  if (view && tiles === null) notices.push({ kind: "zoom-in", text: "Zoom in to see members" });
  else if (tiles && area.status === "pending") notices.push({ kind: "loading", text: "Loading members…" });
  else if (tiles && area.status === "error" && !area.data) {
    notices.push({
      kind: "error",
      text: "Members could not be loaded.",
      action: { label: "Try again", onClick: () => void area.refetch() },
    });
  } else if (showsData && members.length === 0 && filterCount > 0) {
    notices.push({
      kind: "empty",
      text: "No members match your filters here",
      action: { label: "Clear filters", onClick: () => applyFilters(NO_MEMBER_FILTERS) },
    });
  } else if (showsData && members.length === 0 && crowds.length === 0)
    notices.push({ kind: "empty", text: "No members in this area right now" });
  // A crowd's count by age or position would tell about members who are not shown alone: the server sends none.
  if (showsData && filterCount > 0)
    notices.push({ kind: "crowds-hidden", text: "Crowds are hidden while a filter is on" });
  if (showsData && area.data?.truncated)
    notices.push({
      kind: "truncated",
      text: `Showing the ${mapMemberCap(area.data.limited).toLocaleString("en-US")} members nearest the middle: zoom in for the rest`,
    });
  if (tilesFailed) notices.push({ kind: "tiles-failed", text: "Map tiles could not be loaded" });
  if (isMember && device.status === "denied")
    notices.push({
      kind: "location-denied",
      text: "Location Access Denied: You can enable location later in settings.",
    });
  else if (isMember && device.status === "unsupported")
    notices.push({
      kind: "location-unsupported",
      text: "Location Not Supported: Your browser doesn't support location services.",
    });
  if (isMember && !stored && !device.position) {
    notices.push({
      kind: "fallback-centre",
      text: "Showing the Jacksonville area. Allow location for members near you.",
    });
  }

  if (!ready) {
    return (
      <div
        role="status"
        aria-busy="true"
        className="flex flex-1 items-center justify-center gap-2 p-8 text-muted-foreground"
      >
        <Spinner size="sm" className="text-accent" />
        Loading the map…
      </div>
    );
  }

  const center: LatLon = stored ?? MAP_DEFAULT_CENTER;
  const map = (
    <MemberMap
      initialCenter={center}
      initialZoom={MAP_DEFAULT_ZOOM}
      config={config.data ?? null}
      members={members}
      crowds={crowds}
      own={isMember ? (device.position ?? stored) : null}
      selectedId={selectedId}
      highlightedId={highlightedId}
      limited={limited}
      animate={animate ?? (variant === "live" && !prefersReducedMotion())}
      focus={focus}
      onViewChange={setView}
      onSelect={select}
      onHover={setHighlightedId}
      onTileError={() => setTilesFailed(true)}
    />
  );
  const card = selected ? (
    <MapMemberCard
      member={selected}
      limited={limited}
      onMessage={message}
      onViewProfile={viewProfile}
      onClose={() => setSelectedId(null)}
    />
  ) : null;
  const filtersButton = (
    <MemberFiltersButton
      filters={filters}
      onApply={applyFilters}
      saved={isMember}
      className={layout === "mobile" && variant === "live" ? "shadow-md" : undefined}
    />
  );
  const list = (
    <MapMemberList
      members={inView}
      selectedId={selectedId}
      highlightedId={highlightedId}
      limited={limited}
      onSelect={chooseFromList}
      onHover={setHighlightedId}
      adSlot={limited ? undefined : adSlots?.map}
    />
  );
  const countText =
    tiles === null ? "Zoom in to see members" : `${inView.length} member${inView.length === 1 ? "" : "s"} in view`;

  if (variant === "basic") {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-4 p-4" data-testid="map-basic">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="font-display text-2xl font-bold">Map</h1>
          {filtersButton}
        </div>
        <div className="relative h-[50vh] min-h-72 overflow-hidden rounded-xl border">
          {map}
          <MapNotices notices={notices} className="absolute inset-x-2 top-2 z-[1000]" />
        </div>
        {card}
        <section aria-labelledby="map-basic-list" className="grid gap-2">
          <h2 id="map-basic-list" className="font-display text-lg font-semibold">
            {countText}
          </h2>
          {list}
        </section>
      </div>
    );
  }

  if (layout === "mobile") {
    return (
      <div className="relative min-h-0 flex-1" data-testid="live-map">
        <h1 className="sr-only">Map</h1>
        {map}
        {/* Over the map, clear of the zoom buttons: only the buttons and notices take taps, not the strip. */}
        <div className="pointer-events-none absolute inset-x-2 top-2 z-[1000] flex flex-col items-end gap-2">
          <div className="pointer-events-auto flex gap-2">
            {filtersButton}
            <Button
              size="sm"
              variant="secondary"
              className="shadow-md"
              onClick={() => setListOpen(true)}
              aria-label={`List: ${countText}`}
            >
              <List aria-hidden />
              {tiles === null ? "List" : `List (${inView.length})`}
            </Button>
          </div>
          <MapNotices notices={notices} className="pointer-events-auto ml-11 self-stretch" />
        </div>
        {/* The bottom sheet of the member chosen; the attribution line stays visible under it. */}
        {card ? <div className="absolute inset-x-0 bottom-5 z-[1000] p-2">{card}</div> : null}
        <Sheet open={listOpen} onOpenChange={setListOpen}>
          <SheetContent side="bottom" className="max-h-[75dvh]">
            <SheetHeader>
              <SheetTitle>Members in view</SheetTitle>
              <SheetDescription>{countText}</SheetDescription>
            </SheetHeader>
            <div className="min-h-0 overflow-y-auto px-4 pb-4">{list}</div>
          </SheetContent>
        </Sheet>
      </div>
    );
  }

  return (
    <div className="flex min-h-0 flex-1" data-testid="live-map">
      <aside aria-label="Members in view" className="flex w-80 shrink-0 flex-col border-r bg-background">
        <div className="flex items-center justify-between gap-3 border-b p-4">
          <h1 className="font-display text-xl font-bold">Map</h1>
          {filtersButton}
        </div>
        <p className="px-4 pt-3 pb-1 text-sm font-semibold text-muted-foreground">{countText}</p>
        <div className={cn("min-h-0 flex-1 overflow-y-auto px-2 pb-4")}>{list}</div>
      </aside>
      <div className="relative min-w-0 flex-1">
        {map}
        <MapNotices notices={notices} className="absolute inset-x-4 top-3 z-[1000]" />
        {/* Bottom left: the zoom control is above it, the attribution stays visible on the right. */}
        {card ? <div className="absolute bottom-6 left-3 z-[1000] w-80">{card}</div> : null}
      </div>
    </div>
  );
}
