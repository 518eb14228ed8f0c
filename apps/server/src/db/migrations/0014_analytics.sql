CREATE TABLE "activity_days" (
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "activity_days_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "activity_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" smallint NOT NULL,
	"user_id" uuid NOT NULL,
	"ref" uuid
);
--> statement-breakpoint
CREATE TABLE "activity_weeks" (
	"week" date NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "activity_weeks_week_user_id_pk" PRIMARY KEY("week","user_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_cohorts" (
	"week" date NOT NULL,
	"week_index" integer NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_cohorts_week_week_index_pk" PRIMARY KEY("week","week_index")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"dau" integer DEFAULT 0 NOT NULL,
	"wau" integer DEFAULT 0 NOT NULL,
	"mau" integer DEFAULT 0 NOT NULL,
	"counted_at" timestamp with time zone,
	"final" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_hourly" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	"onboarded" integer DEFAULT 0 NOT NULL,
	"first_messages" integer DEFAULT 0 NOT NULL,
	"first_replies" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"conversations_started" integer DEFAULT 0 NOT NULL,
	"conversations_replied" integer DEFAULT 0 NOT NULL,
	"events_hosted" integer DEFAULT 0 NOT NULL,
	"rsvps" integer DEFAULT 0 NOT NULL,
	"groups_joined" integer DEFAULT 0 NOT NULL,
	"reports" integer DEFAULT 0 NOT NULL,
	"blocks" integer DEFAULT 0 NOT NULL,
	"ad_impressions" integer DEFAULT 0 NOT NULL,
	"ad_clicks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"rolled_up_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "conversation_starts" (
	"conversation_id" uuid PRIMARY KEY NOT NULL,
	"starter_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"replied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_milestones" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"signup_at" timestamp with time zone NOT NULL,
	"onboarded_at" timestamp with time zone,
	"first_message_at" timestamp with time zone,
	"first_reply_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "activity_days" ADD CONSTRAINT "activity_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_weeks" ADD CONSTRAINT "activity_weeks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_starts" ADD CONSTRAINT "conversation_starts_starter_id_users_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_milestones" ADD CONSTRAINT "member_milestones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_days_user_idx" ON "activity_days" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "activity_weeks_user_idx" ON "activity_weeks" USING btree ("user_id");--> statement-breakpoint
INSERT INTO "analytics_state" ("id") VALUES (1);--> statement-breakpoint
INSERT INTO "member_milestones" ("user_id", "signup_at") SELECT "id", "created_at" FROM "users";--> statement-breakpoint
INSERT INTO "analytics_hourly" ("hour", "signups") SELECT date_trunc('hour', "created_at"), count(*) FROM "users" GROUP BY 1;--> statement-breakpoint
INSERT INTO "analytics_hourly" AS h ("hour", "messages") SELECT date_trunc('hour', "created_at"), count(*) FROM "messages" GROUP BY 1
  ON CONFLICT ("hour") DO UPDATE SET "messages" = h."messages" + excluded."messages";
