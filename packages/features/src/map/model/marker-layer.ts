import L from "leaflet";
import { describeCluster, describeCrowd, describeMember } from "./describe";
import { clusterMarkerHtml, clusterSizePx, crowdMarkerHtml, MEMBER_MARKER_PX, memberMarkerHtml } from "./marker-html";
import type { MapMarkerItem } from "./marker-index";

export interface MarkerLayerEvents {
  onMember(id: string): void;
  onCluster(item: Extract<MapMarkerItem, { kind: "cluster" }>): void;
  onHover(id: string | null): void;
}

interface Entry {
  marker: L.Marker;
  item: MapMarkerItem;
  /** What the icon was drawn from: a new icon only when this changes. */
  look: string;
}

/**
 * The markers on the map, updated in place: one L.Marker per member, crowd and cluster key, moved,
 * redrawn or removed only when what it shows changed (never all cleared and added again).
 * A cluster that went away lends its marker to one that came, so a data update that renumbers
 * clusters costs no new elements.
 */
export class MarkerLayer {
  private readonly entries = new Map<string, Entry>();
  private selectedId: string | null = null;
  private highlightedId: string | null = null;

  constructor(
    private readonly map: L.Map,
    private readonly events: MarkerLayerEvents,
    private readonly thumbnail: (member: Extract<MapMarkerItem, { kind: "member" }>["member"]) => string | null,
  ) {}

  /** Draws exactly `items`. */
  render(items: readonly MapMarkerItem[]): void {
    const next = new Map(items.map((item) => [item.key, item]));
    const spareClusters: Entry[] = [];
    for (const [key, entry] of this.entries) {
      if (next.has(key)) continue;
      this.entries.delete(key);
      if (entry.item.kind === "cluster") spareClusters.push(entry);
      else entry.marker.remove();
    }
    for (const item of items) {
      const entry = this.entries.get(item.key) ?? (item.kind === "cluster" ? spareClusters.pop() : undefined);
      if (entry) {
        this.entries.set(item.key, entry);
        this.update(entry, item);
      } else {
        this.entries.set(item.key, this.create(item));
      }
    }
    for (const entry of spareClusters) entry.marker.remove();
  }

  setSelected(id: string | null): void {
    const previous = this.selectedId;
    this.selectedId = id;
    this.redecorate(previous, id);
  }

  setHighlighted(id: string | null): void {
    const previous = this.highlightedId;
    this.highlightedId = id;
    this.redecorate(previous, id);
  }

  /** How many markers are drawn (for tests and the bench). */
  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    for (const entry of this.entries.values()) entry.marker.remove();
    this.entries.clear();
  }

  private redecorate(previous: string | null, next: string | null) {
    if (previous === next) return;
    if (previous) this.decorate(this.entries.get(`member:${previous}`));
    if (next) this.decorate(this.entries.get(`member:${next}`));
  }

  private create(item: MapMarkerItem): Entry {
    const entry: Entry = {
      item,
      look: this.lookOf(item),
      // A crowd only says how many: it opens nothing and takes no focus.
      marker: L.marker([item.latitude, item.longitude], {
        icon: this.iconOf(item),
        keyboard: item.kind !== "crowd",
        interactive: item.kind !== "crowd",
        riseOnHover: true,
        bubblingMouseEvents: false,
      }),
    };
    entry.marker.on("click", () => this.activate(entry.item));
    // Leaflet makes the icon focusable (role button) but leaves Enter and Space to us.
    entry.marker.on("keydown", (event) => {
      const key = (event as L.LeafletKeyboardEvent).originalEvent.key;
      if (key !== "Enter" && key !== " ") return;
      (event as L.LeafletKeyboardEvent).originalEvent.preventDefault();
      this.activate(entry.item);
    });
    entry.marker.on("mouseover", () => entry.item.kind === "member" && this.events.onHover(entry.item.member.id));
    entry.marker.on("mouseout", () => entry.item.kind === "member" && this.events.onHover(null));
    entry.marker.on("add", () => this.decorate(entry));
    entry.marker.addTo(this.map);
    return entry;
  }

  private update(entry: Entry, item: MapMarkerItem) {
    const moved = entry.item.latitude !== item.latitude || entry.item.longitude !== item.longitude;
    entry.item = item;
    if (moved) entry.marker.setLatLng([item.latitude, item.longitude]);
    const look = this.lookOf(item);
    if (look !== entry.look) {
      entry.look = look;
      entry.marker.setIcon(this.iconOf(item));
      this.decorate(entry);
    }
  }

  private activate(item: MapMarkerItem) {
    if (item.kind === "member") this.events.onMember(item.member.id);
    else if (item.kind === "cluster") this.events.onCluster(item);
  }

  /** The marker's element: its name for screen readers, its selection and hover state. */
  private decorate(entry: Entry | undefined) {
    const element = entry?.marker.getElement();
    if (!entry || !element) return;
    const { item } = entry;
    element.classList.add("group");
    element.dataset.kind = item.kind;
    if (item.kind === "member") {
      element.dataset.memberId = item.member.id;
      element.dataset.selected = String(item.member.id === this.selectedId);
      element.dataset.highlighted = String(item.member.id === this.highlightedId);
      element.setAttribute("aria-label", describeMember(item.member));
      element.setAttribute("aria-pressed", String(item.member.id === this.selectedId));
      entry.marker.setZIndexOffset(
        item.member.id === this.selectedId ? 2000 : item.member.id === this.highlightedId ? 1000 : 0,
      );
    } else if (item.kind === "cluster") {
      element.dataset.count = String(item.count);
      element.setAttribute("aria-label", describeCluster(item.count));
    } else {
      element.dataset.count = String(item.count);
      element.setAttribute("role", "img");
      element.setAttribute("aria-label", describeCrowd(item.count));
    }
  }

  private lookOf(item: MapMarkerItem): string {
    if (item.kind === "member") {
      const m = item.member;
      return `m|${this.thumbnail(m) ?? ""}|${m.isOnline}|${m.rightNow ? 1 : 0}|${m.displayName ?? m.username}|${m.age}|${m.distance}`;
    }
    return `${item.kind}|${item.count}`;
  }

  private iconOf(item: MapMarkerItem): L.DivIcon {
    if (item.kind === "member") {
      return L.divIcon({
        html: memberMarkerHtml(item.member, this.thumbnail(item.member)),
        className: "vc-map-marker",
        iconSize: [MEMBER_MARKER_PX, MEMBER_MARKER_PX],
        iconAnchor: [MEMBER_MARKER_PX / 2, MEMBER_MARKER_PX / 2],
      });
    }
    const size = clusterSizePx(item.count);
    return L.divIcon({
      html: item.kind === "cluster" ? clusterMarkerHtml(item.count) : crowdMarkerHtml(item.count),
      className: "vc-map-marker",
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
    });
  }
}
