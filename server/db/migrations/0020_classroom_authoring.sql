CREATE TABLE "course_drafts" (
	"course_id" uuid PRIMARY KEY NOT NULL,
	"content" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "instructor_grants" (
	"profile_key" text PRIMARY KEY NOT NULL,
	"granted_by" text,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_enrolments" ADD COLUMN "left_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_drafts" ADD CONSTRAINT "course_drafts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_drafts" ADD CONSTRAINT "course_drafts_updated_by_profiles_key_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_grants" ADD CONSTRAINT "instructor_grants_profile_key_profiles_key_fk" FOREIGN KEY ("profile_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instructor_grants" ADD CONSTRAINT "instructor_grants_granted_by_profiles_key_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."profiles"("key") ON DELETE set null ON UPDATE no action;