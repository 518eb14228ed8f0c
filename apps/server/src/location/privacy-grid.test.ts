import { describe, expect, it } from "vitest";
import {
  displayKm,
  haversineMeters,
  PRIVACY_CELL_METERS,
  privacyCellOf,
  snapToPrivacyGrid,
  type LatLon,
} from "./privacy-grid";

const SECRET_A = "a".repeat(32);
const SECRET_B = "b".repeat(32);
const JACKSONVILLE: LatLon = { latitude: 30.3322, longitude: -81.6557 };

/** The bounds (degrees) of the cell a position lies in, recomputed from the grid's definition. */
function cellBounds(position: LatLon): { south: number; west: number; north: number; east: number } {
  const { row, col } = privacyCellOf(position);
  const cellLat = PRIVACY_CELL_METERS / 111_320;
  const cellLon = PRIVACY_CELL_METERS / (111_320 * Math.cos(((row + 0.5) * cellLat * Math.PI) / 180));
  return { south: row * cellLat, west: col * cellLon, north: (row + 1) * cellLat, east: (col + 1) * cellLon };
}

describe("privacy grid (decisions.md 6)", () => {
  it("gives the same point for the same position and secret, every time", () => {
    const first = snapToPrivacyGrid(JACKSONVILLE, SECRET_A);
    for (let i = 0; i < 5; i += 1) expect(snapToPrivacyGrid({ ...JACKSONVILLE }, SECRET_A)).toEqual(first);
  });

  it("keeps the point inside the member's own 500 m cell, away from its edges", () => {
    for (let i = 0; i < 200; i += 1) {
      const position = { latitude: 30.2 + (i % 20) * 0.0137, longitude: -81.8 + Math.floor(i / 20) * 0.0291 };
      const snapped = snapToPrivacyGrid(position, `secret-${i}`);
      expect(privacyCellOf(snapped)).toEqual(privacyCellOf(position));
      const b = cellBounds(position);
      expect(snapped.latitude).toBeGreaterThan(b.south);
      expect(snapped.latitude).toBeLessThan(b.north);
      expect(snapped.longitude).toBeGreaterThan(b.west);
      expect(snapped.longitude).toBeLessThan(b.east);
      // Within the cell: never further from the true position than the cell's diagonal.
      expect(haversineMeters(position, snapped)).toBeLessThan(PRIVACY_CELL_METERS * Math.SQRT2);
    }
  });

  it("has cells about 500 m on each side", () => {
    const b = cellBounds(JACKSONVILLE);
    const midLat = (b.south + b.north) / 2;
    const midLon = (b.west + b.east) / 2;
    const height = haversineMeters({ latitude: b.south, longitude: midLon }, { latitude: b.north, longitude: midLon });
    const width = haversineMeters({ latitude: midLat, longitude: b.west }, { latitude: midLat, longitude: b.east });
    expect(height).toBeGreaterThan(490);
    expect(height).toBeLessThan(510);
    expect(width).toBeGreaterThan(490);
    expect(width).toBeLessThan(510);
  });

  it("puts members of the same cell at different points when their secrets differ", () => {
    const a = snapToPrivacyGrid(JACKSONVILLE, SECRET_A);
    const b = snapToPrivacyGrid(JACKSONVILLE, SECRET_B);
    expect(privacyCellOf(a)).toEqual(privacyCellOf(b));
    expect(haversineMeters(a, b)).toBeGreaterThan(1);
    // Many secrets spread over the cell instead of piling on one point.
    const points = Array.from({ length: 50 }, (_, i) => snapToPrivacyGrid(JACKSONVILLE, `member-${i}`));
    const distinct = new Set(points.map((p) => `${p.latitude.toFixed(6)},${p.longitude.toFixed(6)}`));
    expect(distinct.size).toBe(50);
  });

  it("does not move while the member moves inside his cell, and moves when he changes cells", () => {
    const b = cellBounds(JACKSONVILLE);
    const latSpan = b.north - b.south;
    const lonSpan = b.east - b.west;
    const at = (u: number, v: number): LatLon => ({ latitude: b.south + u * latSpan, longitude: b.west + v * lonSpan });
    const home = snapToPrivacyGrid(at(0.5, 0.5), SECRET_A);
    for (const [u, v] of [
      [0.01, 0.01],
      [0.99, 0.99],
      [0.01, 0.99],
      [0.3, 0.7],
      [0.9, 0.2],
    ] as const) {
      expect(snapToPrivacyGrid(at(u, v), SECRET_A)).toEqual(home);
    }
    // A step over any edge lands in another cell, at another point.
    for (const [u, v] of [
      [1.01, 0.5],
      [-0.01, 0.5],
      [0.5, 1.01],
      [0.5, -0.01],
    ] as const) {
      const moved = snapToPrivacyGrid(at(u, v), SECRET_A);
      expect(privacyCellOf(moved)).not.toEqual(privacyCellOf(home));
      expect(moved).not.toEqual(home);
    }
  });

  it("shows distances in km to one decimal", () => {
    expect(displayKm(0)).toBe(0);
    expect(displayKm(1249)).toBe(1.2);
    expect(displayKm(1251)).toBe(1.3);
    expect(displayKm(24_960)).toBe(25);
  });
});
