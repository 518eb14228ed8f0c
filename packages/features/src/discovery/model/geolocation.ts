import { useEffect, useState } from "react";

/** Spec section 9: high accuracy, 15 s timeout, 60 s maximum age; fallback about 30.62, -81.50. */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 };
export const FALLBACK_LOCATION = { latitude: 30.62, longitude: -81.5 } as const;

export type LocationSource = "device" | "fallback";

export interface MemberLocation {
  latitude: number;
  longitude: number;
  source: LocationSource;
}

/** The device's position, or the spec's fallback when denied, unsupported or too slow. */
export function locateMember(geolocation: Geolocation | undefined = typeof navigator === "undefined" ? undefined : navigator.geolocation): Promise<MemberLocation> {
  return new Promise((resolve) => {
    if (!geolocation) return resolve({ ...FALLBACK_LOCATION, source: "fallback" });
    geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude, source: "device" }),
      () => resolve({ ...FALLBACK_LOCATION, source: "fallback" }),
      GEOLOCATION_OPTIONS,
    );
  });
}

/** Where the member is, once known (null while asking). `locate` null: do not ask (the caller knows). */
export function useMemberLocation(locate: (() => Promise<MemberLocation>) | null = locateMember): MemberLocation | null {
  const [location, setLocation] = useState<MemberLocation | null>(null);
  useEffect(() => {
    if (!locate) return;
    let live = true;
    void locate().then((l) => {
      if (live) setLocation(l);
    });
    return () => {
      live = false;
    };
  }, [locate]);
  return location;
}
