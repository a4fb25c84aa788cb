-- #general: the public channel everyone is in, so Confer is not empty for someone new. Its welcome post is
-- written by CARD WEB itself, a system account (no password, role 'system') that is clearly not a person.
-- Another engineer's 0011 (jobs) comes before this one; it only needs renumbering at merge.
INSERT INTO "users" ("id", "name", "email", "email_verified", "role")
VALUES ('cardweb-system', 'CARD WEB', 'system@cardweb.invalid', true, 'system')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The handle `cardweb` unless someone already has it.
INSERT INTO "profiles" ("key", "user_id", "handle", "display_name", "bio")
SELECT 'cardweb-system', 'cardweb-system',
  CASE WHEN EXISTS (SELECT 1 FROM "profiles" WHERE lower("handle") = 'cardweb') THEN 'cardweb_system' ELSE 'cardweb' END,
  'CARD WEB', 'The product itself: welcome posts and announcements. Not a person; it reads no messages.'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A public channel named general already made by someone is used as it is; otherwise it is created.
INSERT INTO "conversations" ("kind", "name", "topic", "owner_key")
VALUES ('channel', 'general', 'Everyone on CARD WEB is here: say hello, ask anything about cards and Confer.', 'cardweb-system')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
WITH "general" AS (
  UPDATE "conversations" SET "last_seq" = "last_seq" + 1, "last_message_at" = now(), "updated_at" = now()
  WHERE "kind" = 'channel' AND "name" = 'general'
  RETURNING "id", "last_seq"
)
INSERT INTO "messages" ("conversation_id", "seq", "change_seq", "author_key", "body")
SELECT "id", "last_seq", "last_seq", 'cardweb-system',
  E'**Welcome to Confer**, the chat of CARD WEB. 👋\n\n' ||
  E'This is **#general**: everyone is in it. Say hello, ask how something works, or share a card by pasting its link (`/cards/…`); it shows up as a preview right in the message.\n\n' ||
  E'- **Channels** are open conversations on one topic: browse them with the + next to Channels, or start one.\n' ||
  E'- **Direct messages** are for one person or a small group.\n' ||
  E'- Reply in a **thread** to keep a side conversation together, and react to say thanks without a message.\n\n' ||
  E'The guide has more: [how Confer works](/document#confer).'
FROM "general";
--> statement-breakpoint
INSERT INTO "conversation_members" ("conversation_id", "profile_key")
SELECT "conversations"."id", "profiles"."key"
FROM "conversations" CROSS JOIN "profiles"
WHERE "conversations"."kind" = 'channel' AND "conversations"."name" = 'general' AND "profiles"."key" <> 'cardweb-system'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Everyone who signs up joins it: the profile is created by sign-up (and by the demo seed), so a trigger on
-- profiles covers every way in, without the identity code knowing about Confer. An archived #general is left.
CREATE FUNCTION "cardweb_join_general"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "conversation_members" ("conversation_id", "profile_key")
  SELECT "id", NEW."key" FROM "conversations"
  WHERE "kind" = 'channel' AND "name" = 'general' AND "archived_at" IS NULL
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "profiles_join_general" AFTER INSERT ON "profiles"
FOR EACH ROW WHEN (NEW."key" <> 'cardweb-system') EXECUTE FUNCTION "cardweb_join_general"();
