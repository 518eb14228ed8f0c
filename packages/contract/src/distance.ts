/**
 * Distances as members see them, written once for the server (nearby, the map's answers) and the
 * web app (the live map recomputes a moved member's distance from the viewer's own position, so
 * one push serves every viewer of the same tiles: docs/decisions/0038).
 */

/** Great-circle distance in metres (haversine). */
export function haversineMeters(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const R = 6_371_000;
  const toRad = (d: number) => (d * Math.PI) / 180;
  const dLat = toRad(b.latitude - a.latitude);
  const dLon = toRad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A distance as shown: km with one decimal. */
export function displayKm(meters: number): number {
  return Math.round(meters / 100) / 10;
}

/** The compatibility score's distance part: full at 0 km, 0 at this distance and beyond. */
export const DISTANCE_ZERO_AT_KM = 50;
/** Its maximum (of the score's 100). */
export const COMPATIBILITY_DISTANCE_MAX = 25;
/** An unknown age or a hidden distance counts as this (a little under half its part). */
export const NEUTRAL_PART = 10;

/** The distance part of the score (decisions.md, "AI-assisted matching"). */
export function distancePart(distanceKm: number | null): number {
  return distanceKm === null
    ? NEUTRAL_PART
    : Math.round(COMPATIBILITY_DISTANCE_MAX * Math.max(0, 1 - distanceKm / DISTANCE_ZERO_AT_KM));
}
