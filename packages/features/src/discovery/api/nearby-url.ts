import { API_PATHS, type NearbySort } from "@vicinity/contract";

export interface NearbyParams {
  latitude: number;
  longitude: number;
  radius: number;
  /** decisions.md: "Nearest" (default) or "Best match", ordered by the server. */
  sort?: NearbySort;
  /** Only members who are Right Now. */
  rightNow?: boolean;
}

/** GET /api/users/nearby's address for a page of the grid (the first page: no cursor). */
export function nearbyUrl(params: NearbyParams, cursor: string | null = null): string {
  const query = new URLSearchParams({
    latitude: String(params.latitude),
    longitude: String(params.longitude),
    radius: String(params.radius),
  });
  if (params.sort && params.sort !== "nearest") query.set("sort", params.sort);
  if (params.rightNow) query.set("rightNow", "true");
  if (cursor) query.set("cursor", cursor);
  return `${API_PATHS.nearby}?${query}`;
}
