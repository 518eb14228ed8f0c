/**
 * iCalendar (RFC 5545) for "Add to calendar" and the private feed. Times are written in UTC
 * ("...Z", section 3.3.5 form #2), which every calendar shows in its own zone: no VTIMEZONE to get
 * wrong. Text is escaped (3.3.11) and lines folded at 75 octets (3.1); lines end with CRLF.
 */
export interface IcsEvent {
  id: string;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  location: string;
  /** The venue's snapped position (GEO). */
  latitude: number;
  longitude: number;
  url: string;
  cancelled: boolean;
  updatedAt: Date;
  organizer: string;
}

export const ICS_PRODUCT = "-//Vicinity//Events//EN";
const UID_DOMAIN = "events.vicinity.app";

export function icsDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z");
}

export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * A parameter's value (3.2: param-value = paramtext / quoted-string), always quoted: inside DQUOTEs
 * ";", ":" and "," are text, not the line's structure. A quoted-string cannot hold DQUOTE or a
 * control character (QSAFE-CHAR) and has no escapes (backslashes are literal), so those are
 * dropped, and the line and paragraph separators with them. For a member's name (ORGANIZER;CN=).
 */
export function quoteParam(value: string): string {
  // eslint-disable-next-line no-control-regex
  return `"${value.replace(/["\u0000-\u001F\u007F-\u009F\u2028\u2029]/g, "")}"`;
}

/** Folds a content line at 75 octets without splitting a UTF-8 character (continuation lines begin with a space). */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

function eventLines(e: IcsEvent, now: Date): string[] {
  return [
    "BEGIN:VEVENT",
    `UID:${e.id}@${UID_DOMAIN}`,
    `DTSTAMP:${icsDate(now)}`,
    `LAST-MODIFIED:${icsDate(e.updatedAt)}`,
    `DTSTART:${icsDate(e.startsAt)}`,
    `DTEND:${icsDate(e.endsAt)}`,
    `SUMMARY:${escapeText(e.title)}`,
    `DESCRIPTION:${escapeText(e.description)}`,
    `LOCATION:${escapeText(e.location)}`,
    `GEO:${e.latitude.toFixed(6)};${e.longitude.toFixed(6)}`,
    `ORGANIZER;CN=${quoteParam(e.organizer)}:mailto:noreply@${UID_DOMAIN}`,
    `URL:${e.url}`,
    `STATUS:${e.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
  ];
}

/** A whole calendar of events (one for "Add to calendar", many for the feed). */
export function toIcs(events: readonly IcsEvent[], options: { name?: string; now?: Date } = {}): string {
  const now = options.now ?? new Date();
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${ICS_PRODUCT}`,
    "CALSCALE:GREGORIAN",
    `METHOD:PUBLISH`,
    ...(options.name ? [`X-WR-CALNAME:${escapeText(options.name)}`] : []),
    ...events.flatMap((e) => eventLines(e, now)),
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
