CREATE TABLE "title_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "title_words_trgm_idx" ON "title_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The words of a title as typo tolerance compares them: folded as search folds text, split on anything that is
-- not a letter or a digit.
CREATE FUNCTION "cardweb_title_words"(text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(cardweb_unaccent($1)), '[^[:alnum:]]+') AS w WHERE w <> ''
$$;
--> statement-breakpoint
-- Cards inserted listed (the demo seed, imports): one statement's new words at once. Sorted, so two
-- transactions adding the same new words take their locks in the same order.
CREATE FUNCTION "cardweb_title_words_of_new_cards"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "title_words" ("word")
  SELECT DISTINCT w FROM "new_cards", cardweb_title_words("new_cards"."title") AS w
  WHERE "new_cards"."status" = 'published' AND "new_cards"."visibility" = 'public' AND "new_cards"."deleted_at" IS NULL
  ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cards_title_words_insert" AFTER INSERT ON "cards"
REFERENCING NEW TABLE AS "new_cards" FOR EACH STATEMENT EXECUTE FUNCTION "cardweb_title_words_of_new_cards"();
--> statement-breakpoint
-- A card that becomes listed, or a listed card whose title changes (likes, views and trending scores, the
-- most frequent updates, touch none of these columns and do not fire it).
CREATE FUNCTION "cardweb_title_words_of_card"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "title_words" ("word") SELECT w FROM cardweb_title_words(NEW."title") AS w ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cards_title_words_update" AFTER UPDATE OF "title", "status", "visibility", "deleted_at" ON "cards"
FOR EACH ROW WHEN (
  NEW."status" = 'published' AND NEW."visibility" = 'public' AND NEW."deleted_at" IS NULL
  AND (OLD."title" IS DISTINCT FROM NEW."title"
       OR NOT (OLD."status" = 'published' AND OLD."visibility" = 'public' AND OLD."deleted_at" IS NULL))
) EXECUTE FUNCTION "cardweb_title_words_of_card"();
--> statement-breakpoint
INSERT INTO "title_words" ("word")
SELECT DISTINCT w FROM "cards", cardweb_title_words("cards"."title") AS w
WHERE "cards"."status" = 'published' AND "cards"."visibility" = 'public' AND "cards"."deleted_at" IS NULL
ORDER BY 1
ON CONFLICT DO NOTHING;
