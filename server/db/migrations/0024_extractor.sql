CREATE TABLE "extraction_parts" (
	"result_key" text NOT NULL,
	"index" integer NOT NULL,
	"text" text NOT NULL,
	"tokens" integer NOT NULL,
	"chars" integer NOT NULL,
	"files" integer NOT NULL,
	"first_file" text,
	"last_file" text,
	CONSTRAINT "extraction_parts_result_key_index_pk" PRIMARY KEY("result_key","index")
);
--> statement-breakpoint
CREATE TABLE "extraction_results" (
	"key" text PRIMARY KEY NOT NULL,
	"summary" jsonb NOT NULL,
	"secrets" jsonb NOT NULL,
	"secret_count" integer NOT NULL,
	"modules" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extractions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_key" text NOT NULL,
	"job_id" uuid NOT NULL,
	"source" jsonb NOT NULL,
	"mode" text NOT NULL,
	"options" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error_code" text,
	"ref" text,
	"commit" text,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"preview" jsonb,
	"result_key" text,
	"cached" boolean DEFAULT false NOT NULL,
	"cards" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "extractions_mode" CHECK (mode in ('preview', 'document')),
	CONSTRAINT "extractions_status" CHECK (status in ('queued', 'running', 'succeeded', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "extractor_uploads" (
	"owner_key" text NOT NULL,
	"sha256" text NOT NULL,
	"name" text NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "extractor_uploads_owner_key_sha256_pk" PRIMARY KEY("owner_key","sha256")
);
--> statement-breakpoint
ALTER TABLE "extraction_parts" ADD CONSTRAINT "extraction_parts_result_key_extraction_results_key_fk" FOREIGN KEY ("result_key") REFERENCES "public"."extraction_results"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extractions" ADD CONSTRAINT "extractions_owner_key_profiles_key_fk" FOREIGN KEY ("owner_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extractions" ADD CONSTRAINT "extractions_result_key_extraction_results_key_fk" FOREIGN KEY ("result_key") REFERENCES "public"."extraction_results"("key") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extractor_uploads" ADD CONSTRAINT "extractor_uploads_owner_key_profiles_key_fk" FOREIGN KEY ("owner_key") REFERENCES "public"."profiles"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extractions_owner_created_idx" ON "extractions" USING btree ("owner_key","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "extractions_result_idx" ON "extractions" USING btree ("result_key");