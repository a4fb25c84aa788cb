ALTER INDEX "cards_search_idx" SET (gin_pending_list_limit=256);--> statement-breakpoint
DROP INDEX "cards_search_head_idx";--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "search_head" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', cardweb_unaccent(title)), 'A') || setweight(to_tsvector('simple', cardweb_tags_text(tags)), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "cards_search_head_idx" ON "cards" USING gin ("search_head") WITH (fastupdate=false) WHERE status = 'published' and visibility = 'public' and deleted_at is null;
