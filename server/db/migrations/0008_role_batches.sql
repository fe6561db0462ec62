CREATE TABLE "role_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"assigned" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "function_assignments" ADD COLUMN "batch_id" text;--> statement-breakpoint
ALTER TABLE "role_batches" ADD CONSTRAINT "role_batches_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fa_batch_idx" ON "function_assignments" USING btree ("batch_id");