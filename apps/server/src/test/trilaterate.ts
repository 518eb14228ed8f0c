import type { LatLon } from "../location/privacy-grid";

/**
 * The attacker's side of decisions.md 6, for tests: where is a member, given the distances the
 * nearby API showed from several vantage points? Least squares on a local tangent plane: a
 * coarse-to-fine grid search (no starting guess needed, no local minimum to fall into), then a
 * few Gauss-Newton steps. Nothing in the server uses this.
 */
export interface DistanceReading {
  /** Where the attacker asked from. */
  from: LatLon;
  /** The distance shown (km, one decimal). */
  km: number;
}

/** earthdistance's earth() radius: the attacker models the server's own distances. */
const EARTH_RADIUS_M = 6_378_168;
const RAD = Math.PI / 180;

interface Plane {
  toXY(p: LatLon): [number, number];
  toLatLon(x: number, y: number): LatLon;
}

/** Equirectangular projection around `origin`: metres east and north, fine over a few tens of km. */
function planeAround(origin: LatLon): Plane {
  const kx = EARTH_RADIUS_M * RAD * Math.cos(origin.latitude * RAD);
  const ky = EARTH_RADIUS_M * RAD;
  return {
    toXY: (p) => [(p.longitude - origin.longitude) * kx, (p.latitude - origin.latitude) * ky],
    toLatLon: (x, y) => ({ latitude: origin.latitude + y / ky, longitude: origin.longitude + x / kx }),
  };
}

/** Sum of squared residuals (metres^2) of a candidate point. */
function cost(points: ReadonlyArray<[number, number]>, meters: readonly number[], x: number, y: number): number {
  let sum = 0;
  for (let i = 0; i < points.length; i += 1) {
    const [px, py] = points[i]!;
    const r = Math.hypot(x - px, y - py) - meters[i]!;
    sum += r * r;
  }
  return sum;
}

/**
 * The point that best explains the readings (least squares), searched within `searchRadiusM` of
 * `around`.
 */
export function trilaterate(readings: readonly DistanceReading[], around: LatLon, searchRadiusM = 20_000): LatLon {
  if (readings.length < 3) throw new Error("trilateration needs at least three readings");
  const plane = planeAround(around);
  const points = readings.map((r) => plane.toXY(r.from));
  const meters = readings.map((r) => r.km * 1000);

  // Coarse to fine: a 41x41 grid, then a grid four times finer around the best cell, down to 1 m.
  const STEPS = 20;
  let bx = 0;
  let by = 0;
  for (let half = searchRadiusM; half >= 1; half /= 4) {
    const step = half / STEPS;
    let best = Infinity;
    let nx = bx;
    let ny = by;
    for (let i = -STEPS; i <= STEPS; i += 1) {
      for (let j = -STEPS; j <= STEPS; j += 1) {
        const x = bx + i * step;
        const y = by + j * step;
        const c = cost(points, meters, x, y);
        if (c < best) {
          best = c;
          nx = x;
          ny = y;
        }
      }
    }
    bx = nx;
    by = ny;
  }

  // Gauss-Newton polish: residual r_i = |p - v_i| - d_i, Jacobian row = unit vector from v_i to p.
  for (let iter = 0; iter < 10; iter += 1) {
    let a11 = 0;
    let a12 = 0;
    let a22 = 0;
    let g1 = 0;
    let g2 = 0;
    for (let i = 0; i < points.length; i += 1) {
      const [px, py] = points[i]!;
      const dist = Math.hypot(bx - px, by - py);
      if (dist < 1e-6) continue;
      const jx = (bx - px) / dist;
      const jy = (by - py) / dist;
      const r = dist - meters[i]!;
      a11 += jx * jx;
      a12 += jx * jy;
      a22 += jy * jy;
      g1 += jx * r;
      g2 += jy * r;
    }
    const det = a11 * a22 - a12 * a12;
    if (Math.abs(det) < 1e-12) break;
    const dx = -(a22 * g1 - a12 * g2) / det;
    const dy = -(a11 * g2 - a12 * g1) / det;
    if (cost(points, meters, bx + dx, by + dy) > cost(points, meters, bx, by)) break;
    bx += dx;
    by += dy;
    if (Math.hypot(dx, dy) < 0.01) break;
  }
  return plane.toLatLon(bx, by);
}
