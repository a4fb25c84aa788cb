CREATE TABLE "follows" (
	"follower_key" text NOT NULL,
	"followee_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_key_followee_key_pk" PRIMARY KEY("follower_key","followee_key"),
	CONSTRAINT "follows_not_self" CHECK ("follows"."follower_key" <> "follows"."followee_key")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"handle" text NOT NULL,
	"display_name" text,
	"email" text,
	"photo_url" text,
	"rank" text DEFAULT 'B' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"phone_number" text,
	"country" text,
	"following" integer DEFAULT 0 NOT NULL,
	"followers" integer DEFAULT 0 NOT NULL,
	"cards" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"is_subscribed" boolean DEFAULT false NOT NULL,
	"subscribed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_userId_unique" UNIQUE("user_id"),
	CONSTRAINT "profiles_handle_unique" UNIQUE("handle")
);
--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_key_profiles_key_fk" FOREIGN KEY ("follower_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_followee_key_profiles_key_fk" FOREIGN KEY ("followee_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follows_followee_idx" ON "follows" USING btree ("followee_key");