ALTER TABLE "media" ADD COLUMN "view_once" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "media_opened_idx" ON "media" USING btree ("opened_at") WHERE view_once AND expired_at IS NULL;