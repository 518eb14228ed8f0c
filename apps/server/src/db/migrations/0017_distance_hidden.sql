ALTER TABLE "locations" RENAME COLUMN "private_mode" TO "distance_hidden";--> statement-breakpoint
DROP INDEX "locations_private_earth_gist";--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "held_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "locations_distance_hidden_earth_gist" ON "locations" USING gist ("snapped_earth") WHERE "locations"."distance_hidden";--> statement-breakpoint
-- locations.distance_hidden (was private_mode) now says whether his distance is hidden: private mode,
-- or "in a crowd only", which is private mode everywhere but the map (decisions.md, "Visibility
-- modes on every surface"; apps/server/src/policy/appearance.ts).
DROP TRIGGER "locations_private_mode" ON "locations";--> statement-breakpoint
DROP TRIGGER "users_private_mode" ON "users";--> statement-breakpoint
DROP FUNCTION "locations_take_private_mode"();--> statement-breakpoint
DROP FUNCTION "users_share_private_mode"();--> statement-breakpoint
UPDATE "locations" l SET "distance_hidden" = (u."private_mode" OR u."map_visibility" = 'crowd'), "held_since" = l."updated_at" FROM "users" u WHERE u."id" = l."user_id";--> statement-breakpoint
CREATE FUNCTION "locations_take_appearance"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."distance_hidden" := coalesce((SELECT "private_mode" OR "map_visibility" = 'crowd' FROM "users" WHERE "id" = NEW."user_id"), false);
  -- Held since the snapped point last changed: a crowd counts only members whose position has held.
  IF TG_OP = 'UPDATE' AND (OLD."snapped_latitude" <> NEW."snapped_latitude" OR OLD."snapped_longitude" <> NEW."snapped_longitude") THEN
    NEW."held_since" := now();
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "locations_appearance" BEFORE INSERT OR UPDATE ON "locations"
  FOR EACH ROW EXECUTE FUNCTION "locations_take_appearance"();--> statement-breakpoint
CREATE FUNCTION "users_share_appearance"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "locations" SET "distance_hidden" = (NEW."private_mode" OR NEW."map_visibility" = 'crowd') WHERE "user_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_appearance" AFTER UPDATE OF "private_mode", "map_visibility" ON "users"
  FOR EACH ROW WHEN (OLD."private_mode" IS DISTINCT FROM NEW."private_mode" OR OLD."map_visibility" IS DISTINCT FROM NEW."map_visibility")
  EXECUTE FUNCTION "users_share_appearance"();
