import { useEffect } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API_PATHS, type Location } from "@vicinity/contract";
import { apiRequest } from "../http/api-request";
import { nearbyKeys } from "../query-keys";

/** PUT /api/users/location: the server keeps the exact position and shows others only a snapped one. */
export async function updateLocation(location: Location): Promise<void> {
  await apiRequest("PUT", API_PATHS.location, location);
}

export function useUpdateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLocation,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nearbyKeys.all() }),
  });
}

/** The same place (to about 11 m) is told again at most this often. */
export const LOCATION_SHARE_MIN_GAP_MS = 5 * 60_000;

interface SharedLocation {
  key: string;
  at: number;
}

const placeKey = (location: Location) => `${location.latitude.toFixed(4)},${location.longitude.toFixed(4)}`;

/** Whether a position needs telling: a new place, or the same one after the gap. */
export function shouldShareLocation(last: SharedLocation | null, next: Location, now: number): boolean {
  return !last || last.key !== placeKey(next) || now - last.at >= LOCATION_SHARE_MIN_GAP_MS;
}

let lastShared: SharedLocation | null = null;

/**
 * The member's position from his device goes to the server, so that others find him and
 * his profile shows distances. Only a real fix is told: the spec's fallback is not where he is, and
 * the last known position is already the server's.
 */
export function useShareLocation(location: (Location & { source: "device" | "last-known" | "fallback" }) | null) {
  const latitude = location?.source === "device" ? location.latitude : null;
  const longitude = location?.source === "device" ? location.longitude : null;
  useEffect(() => {
    if (latitude === null || longitude === null) return;
    const next = { latitude, longitude };
    const now = Date.now();
    if (!shouldShareLocation(lastShared, next, now)) return;
    lastShared = { key: placeKey(next), at: now };
    updateLocation(next).catch((error: unknown) => {
      // Not told this time: the next visit tries again. Discovery works from the device's position anyway.
      lastShared = null;
      console.warn("Location update failed:", error instanceof Error ? error.message : error);
    });
  }, [latitude, longitude]);
}
