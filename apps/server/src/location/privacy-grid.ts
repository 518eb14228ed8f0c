import { createHmac } from "node:crypto";

/**
 * Location privacy (decisions.md 6). A member's position is snapped to a grid of 500 m cells and
 * then moved to one point of that cell chosen by his own secret. The point is the same for every
 * query (no fresh noise to average away), so trilateration from any number of vantage points
 * finds at best that point: on average some 250 m from where he really is.
 */
export const PRIVACY_CELL_METERS = 500;
const METERS_PER_DEGREE_LAT = 111_320;
/** The chosen point keeps a margin from the cell's edges, so neighbouring cells never share a point. */
const EDGE_MARGIN = 0.05;

export interface LatLon {
  latitude: number;
  longitude: number;
}

const CELL_LAT_DEG = PRIVACY_CELL_METERS / METERS_PER_DEGREE_LAT;

/** Degrees of longitude that span one cell in a row of cells (rows are as tall as cells are wide). */
function cellLonDegrees(row: number): number {
  const rowCenterLat = Math.max(-89.9, Math.min(89.9, (row + 0.5) * CELL_LAT_DEG));
  return PRIVACY_CELL_METERS / (METERS_PER_DEGREE_LAT * Math.cos((rowCenterLat * Math.PI) / 180));
}

/** The cell a position lies in. */
export function privacyCellOf({ latitude, longitude }: LatLon): { row: number; col: number } {
  const row = Math.floor(latitude / CELL_LAT_DEG);
  const col = Math.floor(longitude / cellLonDegrees(row));
  return { row, col };
}

/** Two fractions in [EDGE_MARGIN, 1 - EDGE_MARGIN) from the member's secret and the cell. */
function pointInCell(secret: string, row: number, col: number): [number, number] {
  const digest = createHmac("sha256", secret).update(`${row}:${col}`).digest();
  const span = 1 - 2 * EDGE_MARGIN;
  const u = EDGE_MARGIN + (digest.readUInt32BE(0) / 2 ** 32) * span;
  const v = EDGE_MARGIN + (digest.readUInt32BE(4) / 2 ** 32) * span;
  return [u, v];
}

/** The position everyone else's distances, orders and markers are computed from. */
export function snapToPrivacyGrid(position: LatLon, memberSecret: string): LatLon {
  const { row, col } = privacyCellOf(position);
  const [u, v] = pointInCell(memberSecret, row, col);
  const latitude = (row + u) * CELL_LAT_DEG;
  const longitude = (col + v) * cellLonDegrees(row);
  return {
    latitude: Math.max(-90, Math.min(90, latitude)),
    longitude: ((((longitude + 180) % 360) + 360) % 360) - 180,
  };
}

// Distances are the contract's (the web app computes a moved member's on the live map).
export { displayKm, haversineMeters } from "@vicinity/contract";
