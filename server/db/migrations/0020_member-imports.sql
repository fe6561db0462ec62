CREATE TABLE "member_import_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"verdict" text NOT NULL,
	"member_id" integer NOT NULL,
	"assignment_id" integer,
	"before" jsonb,
	"updated_at_after" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"plan_id" text NOT NULL,
	"file_name" text NOT NULL,
	"counts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"import_day" text NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" integer
);
--> statement-breakpoint
ALTER TABLE "member_import_rows" ADD CONSTRAINT "member_import_rows_import_id_member_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."member_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_imports" ADD CONSTRAINT "member_imports_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_import_rows_import_idx" ON "member_import_rows" USING btree ("import_id");