ALTER TABLE "locations" ADD COLUMN "private_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "locations_private_earth_gist" ON "locations" USING gist ("snapped_earth") WHERE "locations"."private_mode";--> statement-breakpoint
-- locations.private_mode mirrors users.private_mode: set from the user when a position is stored,
-- and followed when the member turns private mode on or off.
UPDATE "locations" l SET "private_mode" = u."private_mode" FROM "users" u WHERE u."id" = l."user_id";--> statement-breakpoint
CREATE FUNCTION "locations_take_private_mode"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."private_mode" := coalesce((SELECT "private_mode" FROM "users" WHERE "id" = NEW."user_id"), false);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "locations_private_mode" BEFORE INSERT OR UPDATE ON "locations"
  FOR EACH ROW EXECUTE FUNCTION "locations_take_private_mode"();--> statement-breakpoint
CREATE FUNCTION "users_share_private_mode"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "locations" SET "private_mode" = NEW."private_mode" WHERE "user_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_private_mode" AFTER UPDATE OF "private_mode" ON "users"
  FOR EACH ROW WHEN (OLD."private_mode" IS DISTINCT FROM NEW."private_mode") EXECUTE FUNCTION "users_share_private_mode"();
