import { useSyncExternalStore } from "react";
import type { AnonymousProfile } from "@vicinity/contract";

/**
 * The anonymous session (spec sections 3 and 4): two items kept in the browser, a flag and a
 * profile. The server holds the guest session itself (a cookie); these tell the client, without
 * a call, that it is browsing anonymously.
 */
export const ANONYMOUS_FLAG_KEY = "vicinity.isAnonymous";
export const ANONYMOUS_PROFILE_KEY = "vicinity.anonymousProfile";
export const ANONYMOUS_DISPLAY_NAME = "Anonymous User";

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The stored profile when it has the shape of the contract's `anonymousProfileSchema` (only its
 * fields kept), else null. Checked by hand: this runs before the first page shows, and zod is too
 * heavy for three fields there; a test holds it to the schema.
 */
export function asAnonymousProfile(value: unknown): AnonymousProfile | null {
  if (typeof value !== "object" || value === null) return null;
  const { id, isAnonymous, displayName } = value as Record<string, unknown>;
  if (
    typeof id !== "string" ||
    !id.startsWith("anon_") ||
    isAnonymous !== true ||
    displayName !== ANONYMOUS_DISPLAY_NAME
  )
    return null;
  return { id, isAnonymous, displayName };
}

let cachedRaw: string | null | undefined;
let cachedProfile: AnonymousProfile | null = null;

/** The stored profile, when the flag is set and the profile is well-formed; otherwise null. */
export function readAnonymousProfile(): AnonymousProfile | null {
  const store = storage();
  if (!store || store.getItem(ANONYMOUS_FLAG_KEY) !== "true") return null;
  const raw = store.getItem(ANONYMOUS_PROFILE_KEY);
  if (raw === cachedRaw) return cachedProfile;
  cachedRaw = raw;
  try {
    cachedProfile = asAnonymousProfile(JSON.parse(raw ?? "null"));
  } catch {
    cachedProfile = null;
  }
  return cachedProfile;
}

/** Starts browsing anonymously: sets the flag and the profile (the server's `anon_` id). */
export function startAnonymousSession(profile: AnonymousProfile): void {
  const store = storage();
  store?.setItem(ANONYMOUS_FLAG_KEY, "true");
  store?.setItem(ANONYMOUS_PROFILE_KEY, JSON.stringify(profile));
  notify();
}

/** Ends it: removes both items. */
export function endAnonymousSession(): void {
  const store = storage();
  store?.removeItem(ANONYMOUS_FLAG_KEY);
  store?.removeItem(ANONYMOUS_PROFILE_KEY);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === ANONYMOUS_FLAG_KEY || e.key === ANONYMOUS_PROFILE_KEY || e.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useAnonymousProfile(): AnonymousProfile | null {
  return useSyncExternalStore(subscribe, readAnonymousProfile, () => null);
}
