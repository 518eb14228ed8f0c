DROP INDEX "locations_snapped_earth_gist";--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "snapped_earth" "cube" GENERATED ALWAYS AS (ll_to_earth("snapped_latitude", "snapped_longitude")::cube) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "locations_snapped_earth_gist" ON "locations" USING gist ("snapped_earth");