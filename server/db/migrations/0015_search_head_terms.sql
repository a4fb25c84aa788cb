CREATE TABLE "search_head_terms" (
	"lexeme" text NOT NULL,
	"card_id" uuid NOT NULL,
	"rank" real NOT NULL,
	"published_at" timestamp with time zone,
	"author_key" text NOT NULL,
	CONSTRAINT "search_head_terms_card_id_lexeme_pk" PRIMARY KEY("card_id","lexeme")
);
--> statement-breakpoint
ALTER TABLE "search_head_terms" ADD CONSTRAINT "search_head_terms_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_head_terms_rank_idx" ON "search_head_terms" USING btree ("lexeme","rank" DESC NULLS LAST,"published_at" DESC NULLS LAST,"card_id" DESC NULLS LAST,"author_key");--> statement-breakpoint
-- The first tier's rank of a card for a query: one home for its weights ({D, C, B, A}), used by search and by
-- the posting lists below, which must agree with it.
CREATE FUNCTION "cardweb_search_head_rank"(tsvector, tsquery) RETURNS real LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ts_rank('{0.1, 0.1, 0.4, 1.0}', $1, $2)
$$;
--> statement-breakpoint
-- The query for one lexeme as it is: quoted (quotes doubled, backslashes escaped) so tsquery's parser
-- neither splits nor normalises it.
CREATE FUNCTION "cardweb_lexeme_query"(text) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ('''' || replace(replace($1, '\', '\\'), '''', '''''') || '''')::tsquery
$$;
--> statement-breakpoint
-- Each lexeme of a title and tags vector with the rank the vector has for that lexeme alone.
CREATE FUNCTION "cardweb_search_head_terms"(tsvector) RETURNS TABLE ("lexeme" text, "rank" real)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT t.lexeme, cardweb_search_head_rank($1, cardweb_lexeme_query(t.lexeme)) FROM unnest($1) AS t
$$;
--> statement-breakpoint
-- Cards inserted listed (the demo seed, imports): one statement's cards at once.
CREATE FUNCTION "cardweb_search_head_terms_of_new_cards"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_head_terms" ("lexeme", "card_id", "rank", "published_at", "author_key")
  SELECT t.lexeme, c."id", t.rank, c."published_at", c."author_key"
  FROM "new_cards" AS c, cardweb_search_head_terms(c."search_head") AS t
  WHERE c."status" = 'published' AND c."visibility" = 'public' AND c."deleted_at" IS NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cards_search_head_terms_insert" AFTER INSERT ON "cards"
REFERENCING NEW TABLE AS "new_cards" FOR EACH STATEMENT EXECUTE FUNCTION "cardweb_search_head_terms_of_new_cards"();
--> statement-breakpoint
-- A card whose title, tags, publication or listing changes: its rows again, or none once it is not listed.
CREATE FUNCTION "cardweb_search_head_terms_of_card"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "search_head_terms" WHERE "card_id" = OLD."id";
  IF NEW."status" = 'published' AND NEW."visibility" = 'public' AND NEW."deleted_at" IS NULL THEN
    INSERT INTO "search_head_terms" ("lexeme", "card_id", "rank", "published_at", "author_key")
    SELECT t.lexeme, NEW."id", t.rank, NEW."published_at", NEW."author_key"
    FROM cardweb_search_head_terms(NEW."search_head") AS t;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Likes, views and trending scores, the most frequent updates, touch none of these columns and do not fire it.
CREATE TRIGGER "cards_search_head_terms_update"
AFTER UPDATE OF "title", "tags", "status", "visibility", "deleted_at", "published_at", "author_key" ON "cards"
FOR EACH ROW WHEN (
  OLD."search_head" IS DISTINCT FROM NEW."search_head" OR OLD."status" IS DISTINCT FROM NEW."status"
  OR OLD."visibility" IS DISTINCT FROM NEW."visibility" OR OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at"
  OR OLD."published_at" IS DISTINCT FROM NEW."published_at" OR OLD."author_key" IS DISTINCT FROM NEW."author_key"
) EXECUTE FUNCTION "cardweb_search_head_terms_of_card"();
--> statement-breakpoint
INSERT INTO "search_head_terms" ("lexeme", "card_id", "rank", "published_at", "author_key")
SELECT t.lexeme, c."id", t.rank, c."published_at", c."author_key"
FROM "cards" AS c, cardweb_search_head_terms(c."search_head") AS t
WHERE c."status" = 'published' AND c."visibility" = 'public' AND c."deleted_at" IS NULL;
