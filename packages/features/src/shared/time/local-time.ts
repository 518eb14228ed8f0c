/** Local clock readings of instants in a time zone: the member's zone, and the forms' datetime-local fields. */
import { zoneOffsetMs } from "@vicinity/contract";

/** The member's time zone, as his browser says. */
export function memberTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** Minutes a zone is ahead of UTC at an instant. */
export function zoneOffsetMinutes(instant: number, timeZone: string): number {
  return Math.round(zoneOffsetMs(instant, timeZone) / 60_000);
}

/** "2026-06-20T20:00" of an instant in a zone (a datetime-local input's value). */
export function toLocalInput(instant: string, timeZone: string): string {
  const at = Date.parse(instant);
  return new Date(at + zoneOffsetMinutes(at, timeZone) * 60_000).toISOString().slice(0, 16);
}

/** The instant (ISO) of a datetime-local value read in a zone, or "" when it is not a date. */
export function fromLocalInput(local: string, timeZone: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return "";
  const [, y, mo, d, h, mi] = match.map(Number);
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  let instant = asUtc - zoneOffsetMinutes(asUtc, timeZone) * 60_000;
  // Once more at the instant found: the offset may differ across a daylight-saving change.
  instant = asUtc - zoneOffsetMinutes(instant, timeZone) * 60_000;
  return new Date(instant).toISOString();
}

/** The time zones a form offers (the browser's list), the current one always among them. */
export function timeZones(current: string): string[] {
  let zones: string[];
  try {
    zones =
      (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];
  } catch {
    zones = [];
  }
  return zones.includes(current) ? zones : [current, ...zones];
}
