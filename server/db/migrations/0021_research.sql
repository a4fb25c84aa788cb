-- The keys that deduplicate papers (a DOI, an arXiv id without its version, a folded title with the first
-- author's family name and the year), as immutable functions so that indexes on cards can hold them. The
-- research module computes a new paper's keys through the same functions, so both always agree.
CREATE FUNCTION "cardweb_norm_title"(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN regexp_replace(lower(cardweb_unaccent(coalesce($1, ''))), '[^[:alnum:]]+', '', 'g');--> statement-breakpoint
CREATE FUNCTION "cardweb_arxiv_key"(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN nullif(regexp_replace(lower(trim(coalesce($1, ''))), 'v[0-9]+$', ''), '');--> statement-breakpoint
-- "Yehuda Koren" and "Koren, Yehuda" both give "koren"; a one-word name is kept whole.
CREATE FUNCTION "cardweb_family_name"(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN cardweb_norm_title(CASE
    WHEN position(',' IN coalesce($1, '')) > 0 THEN split_part($1, ',', 1)
    ELSE regexp_replace(trim(coalesce($1, '')), '^.*[[:space:]]', '')
  END);--> statement-breakpoint
CREATE FUNCTION "cardweb_paper_title_key"(text, jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN cardweb_norm_title($1) || '|' || cardweb_family_name($2 -> 'authors' ->> 0) || '|' || coalesce($2 ->> 'year', '');--> statement-breakpoint
CREATE TABLE "research_editors" (
	"profile_key" text PRIMARY KEY NOT NULL,
	"granted_by" text,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_list_items" (
	"list_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "research_list_items_list_id_card_id_pk" PRIMARY KEY("list_id","card_id")
);
--> statement-breakpoint
CREATE TABLE "research_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"topic_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_key" text NOT NULL,
	"paper_card_id" uuid NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"published_card_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_preferences" (
	"profile_key" text PRIMARY KEY NOT NULL,
	"citation_style" text DEFAULT 'apa' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "research_preferences_style" CHECK (citation_style in ('apa', 'ieee', 'chicago', 'harvard'))
);
--> statement-breakpoint
CREATE TABLE "research_project_papers" (
	"project_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"annotation" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "research_project_papers_project_id_card_id_pk" PRIMARY KEY("project_id","card_id")
);
--> statement-breakpoint
CREATE TABLE "research_projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_key" text NOT NULL,
	"title" text NOT NULL,
	"question" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_key" text NOT NULL,
	"project_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_queue" (
	"profile_key" text NOT NULL,
	"card_id" uuid NOT NULL,
	"status" text DEFAULT 'to-read' NOT NULL,
	"priority" smallint DEFAULT 2 NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "research_queue_profile_key_card_id_pk" PRIMARY KEY("profile_key","card_id"),
	CONSTRAINT "research_queue_status" CHECK (status in ('to-read', 'reading', 'read')),
	CONSTRAINT "research_queue_priority" CHECK (priority between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "research_topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"courses" text[] DEFAULT '{}'::text[] NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "card_links" DROP CONSTRAINT "card_links_kind";--> statement-breakpoint
ALTER TABLE "research_editors" ADD CONSTRAINT "research_editors_profile_key_profiles_key_fk" FOREIGN KEY ("profile_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_editors" ADD CONSTRAINT "research_editors_granted_by_profiles_key_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."profiles"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_list_items" ADD CONSTRAINT "research_list_items_list_id_research_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."research_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_list_items" ADD CONSTRAINT "research_list_items_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_lists" ADD CONSTRAINT "research_lists_topic_id_research_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."research_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_notes" ADD CONSTRAINT "research_notes_owner_key_profiles_key_fk" FOREIGN KEY ("owner_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_notes" ADD CONSTRAINT "research_notes_paper_card_id_cards_id_fk" FOREIGN KEY ("paper_card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_notes" ADD CONSTRAINT "research_notes_published_card_id_cards_id_fk" FOREIGN KEY ("published_card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_preferences" ADD CONSTRAINT "research_preferences_profile_key_profiles_key_fk" FOREIGN KEY ("profile_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_project_papers" ADD CONSTRAINT "research_project_papers_project_id_research_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."research_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_project_papers" ADD CONSTRAINT "research_project_papers_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_projects" ADD CONSTRAINT "research_projects_owner_key_profiles_key_fk" FOREIGN KEY ("owner_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_questions" ADD CONSTRAINT "research_questions_profile_key_profiles_key_fk" FOREIGN KEY ("profile_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_questions" ADD CONSTRAINT "research_questions_project_id_research_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."research_projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_queue" ADD CONSTRAINT "research_queue_profile_key_profiles_key_fk" FOREIGN KEY ("profile_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_queue" ADD CONSTRAINT "research_queue_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_topics" ADD CONSTRAINT "research_topics_created_by_profiles_key_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "research_list_items_card_idx" ON "research_list_items" USING btree ("card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "research_lists_topic_slug_idx" ON "research_lists" USING btree ("topic_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "research_notes_owner_paper_idx" ON "research_notes" USING btree ("owner_key","paper_card_id");--> statement-breakpoint
CREATE INDEX "research_project_papers_card_idx" ON "research_project_papers" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "research_projects_owner_idx" ON "research_projects" USING btree ("owner_key","updated_at");--> statement-breakpoint
CREATE INDEX "research_questions_profile_idx" ON "research_questions" USING btree ("profile_key","created_at");--> statement-breakpoint
CREATE INDEX "research_queue_card_idx" ON "research_queue" USING btree ("card_id","profile_key");--> statement-breakpoint
CREATE UNIQUE INDEX "research_topics_slug_idx" ON "research_topics" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "cards_paper_doi_idx" ON "cards" USING btree (lower("fields" ->> 'doi')) WHERE type = 'paper' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "cards_paper_arxiv_idx" ON "cards" USING btree (cardweb_arxiv_key("fields" ->> 'arxivId')) WHERE type = 'paper' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "cards_paper_title_key_idx" ON "cards" USING btree (cardweb_paper_title_key("title", "fields")) WHERE type = 'paper' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "cards_paper_title_norm_idx" ON "cards" USING btree (cardweb_norm_title("title")) WHERE type = 'paper' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "cards_paper_citation_key_idx" ON "cards" USING btree (("fields" ->> 'citationKey')) WHERE type = 'paper' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "cards_paper_references_idx" ON "cards" USING gin (("fields" -> 'references') jsonb_path_ops) WHERE type = 'paper' and deleted_at is null;--> statement-breakpoint
ALTER TABLE "card_links" ADD CONSTRAINT "card_links_kind" CHECK (kind in ('wiki', 'cites', 'related', 'prerequisite', 'example-of', 'contradicts'));