CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_key" text NOT NULL,
	"action" text NOT NULL,
	"subject_key" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_neighbours" (
	"card_id" uuid NOT NULL,
	"neighbour_id" uuid NOT NULL,
	"score" double precision NOT NULL,
	CONSTRAINT "card_neighbours_card_id_neighbour_id_pk" PRIMARY KEY("card_id","neighbour_id")
);
--> statement-breakpoint
CREATE TABLE "recommendation_feedback" (
	"profile_key" text NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recommendation_feedback_profile_key_kind_target_pk" PRIMARY KEY("profile_key","kind","target"),
	CONSTRAINT "recommendation_feedback_kind" CHECK (kind in ('card', 'author', 'tag', 'mute'))
);
--> statement-breakpoint
CREATE TABLE "recommendation_feeds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"profile_key" text NOT NULL,
	"mode" text NOT NULL,
	"entries" jsonb NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommendation_impressions" (
	"feed_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"profile_key" text NOT NULL,
	"source" text NOT NULL,
	"position" integer NOT NULL,
	"shown_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recommendation_impressions_feed_id_card_id_pk" PRIMARY KEY("feed_id","card_id")
);
--> statement-breakpoint
CREATE TABLE "recommendation_preferences" (
	"profile_key" text PRIMARY KEY NOT NULL,
	"tilt" double precision DEFAULT 0 NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommendation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"weights_version" text NOT NULL,
	"duration_ms" double precision NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recommendation_runs_kind" CHECK (kind in ('neighbours', 'evaluation'))
);
--> statement-breakpoint
CREATE TABLE "tag_stats" (
	"tag" text PRIMARY KEY NOT NULL,
	"cards" integer NOT NULL,
	"pool" uuid[] DEFAULT '{}'::uuid[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recommendation_feedback" ADD CONSTRAINT "recommendation_feedback_profile_key_profiles_key_fk" FOREIGN KEY ("profile_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_feeds" ADD CONSTRAINT "recommendation_feeds_profile_key_profiles_key_fk" FOREIGN KEY ("profile_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_impressions" ADD CONSTRAINT "recommendation_impressions_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_impressions" ADD CONSTRAINT "recommendation_impressions_profile_key_profiles_key_fk" FOREIGN KEY ("profile_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendation_preferences" ADD CONSTRAINT "recommendation_preferences_profile_key_profiles_key_fk" FOREIGN KEY ("profile_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "recommendation_feeds_created_idx" ON "recommendation_feeds" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "recommendation_impressions_profile_idx" ON "recommendation_impressions" USING btree ("profile_key","shown_at");--> statement-breakpoint
CREATE INDEX "recommendation_impressions_shown_idx" ON "recommendation_impressions" USING btree ("shown_at");--> statement-breakpoint
CREATE INDEX "recommendation_impressions_card_idx" ON "recommendation_impressions" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "recommendation_runs_kind_idx" ON "recommendation_runs" USING btree ("kind","created_at");
--> statement-breakpoint
-- A like adds to the neighbour table at once: the new card and each of the person's five previous likes
-- become a little more each other's neighbours (a share of a co-engagement, scaled as the rebuild's cosine
-- is, by the two cards' like counts). The scheduled rebuild recomputes every score and trims each card's list.
CREATE FUNCTION cardweb_neighbours_on_like() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO card_neighbours (card_id, neighbour_id, score)
  SELECT pair.a, pair.b, pair.increment
  FROM (
    SELECT previous.card_id AS other, 1.0 / sqrt((greatest(mine.likes, 0) + 1.0) * (greatest(theirs.likes, 0) + 1.0)) AS increment
    FROM (
      SELECT card_id FROM card_likes
      WHERE profile_key = NEW.profile_key AND card_id <> NEW.card_id
      ORDER BY created_at DESC LIMIT 5
    ) previous
    JOIN cards mine ON mine.id = NEW.card_id
    JOIN cards theirs ON theirs.id = previous.card_id
  ) recent
  CROSS JOIN LATERAL (VALUES (NEW.card_id, recent.other, recent.increment), (recent.other, NEW.card_id, recent.increment)) AS pair(a, b, increment)
  ON CONFLICT (card_id, neighbour_id) DO UPDATE SET score = card_neighbours.score + EXCLUDED.score;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER card_likes_neighbours AFTER INSERT ON card_likes FOR EACH ROW EXECUTE FUNCTION cardweb_neighbours_on_like();
