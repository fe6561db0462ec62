CREATE TABLE "duplicate_dismissals" (
	"member_a_id" integer NOT NULL,
	"member_b_id" integer NOT NULL,
	"dismissed_by" integer NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_dismissals_member_a_id_member_b_id_pk" PRIMARY KEY("member_a_id","member_b_id"),
	CONSTRAINT "duplicate_dismissals_order" CHECK ("duplicate_dismissals"."member_a_id" < "duplicate_dismissals"."member_b_id")
);
--> statement-breakpoint
CREATE TABLE "member_merges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"survivor_id" integer NOT NULL,
	"merged_id" integer NOT NULL,
	"before" jsonb NOT NULL,
	"actor_id" integer NOT NULL,
	"acting_org_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" integer
);
--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "merge_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "member_merges_live_merged" ON "member_merges" USING btree ("merged_id") WHERE "member_merges"."undone_at" is null;--> statement-breakpoint
CREATE INDEX "member_merges_survivor_idx" ON "member_merges" USING btree ("survivor_id");--> statement-breakpoint
CREATE INDEX "audit_merge_idx" ON "audit_entries" USING btree ("merge_id");