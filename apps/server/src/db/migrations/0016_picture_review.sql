ALTER TABLE "media" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
-- Pictures from before the review queue count as reviewed: the queue starts with what comes next.
UPDATE "media" SET "reviewed_at" = now();
