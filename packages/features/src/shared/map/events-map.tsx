import { useEffect, useMemo, useRef, useState } from "react";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import "./events-map.css";
import { MAP_MAX_ZOOM } from "@vicinity/contract";
import { cn } from "@vicinity/ui";
import { useMapConfig } from "./map-config";
import { onSettledResize } from "./settled-size";

export interface EventsMapPin {
  id: string;
  latitude: number;
  longitude: number;
  /** The marker's accessible name (the event's title and day). */
  label: string;
}

export interface EventsMapProps {
  center: { latitude: number; longitude: number };
  zoom: number;
  pins: readonly EventsMapPin[];
  selectedId?: string | null;
  onSelect?: (id: string) => void;
  /** A picker: a click places the one pin there (the host's form). */
  onPlace?: (position: { latitude: number; longitude: number }) => void;
  /** Fit the view to the pins when they change (the list's map). */
  fit?: boolean;
  label: string;
  className?: string;
  /** A circle of this radius around the first pin (an ad's target area), kept in view. */
  circleKm?: number;
}

/** A view set from scratch (Leaflet's `reset`, missing from its types), not panned to. */
const RESET = { animate: false, reset: true } as L.ZoomPanOptions;

const pinIcon = (selected: boolean) =>
  L.divIcon({
    html: `<span class="vc-event-pin${selected ? " is-selected" : ""}"></span>`,
    className: "vc-event-marker",
    iconSize: [28, 36],
    iconAnchor: [14, 34],
  });

/**
 * Leaflet, for events: the list's map (a pin per event), the event page's venue pin, the host's
 * picker. Loaded on demand (lazy-map.tsx), so Leaflet stays out of every other chunk. The base
 * layer is the live map's (GET /api/map/config), its attribution always shown.
 */
export default function EventsMap({
  center,
  zoom,
  pins,
  selectedId = null,
  onSelect,
  onPlace,
  fit = false,
  label,
  className,
  circleKm,
}: EventsMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const callbacks = useRef({ onSelect, onPlace });
  useEffect(() => {
    callbacks.current = { onSelect, onPlace };
  });
  const initial = useRef({ center, zoom });
  const frame = useRef<() => void>(() => undefined);
  const mapConfig = useMapConfig();
  const config = mapConfig.data ?? null;
  // The base map's state, for whoever waits for a finished picture (the visual tests): "pending"
  // until the map's config and then every visible tile are in, "loaded" after, "failed" without config.
  const [tilesLoaded, setTilesLoaded] = useState(false);
  const tilesState = mapConfig.isError ? "failed" : tilesLoaded ? "loaded" : "pending";

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = L.map(element, {
      center: [initial.current.center.latitude, initial.current.center.longitude],
      zoom: initial.current.zoom,
      maxZoom: MAP_MAX_ZOOM,
      zoomAnimation: false,
      fadeAnimation: false,
      markerZoomAnimation: false,
      // The map follows its own box (below), not the window's every resize event.
      trackResize: false,
    });
    instance.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    instance.on("click", (e: L.LeafletMouseEvent) =>
      callbacks.current.onPlace?.({ latitude: e.latlng.lat, longitude: e.latlng.lng }),
    );
    // A new size that holds (the lazy chunk mounted before the layout settled, a rotated phone)
    // frames the pins again.
    const stopWatching = onSettledResize(element, () => {
      instance.invalidateSize({ pan: false });
      frame.current();
    });
    setMap(instance);
    return () => {
      stopWatching();
      instance.remove();
      setMap(null);
    };
  }, []);

  const tileUrl = config?.tileUrl ?? null;
  const attribution = config?.attribution ?? "";
  useEffect(() => {
    if (!map || !tileUrl) return;
    const tiles = L.tileLayer(tileUrl, { attribution, maxZoom: config?.maxZoom ?? MAP_MAX_ZOOM });
    tiles.on("loading", () => setTilesLoaded(false));
    tiles.on("load", () => setTilesLoaded(true));
    tiles.addTo(map);
    return () => {
      tiles.remove();
    };
  }, [map, tileUrl, attribution, config?.maxZoom]);

  useEffect(() => {
    if (!map) return;
    const markers = pins.map((pin) => {
      const marker = L.marker([pin.latitude, pin.longitude], {
        icon: pinIcon(pin.id === selectedId),
        keyboard: Boolean(onSelect),
        interactive: Boolean(onSelect),
        title: pin.label,
        alt: pin.label,
      });
      marker.on("click", () => callbacks.current.onSelect?.(pin.id));
      marker.addTo(map);
      const element = marker.getElement();
      element?.setAttribute("aria-label", pin.label);
      if (!onSelect) {
        element?.setAttribute("role", "img");
        element?.removeAttribute("tabindex");
      } else element?.setAttribute("role", "button");
      return marker;
    });
    return () => markers.forEach((m) => m.remove());
  }, [map, pins, selectedId, onSelect]);

  // An ad's target area: a circle around the first pin, drawn while the pin and radius hold.
  const first = pins[0];
  const circle = useMemo(
    () =>
      first && circleKm
        ? L.circle([first.latitude, first.longitude], {
            radius: circleKm * 1000,
            className: "vc-map-area",
            weight: 2,
            fillOpacity: 0.12,
            interactive: false,
          })
        : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [first?.latitude, first?.longitude, circleKm],
  );
  useEffect(() => {
    if (!map || !circle) return;
    circle.addTo(map);
    return () => {
      circle.remove();
    };
  }, [map, circle]);

  // The list's map shows all its events; a pin placed or moved stays in view; a circle is framed
  // whole. Run again at every new size of the map that holds (onSettledResize above). Each framing resets
  // the view (RESET): without it Leaflet pans from wherever the map was by a truncated pixel
  // offset, so the same pins and size could land a pixel or two apart depending on the sizes and
  // pages that came before.
  const pinKey = pins.map((p) => `${p.latitude},${p.longitude}`).join(";");
  useEffect(() => {
    frame.current = () => {
      if (!map || pins.length === 0) return;
      if (circle) map.fitBounds(circle.getLatLng().toBounds(circle.getRadius() * 2), { ...RESET, padding: [16, 16] });
      else if (fit && pins.length > 1)
        map.fitBounds(L.latLngBounds(pins.map((p) => [p.latitude, p.longitude] as [number, number])), {
          ...RESET,
          padding: [32, 32],
          maxZoom: 14,
        });
      else if (pins[0]) map.setView([pins[0].latitude, pins[0].longitude], map.getZoom(), RESET);
    };
    frame.current();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, pinKey, fit, circle]);

  return (
    <div
      ref={container}
      role="region"
      aria-label={label}
      className={cn("vc-events-map relative isolate z-0 size-full min-h-48 overflow-hidden rounded-lg", className)}
      data-testid="events-map"
      data-tiles={tilesState}
    />
  );
}
