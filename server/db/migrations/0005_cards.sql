-- Search needs trigram matching (typo tolerance) and accent folding. Both extensions are trusted, so the
-- database owner may create them. A generated column needs immutable functions; unaccent() is only stable
-- because its dictionary could change, so it is wrapped with the dictionary named explicitly.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION cardweb_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN public.unaccent('public.unaccent'::regdictionary, $1);--> statement-breakpoint
CREATE OR REPLACE FUNCTION cardweb_tags_text(text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN cardweb_unaccent(replace(array_to_string($1, ' '), '/', ' '));--> statement-breakpoint
CREATE TABLE "card_drafts" (
	"card_id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"type" text NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"cover_url" text,
	"visibility" text NOT NULL,
	"typed_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_likes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_id" uuid NOT NULL,
	"profile_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_links" (
	"source_id" uuid NOT NULL,
	"target_id" uuid NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "card_links_source_id_target_id_kind_pk" PRIMARY KEY("source_id","target_id","kind"),
	CONSTRAINT "card_links_kind" CHECK (kind in ('wiki', 'related', 'prerequisite', 'example-of', 'contradicts'))
);
--> statement-breakpoint
CREATE TABLE "card_versions" (
	"card_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"type" text NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"cover_url" text,
	"typed_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_versions_card_id_version_pk" PRIMARY KEY("card_id","version")
);
--> statement-breakpoint
CREATE TABLE "card_views" (
	"card_id" uuid NOT NULL,
	"viewer_key" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "card_views_card_id_viewer_key_day_pk" PRIMARY KEY("card_id","viewer_key","day")
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_key" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'note' NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"cover_url" text,
	"visibility" text DEFAULT 'public' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"fork_of_id" uuid,
	"likes" integer DEFAULT 0 NOT NULL,
	"remixes" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"trending_score" double precision DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', cardweb_unaccent(title)), 'A') || setweight(to_tsvector('simple', cardweb_tags_text(tags)), 'B') || setweight(to_tsvector('english', cardweb_unaccent(body)), 'C')) STORED,
	CONSTRAINT "cards_type" CHECK (type in ('note', 'flashcard', 'cloze', 'code', 'paper', 'link')),
	CONSTRAINT "cards_visibility" CHECK (visibility in ('public', 'unlisted', 'private')),
	CONSTRAINT "cards_status" CHECK (status in ('draft', 'published'))
);
--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "card_id" uuid;--> statement-breakpoint
ALTER TABLE "card_drafts" ADD CONSTRAINT "card_drafts_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_likes" ADD CONSTRAINT "card_likes_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_likes" ADD CONSTRAINT "card_likes_profile_key_profiles_key_fk" FOREIGN KEY ("profile_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_links" ADD CONSTRAINT "card_links_source_id_cards_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_links" ADD CONSTRAINT "card_links_target_id_cards_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_versions" ADD CONSTRAINT "card_versions_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_views" ADD CONSTRAINT "card_views_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_author_key_profiles_key_fk" FOREIGN KEY ("author_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_fork_of_id_cards_id_fk" FOREIGN KEY ("fork_of_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_likes_card_profile_idx" ON "card_likes" USING btree ("card_id","profile_key");--> statement-breakpoint
CREATE INDEX "card_likes_profile_idx" ON "card_likes" USING btree ("profile_key","created_at");--> statement-breakpoint
CREATE INDEX "card_links_target_idx" ON "card_links" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "cards_author_updated_idx" ON "cards" USING btree ("author_key","updated_at");--> statement-breakpoint
CREATE INDEX "cards_public_new_idx" ON "cards" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published' and visibility = 'public' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "cards_public_trending_idx" ON "cards" USING btree ("trending_score" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'published' and visibility = 'public' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "cards_search_idx" ON "cards" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "cards_title_trgm_idx" ON "cards" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cards_tags_idx" ON "cards" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "cards_fork_of_idx" ON "cards" USING btree ("fork_of_id");--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;