import { eq } from "drizzle-orm";
import type { MapVisibility, OwnLocation } from "@vicinity/contract";
import type { Db } from "../db/database";
import { locations, users } from "../db/schema";
import type { LatLon } from "../location/privacy-grid";
import { appearanceOf } from "../policy/members";
import type { Viewer } from "../policy/viewer";
import type { MapViewer } from "./area";

/**
 * The map's view of a viewer (policy/viewer.ts): a member's blocks, his profile for match scores,
 * his exact position for distances; visitors and guests get the limited map (decisions.md 1),
 * with blocks as far as their browser tells.
 */
export async function mapViewerOf(db: Db, viewer: Viewer): Promise<MapViewer> {
  const me = viewer.member;
  if (!me) return { viewerId: viewer.blocksOf, limited: true, profile: null, position: null };
  const [own] = await db
    .select({ latitude: locations.latitude, longitude: locations.longitude })
    .from(locations)
    .where(eq(locations.userId, me.id))
    .limit(1);
  return { viewerId: me.id, limited: false, profile: { age: me.age, interests: me.interests }, position: own ?? null };
}

/** A member's own position and how he appears on the map (the /location page). */
export async function ownLocation(db: Db, userId: string): Promise<OwnLocation> {
  const [row] = await db
    .select({
      latitude: locations.latitude,
      longitude: locations.longitude,
      updatedAt: locations.updatedAt,
      privateMode: users.privateMode,
      mapVisibility: users.mapVisibility,
    })
    .from(users)
    .leftJoin(locations, eq(locations.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  const position =
    row && row.latitude !== null && row.longitude !== null && row.updatedAt
      ? { latitude: row.latitude, longitude: row.longitude, updatedAt: row.updatedAt.toISOString() }
      : null;
  return { position, sharing: position !== null, visibility: row ? appearanceOf(row) : "shown" };
}

/** Deletes a member's position; answers where the map showed him, if it did. */
export async function deleteOwnLocation(db: Db, userId: string): Promise<LatLon | null> {
  const [gone] = await db
    .delete(locations)
    .where(eq(locations.userId, userId))
    .returning({ latitude: locations.snappedLatitude, longitude: locations.snappedLongitude });
  return gone ?? null;
}

/**
 * How a member appears on the map: "hidden" is private mode (decisions.md 6); "shown" and "crowd"
 * leave it. Answers where the map showed him before, if it did.
 */
export async function setMapVisibility(db: Db, userId: string, visibility: MapVisibility): Promise<LatLon | null> {
  const set = visibility === "hidden" ? { privateMode: true } : { privateMode: false, mapVisibility: visibility };
  const [before] = await db
    .select({ latitude: locations.snappedLatitude, longitude: locations.snappedLongitude })
    .from(locations)
    .where(eq(locations.userId, userId))
    .limit(1);
  await db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, userId));
  return before ?? null;
}
