import { eq } from "drizzle-orm";
import { API_PATHS, MEMBER_HOME_META, NEARBY_DEFAULT_RADIUS_KM, nearbySearchPath } from "@vicinity/contract";
import type { Db } from "../db/database";
import { locations } from "../db/schema";

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
 * where he is now). The meta element tells the app the place, and that this page is his home.
 */
export function memberHomeHtml(template: string, position: LastPosition | null): string {
  const tags = [
    `<meta name="${MEMBER_HOME_META}" content="${position ? `${position.latitude},${position.longitude}` : ""}">`,
    preload(API_PATHS.currentUser),
  ];
  if (position) tags.push(preload(nearbySearchPath({ ...position, radius: NEARBY_DEFAULT_RADIUS_KM })));
  const head = tags.map((tag) => `    ${tag}\n`).join("");
  return template.includes("</head>")
    ? template.replace(/\s*<\/head>/, (end) => `\n${head.trimEnd()}${end}`)
    : `${head}${template}`;
}

/** The member's last shared position, snapped for privacy (what others see of it too), or null. */
export async function lastPositionOf(db: Db, userId: string): Promise<LastPosition | null> {
  const [row] = await db
    .select({ latitude: locations.snappedLatitude, longitude: locations.snappedLongitude })
    .from(locations)
    .where(eq(locations.userId, userId))
    .limit(1);
  return row ?? null;
}
