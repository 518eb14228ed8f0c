-- Distances on a sphere: earthdistance (ll_to_earth, earth_box, earth_distance) on top of cube.
-- drizzle-kit does not write CREATE EXTENSION, so this migration is hand-written.
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
