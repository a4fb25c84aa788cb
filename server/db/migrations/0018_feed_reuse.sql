CREATE TABLE "recommendation_signal_versions" (
	"profile_key" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recommendation_feeds" ADD COLUMN "signals_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "recommendation_feeds_profile_idx" ON "recommendation_feeds" USING btree ("profile_key","created_at");--> statement-breakpoint
-- Moves the counter of the people named by the columns given as the trigger's arguments: a list computed
-- before the change is then no longer served to them again (see recommendation_feeds.signals_version).
CREATE FUNCTION cardweb_feed_signals_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb := CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END;
  key_column text;
BEGIN
  FOREACH key_column IN ARRAY TG_ARGV LOOP
    INSERT INTO recommendation_signal_versions (profile_key, version) VALUES (changed->>key_column, 1)
    ON CONFLICT (profile_key) DO UPDATE SET version = recommendation_signal_versions.version + 1;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER card_likes_feed_signals AFTER INSERT OR DELETE ON card_likes
  FOR EACH ROW EXECUTE FUNCTION cardweb_feed_signals_changed('profile_key');
--> statement-breakpoint
CREATE TRIGGER follows_feed_signals AFTER INSERT OR DELETE ON follows
  FOR EACH ROW EXECUTE FUNCTION cardweb_feed_signals_changed('follower_key');
--> statement-breakpoint
CREATE TRIGGER blocks_feed_signals AFTER INSERT OR DELETE ON blocks
  FOR EACH ROW EXECUTE FUNCTION cardweb_feed_signals_changed('blocker_key', 'blocked_key');
--> statement-breakpoint
CREATE TRIGGER recommendation_feedback_feed_signals AFTER INSERT OR UPDATE OR DELETE ON recommendation_feedback
  FOR EACH ROW EXECUTE FUNCTION cardweb_feed_signals_changed('profile_key');
--> statement-breakpoint
CREATE TRIGGER recommendation_preferences_feed_signals AFTER INSERT OR UPDATE OR DELETE ON recommendation_preferences
  FOR EACH ROW EXECUTE FUNCTION cardweb_feed_signals_changed('profile_key');
