import { useEffect, useState } from "react";

/** Spec section 9: high accuracy, 15 s timeout, 60 s maximum age; fallback about 30.62, -81.50. */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 };
export const FALLBACK_LOCATION = { latitude: 30.62, longitude: -81.5 } as const;

/** "last-known": his last shared position, which his page names (docs/decisions/0029). */
export type LocationSource = "device" | "last-known" | "fallback";

export interface MemberLocation {
  latitude: number;
  longitude: number;
  source: LocationSource;
}

/** The device's position, or the spec's fallback when denied, unsupported or too slow. */
export function locateMember(
  geolocation: Geolocation | undefined = typeof navigator === "undefined" ? undefined : navigator.geolocation,
): Promise<MemberLocation> {
  return new Promise((resolve) => {
    if (!geolocation) return resolve({ ...FALLBACK_LOCATION, source: "fallback" });
    geolocation.getCurrentPosition(
      (position) =>
        resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude, source: "device" }),
      () => resolve({ ...FALLBACK_LOCATION, source: "fallback" }),
      GEOLOCATION_OPTIONS,
    );
  });
}

let lastKnown: MemberLocation | null = null;

/**
 * His last shared position, named by his page at "/" (docs/decisions/0029): where his home starts
 * while his device is asked, and where it stays when the device will not say (denied, unsupported,
 * too slow): a place he was is a better guess than the spec's fallback. null forgets it (another
 * member signed in).
 */
export function setLastKnownLocation(position: { latitude: number; longitude: number } | null): void {
  lastKnown = position ? { latitude: position.latitude, longitude: position.longitude, source: "last-known" } : null;
}

/** The last known position, when his page named one. */
export function lastKnownLocation(): MemberLocation | null {
  return lastKnown;
}

/** The device's answer, or the last known position where the device gave none. */
const orLastKnown = (answer: MemberLocation): MemberLocation =>
  answer.source === "fallback" && lastKnown ? lastKnown : answer;

let early: { at: number; location: Promise<MemberLocation>; answer?: MemberLocation } | null = null;

/**
 * Asks the device at the first load, before React renders: the home's members are fetched beside
 * its chunks, not after them.
 */
export function locateEarly(geolocation?: Geolocation, now = Date.now()): Promise<MemberLocation> {
  const asked: NonNullable<typeof early> = { at: now, location: locateMember(geolocation).then(orLastKnown) };
  void asked.location.then((answer) => (asked.answer = answer));
  early = asked;
  return asked.location;
}

/** The first load's question while it is within the spec's maximum age (60 s), else null. */
const recentQuestion = (now: number) =>
  early && now - early.at < (GEOLOCATION_OPTIONS.maximumAge ?? 0) ? early : null;

/** The first load's answer once it has come, while it is within the spec's maximum age; else null. */
export function recentLocation(now = Date.now()): MemberLocation | null {
  return recentQuestion(now)?.answer ?? null;
}

/**
 * What a page asks by default: the first load's answer while it is within the spec's maximum age
 * (60 s, the age of a position the device itself may give back), else the device now.
 */
export function locateRecently(now = Date.now()): Promise<MemberLocation> {
  return recentQuestion(now)?.location ?? locateMember().then(orLastKnown);
}

/**
 * How long a page waits for the device before it shows the last known place or the spec's fallback
 * area. Long enough for a device that already has permission (its answer is usually cached, within
 * the spec's maximum age), short enough that an unanswered prompt (or Firefox's dismissed one, which
 * never calls back: the spec's 15 s timeout only starts once permission is given) never holds a page.
 */
export const LOCATION_WAIT_MS = 800;

/**
 * Follows the member's position for a page: at once his last known place when there is one, else
 * the spec's fallback once LOCATION_WAIT_MS have passed without an answer; then the device's answer
 * whenever (if ever) it comes. Returns a function that stops it.
 */
export function followMemberLocation(
  locate: () => Promise<MemberLocation>,
  onChange: (location: MemberLocation) => void,
  known: MemberLocation | null,
  waitMs = LOCATION_WAIT_MS,
): () => void {
  let live = true;
  let answered = false;
  const wait =
    known === null
      ? setTimeout(() => {
          if (live && !answered) onChange({ ...FALLBACK_LOCATION, source: "fallback" });
        }, waitMs)
      : undefined;
  void locate().then((location) => {
    answered = true;
    clearTimeout(wait);
    if (live) onChange(location);
  });
  return () => {
    live = false;
    clearTimeout(wait);
  };
}

/**
 * Where the member is: his last known place or the first load's answer at once, the spec's
 * fallback area after LOCATION_WAIT_MS, the device's answer when it comes (null only for that
 * first moment). `locate` null: do not ask (the caller knows).
 */
export function useMemberLocation(
  locate: (() => Promise<MemberLocation>) | null = locateRecently,
): MemberLocation | null {
  // The first load's answer, when it has come, is drawn in the first render (no "finding" frame);
  // until then, his last known position, when his page named one.
  const [location, setLocation] = useState<MemberLocation | null>(() =>
    locate === locateRecently ? (recentLocation() ?? lastKnown) : null,
  );
  useEffect(() => {
    if (!locate) return;
    const known = locate === locateRecently ? (recentLocation() ?? lastKnown) : null;
    return followMemberLocation(
      locate,
      (l) =>
        // The same place again (the last known one, kept) draws nothing new.
        setLocation((was) =>
          was && was.latitude === l.latitude && was.longitude === l.longitude && was.source === l.source ? was : l,
        ),
      known,
    );
  }, [locate]);
  return location;
}
