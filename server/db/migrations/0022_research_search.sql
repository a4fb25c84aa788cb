-- A paper's year as a number, or null when its fields hold none (or something else): the research centre
-- sorts and filters by it, and its indexes hold it.
CREATE FUNCTION "cardweb_paper_year"(jsonb) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN $1 ->> 'year' ~ '^-?[0-9]{1,4}$' THEN ($1 ->> 'year')::integer END;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "readers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "cards_paper_readers_idx" ON "cards" USING btree ("readers" DESC NULLS LAST,cardweb_paper_year("fields") desc nulls last,"title","id") WHERE type = 'paper' and status = 'published' and visibility = 'public' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "cards_paper_year_idx" ON "cards" USING btree (cardweb_paper_year("fields") desc nulls last,"title","id") WHERE type = 'paper' and status = 'published' and visibility = 'public' and deleted_at is null;--> statement-breakpoint
-- cards.readers counts the reading queues holding the paper. A queue entry is only ever added or removed (a
-- change of step or priority updates the row, not its card), so these two keep it exact.
CREATE FUNCTION "cardweb_count_paper_readers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "cards" SET "readers" = "readers" + 1 WHERE "id" = NEW."card_id";
  ELSE
    UPDATE "cards" SET "readers" = "readers" - 1 WHERE "id" = OLD."card_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "research_queue_paper_readers" AFTER INSERT OR DELETE ON "research_queue"
FOR EACH ROW EXECUTE FUNCTION "cardweb_count_paper_readers"();--> statement-breakpoint
UPDATE "cards" SET "readers" = "queued"."n"
FROM (SELECT "card_id", count(*)::integer AS "n" FROM "research_queue" GROUP BY "card_id") AS "queued"
WHERE "cards"."id" = "queued"."card_id";
