import { useEffect, useState } from "react";
import { GEOLOCATION_OPTIONS } from "@vicinity/features/shared";
import type { LatLon } from "./view";

/** Where the device says the member is, while the map is open. */
export type OwnPositionStatus = "idle" | "locating" | "located" | "denied" | "unsupported" | "unavailable";

export interface OwnPosition {
  status: OwnPositionStatus;
  position: LatLon | null;
}

const browserGeolocation = (): Geolocation | undefined =>
  typeof navigator === "undefined" ? undefined : navigator.geolocation;

/**
 * Follows the device (watchPosition, the spec's options: high accuracy, 15 s timeout, 60 s maximum
 * age) while `enabled`. A refusal is "denied"; no geolocation at all is "unsupported"; a timeout
 * or a lost fix keeps the last position.
 */
export function useOwnPosition(enabled: boolean, given?: Geolocation | null): OwnPosition {
  // undefined: the browser's; null: none at all (unsupported).
  const geolocation = given === undefined ? browserGeolocation() : given;
  const [state, setState] = useState<OwnPosition>({ status: "locating", position: null });
  useEffect(() => {
    if (!enabled || !geolocation) return;
    const id = geolocation.watchPosition(
      (fix) =>
        setState({ status: "located", position: { latitude: fix.coords.latitude, longitude: fix.coords.longitude } }),
      (error) =>
        setState((s) =>
          error.code === 1
            ? { status: "denied", position: null }
            : { status: s.position ? "located" : "unavailable", position: s.position },
        ),
      GEOLOCATION_OPTIONS,
    );
    return () => geolocation.clearWatch(id);
  }, [enabled, geolocation]);
  if (!enabled) return IDLE;
  if (!geolocation) return UNSUPPORTED;
  return state;
}

const IDLE: OwnPosition = { status: "idle", position: null };
const UNSUPPORTED: OwnPosition = { status: "unsupported", position: null };

/** Asks the device once (the /location page's "Update now"). */
export function locateOnce(given?: Geolocation | null): Promise<LatLon> {
  const geolocation = given === undefined ? browserGeolocation() : given;
  return new Promise((resolve, reject) => {
    if (!geolocation) return reject(new LocationError("unsupported"));
    geolocation.getCurrentPosition(
      (fix) => resolve({ latitude: fix.coords.latitude, longitude: fix.coords.longitude }),
      (error) => reject(new LocationError(error.code === 1 ? "denied" : "unavailable")),
      GEOLOCATION_OPTIONS,
    );
  });
}

export class LocationError extends Error {
  constructor(readonly reason: "denied" | "unsupported" | "unavailable") {
    super(`location ${reason}`);
    this.name = "LocationError";
  }
}
