CREATE TABLE "deck_cards" (
	"deck_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deck_cards_deck_id_card_id_pk" PRIMARY KEY("deck_id","card_id")
);
--> statement-breakpoint
CREATE TABLE "decks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"source_kind" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"tag_scope" text DEFAULT 'everyone' NOT NULL,
	"include_reversed" boolean DEFAULT false NOT NULL,
	"new_per_day" integer DEFAULT 20 NOT NULL,
	"reviews_per_day" integer DEFAULT 200 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "decks_source_kind" CHECK (source_kind in ('tags', 'collection', 'liked')),
	CONSTRAINT "decks_tag_scope" CHECK (tag_scope in ('everyone', 'mine'))
);
--> statement-breakpoint
CREATE TABLE "game_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_key" text NOT NULL,
	"deck_id" uuid NOT NULL,
	"game" text NOT NULL,
	"correct" integer NOT NULL,
	"total" integer NOT NULL,
	"elapsed_ms" integer NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_results_game" CHECK (game in ('multiple-choice', 'match', 'typed'))
);
--> statement-breakpoint
CREATE TABLE "review_logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"profile_key" text NOT NULL,
	"card_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"deck_id" uuid,
	"rating" smallint NOT NULL,
	"state" smallint NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"elapsed_days" integer NOT NULL,
	"last_elapsed_days" integer NOT NULL,
	"scheduled_days" integer NOT NULL,
	"learning_steps" integer NOT NULL,
	"review" timestamp with time zone NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"previous" jsonb,
	"buried" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "review_logs_rating" CHECK (rating between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "review_states" (
	"profile_key" text NOT NULL,
	"card_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"content_hash" text NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision DEFAULT 0 NOT NULL,
	"difficulty" double precision DEFAULT 0 NOT NULL,
	"elapsed_days" integer DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 0 NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"reps" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"last_review" timestamp with time zone,
	"suspended" boolean DEFAULT false NOT NULL,
	"buried_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_states_profile_key_card_id_item_key_pk" PRIMARY KEY("profile_key","card_id","item_key")
);
--> statement-breakpoint
CREATE TABLE "study_settings" (
	"profile_key" text PRIMARY KEY NOT NULL,
	"desired_retention" real DEFAULT 0.9 NOT NULL,
	"learning_steps" text[] DEFAULT '{1m,10m}'::text[] NOT NULL,
	"relearning_steps" text[] DEFAULT '{10m}'::text[] NOT NULL,
	"maximum_interval_days" integer DEFAULT 36500 NOT NULL,
	"bury_siblings" boolean DEFAULT true NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"day_starts_at_hour" smallint DEFAULT 4 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deck_cards" ADD CONSTRAINT "deck_cards_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deck_cards" ADD CONSTRAINT "deck_cards_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decks" ADD CONSTRAINT "decks_owner_key_profiles_key_fk" FOREIGN KEY ("owner_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_results" ADD CONSTRAINT "game_results_profile_key_profiles_key_fk" FOREIGN KEY ("profile_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_results" ADD CONSTRAINT "game_results_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_profile_key_profiles_key_fk" FOREIGN KEY ("profile_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_states" ADD CONSTRAINT "review_states_profile_key_profiles_key_fk" FOREIGN KEY ("profile_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_states" ADD CONSTRAINT "review_states_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_settings" ADD CONSTRAINT "study_settings_profile_key_profiles_key_fk" FOREIGN KEY ("profile_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deck_cards_card_idx" ON "deck_cards" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "decks_owner_idx" ON "decks" USING btree ("owner_key","created_at");--> statement-breakpoint
CREATE INDEX "game_results_deck_game_idx" ON "game_results" USING btree ("profile_key","deck_id","game");--> statement-breakpoint
CREATE INDEX "review_logs_profile_review_idx" ON "review_logs" USING btree ("profile_key","review");--> statement-breakpoint
CREATE INDEX "review_logs_card_idx" ON "review_logs" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "review_logs_deck_idx" ON "review_logs" USING btree ("deck_id","review");--> statement-breakpoint
CREATE INDEX "review_states_due_idx" ON "review_states" USING btree ("profile_key","due");--> statement-breakpoint
CREATE INDEX "review_states_card_idx" ON "review_states" USING btree ("card_id");