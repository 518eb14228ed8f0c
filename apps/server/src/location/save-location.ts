import type { Location } from "@vicinity/contract";
import type { Db } from "../db/database";
import { locations, type users } from "../db/schema";
import { snapToPrivacyGrid } from "./privacy-grid";

/** Stores a member's exact position and its privacy-snapped counterpart (PUT /api/users/location, socket updateLocation). */
export async function saveLocation(db: Db, member: Pick<typeof users.$inferSelect, "id" | "locationSecret">, position: Location): Promise<void> {
  const snapped = snapToPrivacyGrid(position, member.locationSecret);
  const values = {
    latitude: position.latitude,
    longitude: position.longitude,
    snappedLatitude: snapped.latitude,
    snappedLongitude: snapped.longitude,
    updatedAt: new Date(),
  };
  await db.insert(locations).values({ userId: member.id, ...values }).onConflictDoUpdate({ target: locations.userId, set: values });
}
