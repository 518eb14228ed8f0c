CREATE TYPE "public"."map_visibility" AS ENUM('shown', 'crowd');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "map_visibility" "map_visibility" DEFAULT 'shown' NOT NULL;