CREATE TABLE "card_sources" (
	"card_id" uuid PRIMARY KEY NOT NULL,
	"document_id" uuid,
	"highlight_id" uuid,
	"page" integer NOT NULL,
	"paper_title" text NOT NULL,
	"citation" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pdf_collection_items" (
	"collection_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	CONSTRAINT "pdf_collection_items_collection_id_document_id_pk" PRIMARY KEY("collection_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "pdf_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_key" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pdf_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_key" text NOT NULL,
	"file_hash" text NOT NULL,
	"file_name" text NOT NULL,
	"byte_size" integer NOT NULL,
	"page_count" integer NOT NULL,
	"title" text NOT NULL,
	"authors" text[] DEFAULT '{}'::text[] NOT NULL,
	"year" integer,
	"doi" text,
	"arxiv_id" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'to-read' NOT NULL,
	"last_page" integer DEFAULT 1 NOT NULL,
	"text_status" text DEFAULT 'pending' NOT NULL,
	"paper_card_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	CONSTRAINT "pdf_documents_status" CHECK (status in ('to-read', 'reading', 'read')),
	CONSTRAINT "pdf_documents_text_status" CHECK (text_status in ('pending', 'extracted', 'no-text', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "pdf_highlights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"page" integer NOT NULL,
	"color" text NOT NULL,
	"quote" text NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"suffix" text DEFAULT '' NOT NULL,
	"rects" jsonb NOT NULL,
	"note" text,
	"card_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pdf_highlights_color" CHECK (color in ('yellow', 'green', 'blue', 'pink', 'purple'))
);
--> statement-breakpoint
CREATE TABLE "pdf_library_settings" (
	"profile_key" text PRIMARY KEY NOT NULL,
	"make_card_as" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pdf_library_settings_make_card_as" CHECK (make_card_as in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "pdf_pages" (
	"document_id" uuid NOT NULL,
	"owner_key" text NOT NULL,
	"page" integer NOT NULL,
	"text" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', cardweb_unaccent(text))) STORED,
	CONSTRAINT "pdf_pages_document_id_page_pk" PRIMARY KEY("document_id","page")
);
--> statement-breakpoint
ALTER TABLE "card_sources" ADD CONSTRAINT "card_sources_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_sources" ADD CONSTRAINT "card_sources_document_id_pdf_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."pdf_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_sources" ADD CONSTRAINT "card_sources_highlight_id_pdf_highlights_id_fk" FOREIGN KEY ("highlight_id") REFERENCES "public"."pdf_highlights"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_collection_items" ADD CONSTRAINT "pdf_collection_items_collection_id_pdf_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."pdf_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_collection_items" ADD CONSTRAINT "pdf_collection_items_document_id_pdf_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."pdf_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_collections" ADD CONSTRAINT "pdf_collections_owner_key_profiles_key_fk" FOREIGN KEY ("owner_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_documents" ADD CONSTRAINT "pdf_documents_owner_key_profiles_key_fk" FOREIGN KEY ("owner_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_documents" ADD CONSTRAINT "pdf_documents_paper_card_id_cards_id_fk" FOREIGN KEY ("paper_card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_highlights" ADD CONSTRAINT "pdf_highlights_document_id_pdf_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."pdf_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_highlights" ADD CONSTRAINT "pdf_highlights_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_library_settings" ADD CONSTRAINT "pdf_library_settings_profile_key_profiles_key_fk" FOREIGN KEY ("profile_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_pages" ADD CONSTRAINT "pdf_pages_document_id_pdf_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."pdf_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_sources_document_idx" ON "card_sources" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "pdf_collection_items_document_idx" ON "pdf_collection_items" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pdf_collections_owner_name_idx" ON "pdf_collections" USING btree ("owner_key",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "pdf_documents_owner_hash_idx" ON "pdf_documents" USING btree ("owner_key","file_hash");--> statement-breakpoint
CREATE INDEX "pdf_documents_owner_created_idx" ON "pdf_documents" USING btree ("owner_key","created_at");--> statement-breakpoint
CREATE INDEX "pdf_documents_hash_idx" ON "pdf_documents" USING btree ("file_hash");--> statement-breakpoint
CREATE INDEX "pdf_documents_paper_card_idx" ON "pdf_documents" USING btree ("paper_card_id");--> statement-breakpoint
CREATE INDEX "pdf_highlights_document_idx" ON "pdf_highlights" USING btree ("document_id","page");--> statement-breakpoint
CREATE INDEX "pdf_highlights_card_idx" ON "pdf_highlights" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "pdf_pages_search_idx" ON "pdf_pages" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "pdf_pages_owner_idx" ON "pdf_pages" USING btree ("owner_key");