CREATE TABLE "blocks" (
	"blocker_key" text NOT NULL,
	"blocked_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_blocker_key_blocked_key_pk" PRIMARY KEY("blocker_key","blocked_key"),
	CONSTRAINT "blocks_not_self" CHECK ("blocks"."blocker_key" <> "blocks"."blocked_key")
);
--> statement-breakpoint
CREATE TABLE "reputation_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"profile_key" text NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"day" date NOT NULL,
	"source_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"hash" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"profile_key" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"current_period_end" timestamp with time zone,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"granted_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_stripeSubscriptionId_unique" UNIQUE("stripe_subscription_id")
);
--> statement-breakpoint
CREATE TABLE "user_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_key" text NOT NULL,
	"reported_key" text NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "reputation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "hide_follow_counts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_key_profiles_key_fk" FOREIGN KEY ("blocker_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_key_profiles_key_fk" FOREIGN KEY ("blocked_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reputation_events" ADD CONSTRAINT "reputation_events_profile_key_profiles_key_fk" FOREIGN KEY ("profile_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_profile_key_profiles_key_fk" FOREIGN KEY ("profile_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_reporter_key_profiles_key_fk" FOREIGN KEY ("reporter_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_reported_key_profiles_key_fk" FOREIGN KEY ("reported_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_key");--> statement-breakpoint
CREATE INDEX "reputation_events_profile_day_idx" ON "reputation_events" USING btree ("profile_key","day");--> statement-breakpoint
CREATE UNIQUE INDEX "reputation_events_source_idx" ON "reputation_events" USING btree ("profile_key","kind","source_id") WHERE "reputation_events"."source_id" is not null;--> statement-breakpoint
CREATE INDEX "user_reports_status_created_idx" ON "user_reports" USING btree ("status","created_at");