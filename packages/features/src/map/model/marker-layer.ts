import L from "leaflet";
import { describeCluster, describeCrowd, describeMember, initialsOf, memberName } from "./describe";
import { clusterSizePx, formatCount, MEMBER_MARKER_PX } from "./marker-look";
import type { MapMarkerItem } from "./marker-index";

export interface MarkerLayerEvents {
  onMember(id: string): void;
  onCluster(item: Extract<MapMarkerItem, { kind: "cluster" }>): void;
  onHover(id: string | null): void;
}

type MemberItem = Extract<MapMarkerItem, { kind: "member" }>;

/** A marker as drawn: where (canvas pixels), how big, and what it is. */
interface Drawn {
  item: MapMarkerItem;
  x: number;
  y: number;
  radius: number;
  /** Its picture: none to draw, waiting for it, drawn, or failed to arrive (his initials instead). */
  picture: "none" | "pending" | "drawn" | "failed";
}

/** What the tests read off the canvas (`canvas.markers()`): the markers as a member sees them. */
export interface DrawnMarker {
  kind: MapMarkerItem["kind"];
  /** Members only. */
  id?: string;
  /** Clusters and crowds. */
  count?: number;
  /** What the list row (members) or the count (the rest) says. */
  label: string;
  /** The marker's centre, in the page's (client) pixels. */
  x: number;
  y: number;
  picture: Drawn["picture"];
  selected: boolean;
  highlighted: boolean;
}

export type MarkerCanvas = HTMLCanvasElement & { markers(): DrawnMarker[] };

/** Past this, the canvas reaches beyond the view on each side (a pan shows markers before it ends). */
const PAD = 0.15;
/** A tap this far outside a marker's circle still opens it (fingers are wider than pointers). */
const TOUCH_SLOP_PX = 6;
/** Pictures kept decoded (the oldest go first). */
const PICTURES_KEPT = 600;
const BOLT_PATH = "M13 2 3 14h9l-1 8 10-12h-9l1-8z";

interface Colours {
  accent: string;
  accentForeground: string;
  online: string;
  surface: string;
  secondary: string;
  secondaryForeground: string;
  foreground: string;
  font: string;
}

/**
 * The members, crowds and clusters in view, drawn on one canvas (decision 0040): hundreds of
 * markers cost one bitmap, not hundreds of elements to lay out, paint and animate, so panning and
 * zooming stay at the display's rate on a phone. The canvas moves with the map while it pans, is
 * scaled with it while it zooms (as Leaflet's own canvas renderer), and is drawn again when the
 * view settles or the markers change. Taps and hovers are found by position. Markers are not
 * focusable: the list of members in view is their accessible counterpart (each row named as the
 * marker would be), and the zoom controls open clusters.
 */
export class MarkerLayer {
  private readonly pane: HTMLElement;
  private readonly canvas: MarkerCanvas;
  private readonly context: CanvasRenderingContext2D | null;
  private items: readonly MapMarkerItem[] = [];
  private drawn: Drawn[] = [];
  /** The canvas's top-left corner in layer pixels, and the area it covers (for the zoom animation). */
  private origin = L.point(0, 0);
  private covered: L.LatLngBounds | null = null;
  private readonly pictures = new Map<string, HTMLImageElement | "failed">();
  private selectedId: string | null = null;
  private highlightedId: string | null = null;
  private hoveredId: string | null = null;
  private repaint = 0;
  private bolt: Path2D | null = null;
  /** Label fonts seen loaded, or asked for (the canvas is drawn again once one has loaded). */
  private readonly fontsKnown = new Set<string>();
  private fontsLoading = 0;
  private cleared = false;

  constructor(
    private readonly map: L.Map,
    private readonly events: MarkerLayerEvents,
    private readonly thumbnail: (member: MemberItem["member"]) => string | null,
  ) {
    // Between the vector overlays and the markers' pane (his own position stays above).
    this.pane = map.getPane("vcMarkers") ?? map.createPane("vcMarkers");
    this.pane.style.zIndex = "550";
    this.pane.style.pointerEvents = "none";
    const canvas = L.DomUtil.create("canvas", "leaflet-zoom-animated vc-marker-canvas", this.pane) as MarkerCanvas;
    canvas.setAttribute("aria-hidden", "true");
    canvas.dataset.testid = "map-markers";
    Object.defineProperty(canvas, "markers", { value: () => this.describe() });
    this.canvas = canvas;
    this.context = canvas.getContext("2d");
    map.on("zoomanim", this.onZoomAnimation, this);
    map.on("click", this.onClick, this);
    map.on("mousemove", this.onPointerMove, this);
    map.on("mouseout", this.onPointerOut, this);
  }

  /** Draws exactly `items`, for the view as it is now. */
  render(items: readonly MapMarkerItem[]): void {
    this.items = items;
    this.paint();
  }

  setSelected(id: string | null): void {
    if (id === this.selectedId) return;
    this.selectedId = id;
    this.schedulePaint();
  }

  setHighlighted(id: string | null): void {
    if (id === this.highlightedId) return;
    this.highlightedId = id;
    this.schedulePaint();
  }

  /** How many markers are drawn (for tests and the bench). */
  get size(): number {
    return this.items.length;
  }

  clear(): void {
    this.cleared = true;
    cancelAnimationFrame(this.repaint);
    this.map.off("zoomanim", this.onZoomAnimation, this);
    this.map.off("click", this.onClick, this);
    this.map.off("mousemove", this.onPointerMove, this);
    this.map.off("mouseout", this.onPointerOut, this);
    this.map.getContainer().classList.remove("vc-marker-hover");
    this.canvas.remove();
    this.items = [];
    this.drawn = [];
  }

  private schedulePaint() {
    if (this.repaint || this.cleared) return;
    this.repaint = requestAnimationFrame(() => {
      this.repaint = 0;
      this.paint();
    });
  }

  /** Places the canvas over the view (and its margin) and draws every marker on it. */
  private paint() {
    const context = this.context;
    const map = this.map;
    // Mid-zoom the canvas is being scaled; the move's end draws it again.
    if (!context || (map as unknown as { _animatingZoom?: boolean })._animatingZoom) return;
    const size = map.getSize();
    const margin = size.multiplyBy(PAD).round();
    const width = size.x + 2 * margin.x;
    const height = size.y + 2 * margin.y;
    this.origin = map.containerPointToLayerPoint(margin.multiplyBy(-1));
    this.covered = L.latLngBounds(
      map.layerPointToLatLng(this.origin),
      map.layerPointToLatLng(this.origin.add([width, height])),
    );
    const ratio = window.devicePixelRatio || 1;
    if (this.canvas.width !== Math.round(width * ratio) || this.canvas.height !== Math.round(height * ratio)) {
      this.canvas.width = Math.round(width * ratio);
      this.canvas.height = Math.round(height * ratio);
      this.canvas.style.width = `${width}px`;
      this.canvas.style.height = `${height}px`;
    }
    L.DomUtil.setPosition(this.canvas, this.origin);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);

    const colours = this.colours();
    const reach = MEMBER_MARKER_PX;
    const placed: Drawn[] = [];
    for (const item of this.items) {
      const point = map.latLngToLayerPoint([item.latitude, item.longitude]).subtract(this.origin);
      if (point.x < -reach || point.y < -reach || point.x > width + reach || point.y > height + reach) continue;
      const radius = item.kind === "member" ? MEMBER_MARKER_PX / 2 : clusterSizePx(item.count) / 2;
      placed.push({ item, x: point.x, y: point.y, radius, picture: "none" });
    }
    // The one pointed at, then the one chosen, come last: on top, and first to be hit.
    const rank = (d: Drawn) =>
      d.item.kind !== "member"
        ? 0
        : d.item.member.id === this.selectedId
          ? 2
          : d.item.member.id === this.highlightedId
            ? 1
            : 0;
    placed.sort((a, b) => rank(a) - rank(b));
    for (const d of placed) {
      if (d.item.kind === "member") this.drawMember(context, d, d.item, colours);
      else if (d.item.kind === "cluster") this.drawCluster(context, d, d.item.count, colours);
      else this.drawCrowd(context, d, d.item.count, colours);
    }
    this.drawn = placed;
    this.canvas.dataset.markers = String(placed.length);
    this.canvas.dataset.pictures =
      this.fontsLoading > 0 || placed.some((d) => d.picture === "pending") ? "loading" : "ready";
  }

  /**
   * A label in the app's display font. A canvas draws text in whatever font is loaded when it is
   * drawn and never again by itself: until the web font has arrived, the label is drawn in the
   * fallback, the font is asked for, and the whole canvas is drawn again once it is in.
   */
  private label(context: CanvasRenderingContext2D, value: string, x: number, y: number, font: string, fill: string) {
    const fonts = typeof document === "undefined" ? undefined : document.fonts;
    if (fonts && !this.fontsKnown.has(font)) {
      this.fontsKnown.add(font);
      if (!fonts.check(font, value)) this.askFor(fonts, font, value);
    }
    text(context, value, x, y, font, fill);
  }

  private askFor(fonts: FontFaceSet, font: string, value: string) {
    this.fontsLoading += 1;
    void fonts
      .load(font, value)
      .catch(() => undefined)
      .finally(() => {
        this.fontsLoading -= 1;
        this.schedulePaint();
      });
  }

  private drawMember(context: CanvasRenderingContext2D, d: Drawn, item: MemberItem, c: Colours) {
    const { member } = item;
    const selected = member.id === this.selectedId;
    const scale = selected ? 1.25 : member.id === this.highlightedId || member.id === this.hoveredId ? 1.15 : 1;
    const r = d.radius * scale;
    d.radius = r;
    const { x, y } = d;
    shadow(context, x, y, r);
    if (selected) circle(context, x, y, r + 3, c.accent);
    circle(context, x, y, r, member.isOnline ? c.online : c.surface);
    const inner = r - 3 * scale;
    const url = this.thumbnail(member);
    const picture = url ? this.picture(url) : "failed";
    d.picture = !url ? "none" : picture === null ? "pending" : picture === "failed" ? "failed" : "drawn";
    if (picture && picture !== "failed") {
      context.save();
      context.beginPath();
      context.arc(x, y, inner, 0, Math.PI * 2);
      context.clip();
      // Cover: the picture's middle square fills the circle.
      const side = Math.min(picture.naturalWidth, picture.naturalHeight);
      context.drawImage(
        picture,
        (picture.naturalWidth - side) / 2,
        (picture.naturalHeight - side) / 2,
        side,
        side,
        x - inner,
        y - inner,
        inner * 2,
        inner * 2,
      );
      context.restore();
    } else {
      circle(context, x, y, inner, c.secondary);
      this.label(
        context,
        initialsOf(memberName(member)),
        x,
        y,
        `600 ${Math.round(12 * scale)}px ${c.font}`,
        c.secondaryForeground,
      );
    }
    const unit = scale;
    if (member.isOnline) {
      const dot = { x: x + 13 * unit, y: y + 13 * unit };
      circle(context, dot.x, dot.y, 8 * unit, c.surface);
      circle(context, dot.x, dot.y, 6 * unit, c.online);
    }
    if (member.rightNow) {
      const badge = { x: x + 14 * unit, y: y - 14 * unit };
      circle(context, badge.x, badge.y, 11 * unit, c.surface);
      circle(context, badge.x, badge.y, 9 * unit, c.accent);
      this.bolt ??= new Path2D(BOLT_PATH);
      context.save();
      context.translate(badge.x - 5 * unit, badge.y - 5 * unit);
      context.scale((10 / 24) * unit, (10 / 24) * unit);
      context.fillStyle = c.accentForeground;
      context.fill(this.bolt);
      context.restore();
    }
  }

  private drawCluster(context: CanvasRenderingContext2D, d: Drawn, count: number, c: Colours) {
    shadow(context, d.x, d.y, d.radius);
    context.globalAlpha = 0.35;
    circle(context, d.x, d.y, d.radius + 4, c.accent);
    context.globalAlpha = 1;
    circle(context, d.x, d.y, d.radius, c.accent);
    this.label(context, formatCount(count), d.x, d.y, `700 14px ${c.font}`, c.accentForeground);
  }

  /** A crowd: an anonymous count, never a face (decisions.md 6). */
  private drawCrowd(context: CanvasRenderingContext2D, d: Drawn, count: number, c: Colours) {
    shadow(context, d.x, d.y, d.radius);
    context.globalAlpha = 0.9;
    circle(context, d.x, d.y, d.radius, c.surface);
    context.globalAlpha = 0.6;
    context.beginPath();
    context.arc(d.x, d.y, d.radius - 1, 0, Math.PI * 2);
    context.setLineDash([4, 3]);
    context.lineWidth = 2;
    context.strokeStyle = c.foreground;
    context.stroke();
    context.setLineDash([]);
    context.globalAlpha = 1;
    this.label(context, formatCount(count), d.x, d.y, `700 14px ${c.font}`, c.foreground);
  }

  /** A decoded picture, null while it loads (the canvas is drawn again once it has), or "failed". */
  private picture(url: string): HTMLImageElement | "failed" | null {
    const known = this.pictures.get(url);
    if (known === "failed") return known;
    if (known) return known.complete && known.naturalWidth > 0 ? known : null;
    const image = new Image();
    image.decoding = "async";
    image.onload = () => this.schedulePaint();
    image.onerror = () => {
      this.pictures.set(url, "failed");
      this.schedulePaint();
    };
    image.src = url;
    this.pictures.set(url, image);
    if (this.pictures.size > PICTURES_KEPT) {
      const oldest = this.pictures.keys().next().value;
      if (oldest !== undefined) this.pictures.delete(oldest);
    }
    return null;
  }

  private colours(): Colours {
    const style = getComputedStyle(this.map.getContainer());
    const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
    return {
      accent: read("--accent", "#ff6a3d"),
      accentForeground: read("--accent-foreground", "#120a06"),
      online: read("--online", "#1f9d55"),
      surface: read("--surface", "#ffffff"),
      secondary: read("--secondary", "#ececf2"),
      secondaryForeground: read("--secondary-foreground", "#14141b"),
      foreground: read("--foreground", "#14141b"),
      font: read("--font-display", "sans-serif"),
    };
  }

  /** The topmost marker under a layer point, if any. */
  private hit(point: L.Point): Drawn | null {
    const x = point.x - this.origin.x;
    const y = point.y - this.origin.y;
    for (let i = this.drawn.length - 1; i >= 0; i--) {
      const d = this.drawn[i]!;
      if (d.item.kind === "crowd") continue;
      const reach = d.radius + TOUCH_SLOP_PX;
      if ((d.x - x) ** 2 + (d.y - y) ** 2 <= reach * reach) return d;
    }
    return null;
  }

  private onClick(event: L.LeafletMouseEvent) {
    const item = this.hit(event.layerPoint)?.item;
    if (item?.kind === "member") this.events.onMember(item.member.id);
    else if (item?.kind === "cluster") this.events.onCluster(item);
  }

  private onPointerMove(event: L.LeafletMouseEvent) {
    const d = this.hit(event.layerPoint);
    this.map.getContainer().classList.toggle("vc-marker-hover", d !== null);
    const id = d?.item.kind === "member" ? d.item.member.id : null;
    if (id === this.hoveredId) return;
    this.hoveredId = id;
    this.events.onHover(id);
    this.schedulePaint();
  }

  private onPointerOut() {
    this.map.getContainer().classList.remove("vc-marker-hover");
    if (this.hoveredId === null) return;
    this.hoveredId = null;
    this.events.onHover(null);
    this.schedulePaint();
  }

  /** Zooming: the canvas is scaled about the zoom's centre as the tiles are (Leaflet's renderers do the same). */
  private onZoomAnimation(event: L.ZoomAnimEvent) {
    if (!this.covered) return;
    const map = this.map as L.Map & {
      _latLngBoundsToNewLayerBounds(bounds: L.LatLngBounds, zoom: number, center: L.LatLng): L.Bounds;
    };
    const scale = map.getZoomScale(event.zoom);
    const offset = map._latLngBoundsToNewLayerBounds(this.covered, event.zoom, event.center).min;
    if (offset) L.DomUtil.setTransform(this.canvas, offset, scale);
  }

  /** The markers in the map's view (not those drawn in the margin beyond its edges). */
  private describe(): DrawnMarker[] {
    const box = this.canvas.getBoundingClientRect();
    const view = this.map.getContainer().getBoundingClientRect();
    const ratio = box.width / (this.canvas.width / (window.devicePixelRatio || 1) || 1);
    const inView = (d: Drawn) => {
      const x = box.left + d.x * ratio;
      const y = box.top + d.y * ratio;
      return x >= view.left && x <= view.right && y >= view.top && y <= view.bottom;
    };
    return this.drawn.filter(inView).map((d) => {
      const { item } = d;
      const base = {
        kind: item.kind,
        x: box.left + d.x * ratio,
        y: box.top + d.y * ratio,
        picture: d.picture,
        selected: item.kind === "member" && item.member.id === this.selectedId,
        highlighted: item.kind === "member" && item.member.id === this.highlightedId,
      };
      if (item.kind === "member") return { ...base, id: item.member.id, label: describeMember(item.member) };
      return {
        ...base,
        count: item.count,
        label: item.kind === "cluster" ? describeCluster(item.count) : describeCrowd(item.count),
      };
    });
  }
}

function circle(context: CanvasRenderingContext2D, x: number, y: number, r: number, fill: string) {
  context.beginPath();
  context.arc(x, y, r, 0, Math.PI * 2);
  context.fillStyle = fill;
  context.fill();
}

/** A soft shadow under a marker: two translucent discs, not a blur (which costs on phones). */
function shadow(context: CanvasRenderingContext2D, x: number, y: number, r: number) {
  context.globalAlpha = 0.12;
  circle(context, x, y + 3, r + 2, "#000");
  context.globalAlpha = 0.16;
  circle(context, x, y + 2, r + 0.5, "#000");
  context.globalAlpha = 1;
}

function text(context: CanvasRenderingContext2D, value: string, x: number, y: number, font: string, fill: string) {
  context.font = font;
  context.fillStyle = fill;
  context.textAlign = "center";
  context.textBaseline = "middle";
  context.fillText(value, x, y + 0.5);
}

/** The markers drawn on the map inside `root` (for tests and the bench; nothing in the app reads them). */
export function drawnMarkers(root: ParentNode): DrawnMarker[] {
  return root.querySelector<MarkerCanvas>("[data-testid=map-markers]")?.markers() ?? [];
}

/** Whether every picture on the drawn markers has arrived (a screenshot never catches one half-way). */
export function markerPicturesReady(root: ParentNode): boolean {
  return root.querySelector<HTMLElement>("[data-testid=map-markers]")?.dataset.pictures === "ready";
}
