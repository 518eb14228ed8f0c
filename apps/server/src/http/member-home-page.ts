import { eq } from "drizzle-orm";
import {
  activeFilterCount,
  API_PATHS,
  MEMBER_HOME_META,
  NEARBY_DEFAULT_RADIUS_KM,
  nearbySearchPath,
  parseSavedFilters,
  writeMemberFilters,
  type MemberFilters,
} from "@vicinity/contract";
import type { Db } from "../db/database";
import { locations, users } from "../db/schema";

export interface LastPosition {
  latitude: number;
  longitude: number;
}

const attribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** A fetch the browser starts while it reads the page; the app's own fetch of the same address takes its answer. */
const preload = (href: string) =>
  `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${attribute(href)}">`;

/**
 * A member's page at "/" (docs/decisions/0028, 0029): home.html, which names his home's chunks,
 * plus what his home's first paint needs from the API, for the browser to fetch beside the
 * scripts rather than after them: his current-user answer and, when he has shared a position
 * before, the members near it (the grid's first search, from that place, until his device says
 * where he is now; with his saved filters, docs/decisions/0041). The meta element tells the app the
 * place ("latitude,longitude", then "?" and the filters' query when he keeps any), and that this
 * page is his home.
 */
export function memberHomeHtml(
  template: string,
  position: LastPosition | null,
  given: MemberFilters | null = null,
): string {
  const filters = given && activeFilterCount(given) > 0 ? given : null;
  const query = new URLSearchParams();
  writeMemberFilters(query, filters);
  // Its filters even without a place: the first search from where his device says he is carries them too.
  const place = `${position ? `${position.latitude},${position.longitude}` : ""}${query.size > 0 ? `?${query}` : ""}`;
  const tags = [`<meta name="${MEMBER_HOME_META}" content="${attribute(place)}">`, preload(API_PATHS.currentUser)];
  if (position)
    tags.push(
      preload(nearbySearchPath({ ...position, radius: NEARBY_DEFAULT_RADIUS_KM, filters: filters ?? undefined })),
    );
  const head = tags.map((tag) => `    ${tag}\n`).join("");
  return template.includes("</head>")
    ? template.replace(/\s*<\/head>/, (end) => `\n${head.trimEnd()}${end}`)
    : `${head}${template}`;
}

/** What a member's page at "/" names of him: his last position and the filters he keeps. */
export interface MemberHome {
  /** His last shared position, snapped for privacy (what others see of it too), or null. */
  position: LastPosition | null;
  /** The filters he keeps (none, or any not valid: null), in their one form. */
  savedFilters: MemberFilters | null;
}

/** His last position and saved filters, in one read (his row, and his location's when he has shared one). */
export async function memberHomeOf(db: Db, userId: string): Promise<MemberHome> {
  const [row] = await db
    .select({
      latitude: locations.snappedLatitude,
      longitude: locations.snappedLongitude,
      filters: users.nearbyFilters,
    })
    .from(users)
    .leftJoin(locations, eq(locations.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return {
    position:
      row?.latitude != null && row.longitude != null ? { latitude: row.latitude, longitude: row.longitude } : null,
    savedFilters: parseSavedFilters(row?.filters),
  };
}
