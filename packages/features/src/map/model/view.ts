import {
  MAP_MAX_TILES,
  MAP_MIN_DATA_ZOOM,
  MAP_TILE_LEVEL_MIN,
  mapTileLevelFor,
  parseTileKey,
  tileBounds,
  tilesCovering,
} from "@vicinity/contract";

/** A box of the map, in degrees (what Leaflet's bounds give). */
export interface ViewBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** What the map shows: its box and its zoom. */
export interface MapView {
  box: ViewBox;
  zoom: number;
}

export interface LatLon {
  latitude: number;
  longitude: number;
}

/** The box within the web-Mercator world (a view can wrap past the antimeridian or the poles). */
function clampBox(box: ViewBox): ViewBox {
  const lat = (v: number) => Math.max(-85.05, Math.min(85.05, v));
  const lon = (v: number) => Math.max(-180, Math.min(179.9999, v));
  return { south: lat(box.south), north: lat(box.north), west: lon(box.west), east: lon(box.east) };
}

/**
 * The data tiles a view needs (the contract's scheme): null below MAP_MIN_DATA_ZOOM ("Zoom in to
 * see members"). A very large screen that would need more than MAP_MAX_TILES asks a coarser level,
 * and at the coarsest the tiles nearest the middle. Sorted, so the same view is the same request.
 */
export function dataTilesFor(view: MapView): string[] | null {
  if (view.zoom < MAP_MIN_DATA_ZOOM) return null;
  const box = clampBox(view.box);
  let keys: string[] = [];
  for (let level = mapTileLevelFor(view.zoom); level >= MAP_TILE_LEVEL_MIN; level--) {
    keys = tilesCovering(box, level);
    if (keys.length <= MAP_MAX_TILES) return keys.sort();
  }
  const middle = { lat: (box.north + box.south) / 2, lon: (box.east + box.west) / 2 };
  const distance = (key: string) => {
    const b = tileBounds(parseTileKey(key));
    return Math.hypot((b.north + b.south) / 2 - middle.lat, (b.east + b.west) / 2 - middle.lon);
  };
  return keys
    .sort((a, b) => distance(a) - distance(b))
    .slice(0, MAP_MAX_TILES)
    .sort();
}

export function contains(box: ViewBox, point: LatLon): boolean {
  return (
    point.latitude >= box.south &&
    point.latitude <= box.north &&
    point.longitude >= box.west &&
    point.longitude <= box.east
  );
}

const METERS_PER_DEGREE_LAT = 111_320;
const PRIVACY_CELL_METERS = 500;

/**
 * The 500 m cell others see a member in (decisions.md 6; the server's grid in
 * apps/server/src/location/privacy-grid.ts): /location draws it around his own position.
 */
export function privacyCellAround({ latitude, longitude }: LatLon): ViewBox {
  const height = PRIVACY_CELL_METERS / METERS_PER_DEGREE_LAT;
  const row = Math.floor(latitude / height);
  const rowMiddle = (row + 0.5) * height;
  const width = PRIVACY_CELL_METERS / (METERS_PER_DEGREE_LAT * Math.cos((rowMiddle * Math.PI) / 180));
  const col = Math.floor(longitude / width);
  return { south: row * height, north: (row + 1) * height, west: col * width, east: (col + 1) * width };
}
