-- Each version keeps the visibility it was published with (decision 014). What older versions were published
-- under was never stored, so the only safe value is the most restrictive: every existing version is private
-- except the card's latest, which is its live content and so carries the card's current visibility.
ALTER TABLE "card_versions" ADD COLUMN "visibility" text DEFAULT 'private' NOT NULL;--> statement-breakpoint
UPDATE "card_versions" SET "visibility" = "cards"."visibility" FROM "cards" WHERE "cards"."id" = "card_versions"."card_id" AND "cards"."version" = "card_versions"."version";--> statement-breakpoint
ALTER TABLE "card_versions" ALTER COLUMN "visibility" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "card_versions" ADD CONSTRAINT "card_versions_visibility" CHECK (visibility in ('public', 'unlisted', 'private'));
