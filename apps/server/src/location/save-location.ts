import { eq } from "drizzle-orm";
import type { Location } from "@vicinity/contract";
import type { Db } from "../db/database";
import { locations, type users } from "../db/schema";
import { snapToPrivacyGrid, type LatLon } from "./privacy-grid";

/**
 * Stores a member's exact position and its privacy-snapped counterpart (PUT /api/users/location,
 * socket updateLocation). Answers his snapped position before (null without one): the live map
 * tells those who look at where he was that he is gone from there.
 */
export async function saveLocation(
  db: Db,
  member: Pick<typeof users.$inferSelect, "id" | "locationSecret">,
  position: Location,
): Promise<{ before: LatLon | null; snapped: LatLon }> {
  const snapped = snapToPrivacyGrid(position, member.locationSecret);
  const values = {
    latitude: position.latitude,
    longitude: position.longitude,
    snappedLatitude: snapped.latitude,
    snappedLongitude: snapped.longitude,
    updatedAt: new Date(),
  };
  const [old] = await db
    .select({ latitude: locations.snappedLatitude, longitude: locations.snappedLongitude })
    .from(locations)
    .where(eq(locations.userId, member.id))
    .limit(1);
  await db
    .insert(locations)
    .values({ userId: member.id, ...values })
    .onConflictDoUpdate({ target: locations.userId, set: values });
  return { before: old ?? null, snapped };
}
