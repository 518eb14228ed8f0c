import { useEffect, useMemo, useRef, useState } from "react";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import "./member-map.css";
import { MAP_MAX_ZOOM, type MapConfig, type MapCrowd, type MapMember } from "@vicinity/contract";
import { cn } from "@vicinity/ui";
import { AVATAR_SIZE, avatarUrl, onSettledResize } from "@vicinity/features/shared";
import { MarkerIndex, type MapMarkerItem } from "../model/marker-index";
import { MarkerLayer } from "../model/marker-layer";
import { OWN_MARKER_HTML } from "../model/marker-look";
import type { LatLon, MapView, ViewBox } from "../model/view";

/** A request to move the map (a list row chosen, the device's first fix); a new `seq` moves it again. */
export interface MapFocus extends LatLon {
  zoom?: number;
  seq: number;
}

export interface MemberMapProps {
  /** Where the map opens; later moves come through `focus`. */
  initialCenter: LatLon;
  initialZoom: number;
  /** The base layer (GET /api/map/config); no tiles until it is known. */
  config: MapConfig | null;
  members: readonly MapMember[];
  crowds: readonly MapCrowd[];
  /** The member's own position: a marker of its own, never clustered. */
  own?: LatLon | null;
  /** A box to outline (his privacy cell on /location). */
  outline?: ViewBox | null;
  selectedId?: string | null;
  highlightedId?: string | null;
  /** Visitors and guests: no pictures on markers (decisions.md 1). */
  limited?: boolean;
  /** Zoom and fade animations (off in stories, on /map-basic and for reduced motion). */
  animate?: boolean;
  focus?: MapFocus | null;
  label?: string;
  className?: string;
  onViewChange?: (view: MapView) => void;
  onSelect?: (id: string | null) => void;
  onHover?: (id: string | null) => void;
  onTileError?: () => void;
  /** Called after each drawing of the markers with how many there are (the bench times it). */
  onDrawn?: (markers: number) => void;
  /** The Leaflet map, once made (the bench drives it). */
  onReady?: (map: L.Map) => void;
}

const PAD = 0.15;

function boxOf(bounds: L.LatLngBounds): ViewBox {
  return { south: bounds.getSouth(), west: bounds.getWest(), north: bounds.getNorth(), east: bounds.getEast() };
}

/**
 * The Leaflet map of members: the base layer from the server's config (attribution always shown),
 * members, crowds and clusters drawn for what is in view (and a margin), updated in place as the
 * data or the view changes. Markers are focusable and named; Enter opens them.
 */
export function MemberMap(props: MemberMapProps) {
  const {
    initialCenter,
    initialZoom,
    config,
    members,
    crowds,
    own,
    outline,
    selectedId = null,
    highlightedId = null,
    limited = false,
    animate = true,
    focus,
    label = "Map of members",
    className,
  } = props;
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const layer = useRef<MarkerLayer | null>(null);
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });
  const index = useMemo(() => new MarkerIndex(members, crowds), [members, crowds]);
  const indexRef = useRef(index);

  // The map lives as long as the component; its options are those it was made with.
  const made = useRef({ initialCenter, initialZoom, animate });
  // Read when a marker is drawn (limited markers have no pictures).
  const limitedRef = useRef(limited);
  useEffect(() => {
    limitedRef.current = limited;
  }, [limited]);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const { initialCenter: center, initialZoom: zoom, animate: animated } = made.current;
    const instance = L.map(element, {
      center: [center.latitude, center.longitude],
      zoom,
      maxZoom: MAP_MAX_ZOOM,
      zoomAnimation: animated,
      fadeAnimation: animated,
      markerZoomAnimation: animated,
      inertia: animated,
      zoomControl: true,
      attributionControl: true,
      // The map follows its own box (onSettledResize below), not the window's every resize event.
      trackResize: false,
    });
    instance.attributionControl.setPrefix(
      '<a href="https://leafletjs.com" title="A JavaScript library for interactive maps">Leaflet</a>',
    );
    layer.current = new MarkerLayer(
      instance,
      {
        onMember: (id) => callbacks.current.onSelect?.(id),
        onHover: (id) => callbacks.current.onHover?.(id),
        onCluster: (item: Extract<MapMarkerItem, { kind: "cluster" }>) =>
          instance.setView([item.latitude, item.longitude], indexRef.current.expansionZoom(item.clusterId), {
            animate: animated,
          }),
      },
      // A sharp screen gets the avatar at twice its size (both are made when a picture is stored).
      (member) =>
        member.thumbnailUrl && !limitedRef.current
          ? avatarUrl(member.thumbnailUrl, window.devicePixelRatio > 1 ? 2 * AVATAR_SIZE : AVATAR_SIZE)
          : null,
    );
    const emitView = () =>
      callbacks.current.onViewChange?.({ box: boxOf(instance.getBounds()), zoom: instance.getZoom() });
    instance.on("moveend", emitView);
    // A new size keeps the map's centre and zoom. The view is set from scratch (Leaflet's `reset`,
    // missing from its types): letting Leaflet shift it by rounded half-differences of the sizes
    // would land the same place a pixel or two apart depending on the sizes that came before.
    // Only a size that holds counts (onSettledResize): one that comes back at once keeps the tiles.
    const stopWatching = onSettledResize(element, () => {
      const centre = instance.getCenter();
      const level = instance.getZoom();
      instance.invalidateSize({ pan: false });
      instance.setView(centre, level, { animate: false, reset: true } as L.ZoomPanOptions);
    });
    setMap(instance);
    emitView();
    callbacks.current.onReady?.(instance);
    return () => {
      stopWatching();
      layer.current?.clear();
      layer.current = null;
      instance.remove();
      setMap(null);
    };
  }, []);

  // The base layer: the app's own tiles (docs/decisions/0018); a failure is reported once per layer.
  // Its state, for whoever waits for a finished picture (the visual tests): "pending" until every
  // visible tile is in or has failed (Leaflet's "load" comes after both), "loaded" after.
  const tileUrl = config?.tileUrl ?? null;
  const attribution = config?.attribution ?? "";
  const maxZoom = config?.maxZoom ?? MAP_MAX_ZOOM;
  const [tilesLoaded, setTilesLoaded] = useState(false);
  useEffect(() => {
    if (!map || !tileUrl) return;
    let failed = false;
    const tiles = L.tileLayer(tileUrl, { attribution, maxZoom, maxNativeZoom: maxZoom });
    tiles.on("loading", () => setTilesLoaded(false));
    tiles.on("load", () => setTilesLoaded(true));
    tiles.on("tileerror", () => {
      if (failed) return;
      failed = true;
      callbacks.current.onTileError?.();
    });
    tiles.addTo(map);
    return () => {
      tiles.remove();
    };
  }, [map, tileUrl, attribution, maxZoom]);

  // Markers: drawn for the view at every move, and again when the data changes.
  useEffect(() => {
    indexRef.current = index;
    if (!map) return;
    const draw = () => {
      const current = layer.current;
      if (!current) return;
      current.render(index.itemsIn(boxOf(map.getBounds().pad(PAD)), map.getZoom()));
      callbacks.current.onDrawn?.(current.size);
    };
    draw();
    map.on("moveend", draw);
    return () => {
      map.off("moveend", draw);
    };
  }, [map, index]);

  useEffect(() => {
    layer.current?.setSelected(selectedId);
  }, [map, index, selectedId]);
  useEffect(() => {
    layer.current?.setHighlighted(highlightedId);
  }, [map, index, highlightedId]);

  // His own position: a marker apart, above the others, that opens nothing.
  const ownLat = own?.latitude;
  const ownLon = own?.longitude;
  const ownMarker = useRef<L.Marker | null>(null);
  useEffect(() => {
    if (!map || ownLat === undefined || ownLon === undefined) return;
    if (ownMarker.current) {
      ownMarker.current.setLatLng([ownLat, ownLon]);
      return;
    }
    const marker = L.marker([ownLat, ownLon], {
      icon: L.divIcon({ html: OWN_MARKER_HTML, className: "vc-own-marker", iconSize: [20, 20], iconAnchor: [10, 10] }),
      interactive: false,
      keyboard: false,
      zIndexOffset: 3000,
    }).addTo(map);
    marker.getElement()?.setAttribute("aria-label", "You are here");
    marker.getElement()?.setAttribute("role", "img");
    ownMarker.current = marker;
  }, [map, ownLat, ownLon]);
  useEffect(
    () => () => {
      ownMarker.current?.remove();
      ownMarker.current = null;
    },
    [map],
  );

  useEffect(() => {
    if (!map || !outline) return;
    const rectangle = L.rectangle(
      [
        [outline.south, outline.west],
        [outline.north, outline.east],
      ],
      { color: "#ff6a3d", weight: 2, fillOpacity: 0.15, interactive: false },
    ).addTo(map);
    return () => {
      rectangle.remove();
    };
  }, [map, outline]);

  const seq = focus?.seq;
  useEffect(() => {
    if (!map || !focus) return;
    // Without animation the view is set from scratch (as at a new size), not panned by a rounded offset.
    map.setView(
      [focus.latitude, focus.longitude],
      focus.zoom ?? map.getZoom(),
      (made.current.animate ? { animate: true } : { animate: false, reset: true }) as L.ZoomPanOptions,
    );
    // Only a new request moves the map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, seq]);

  return (
    <div
      ref={container}
      role="region"
      aria-label={label}
      className={cn("vc-map relative isolate z-0 size-full", className)}
      data-testid="member-map"
      data-tiles={tileUrl ? (tilesLoaded ? "loaded" : "pending") : undefined}
    />
  );
}
